import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@annasetu/domain';
import en from '../../../../public/locales/en/translation.json';
import te from '../../../../public/locales/te/translation.json';
import { jsonResponse, mockApi } from '../../../testing/fetch-mock';
import { makeUser } from '../../../testing/fixtures';
import { renderApp, renderWithProviders } from '../../../testing/render';
import { CHAT_GREETINGS } from '../lib/greetings';
import { ChatWindow } from './chat-window';

const USER_ID = 'user-1';

/** A fetch that answers /api/chat with whatever the test hands it, when the test says so. */
function controlledChat() {
  const bodies: unknown[] = [];
  const headers: Array<Record<string, string>> = [];
  let release: (response: Response) => void = () => {};
  const fetchMock = vi.fn((_input: RequestInfo | URL, init: RequestInit = {}) => {
    bodies.push(JSON.parse(String(init.body)));
    headers.push({ ...(init.headers as Record<string, string>) });
    return new Promise<Response>((resolve) => {
      release = resolve;
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, bodies, headers, reply: (response: Response) => release(response) };
}

function renderChat(language = 'en') {
  return renderWithProviders(<ChatWindow userId={USER_ID} />, {
    language,
    resources: { en: { translation: en }, te: { translation: te } },
  });
}

const log = () => screen.getByRole('log', { name: 'Conversation' });
const input = () => screen.getByLabelText('Your message');

async function ask(text: string) {
  const user = userEvent.setup();
  await user.type(input(), text);
  await user.click(screen.getByRole('button', { name: 'Send' }));
  return user;
}

async function errorShownFor(response: Response | Error): Promise<string> {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => (response instanceof Error ? Promise.reject(response) : Promise.resolve(response))),
  );
  renderChat();
  await ask('How do I donate food?');
  const line = await within(log()).findByText(/^Error: /);
  return line.textContent ?? '';
}

beforeEach(() => window.sessionStorage.clear());
afterEach(() => window.sessionStorage.clear());

describe('the chat window', () => {
  it('greets first, offers the eight languages in their own scripts and example questions', () => {
    mockApi({});
    renderChat();
    expect(within(log()).getByText(CHAT_GREETINGS.en)).toHaveAttribute('lang', 'en');
    const select = screen.getByLabelText('Reply language');
    expect(select).toHaveValue('en');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English', 'हिन्दी', 'తెలుగు', 'தமிழ்', 'ಕನ್ನಡ', 'मराठी', 'বাংলা', 'ਪੰਜਾਬੀ']);
    const examples = screen.getByRole('group', { name: 'Example questions' });
    expect(within(examples).getAllByRole('button')).toHaveLength(3);
  });

  it("offers example questions about the asker's own work: donating, picking up or requesting", () => {
    mockApi({});
    const examplesFor = (role: Role) => {
      const view = renderWithProviders(<ChatWindow userId={USER_ID} role={role} />, {
        language: 'en',
        resources: { en: { translation: en } },
      });
      const examples = screen.getByRole('group', { name: 'Example questions' });
      const names = within(examples)
        .getAllByRole('button')
        .map((b) => b.textContent);
      view.unmount();
      return names;
    };
    const { suggestions } = en.chat;
    expect(examplesFor('restaurant')).toEqual([
      suggestions.howToDonate,
      suggestions.foodSafety,
      suggestions.myTokens,
    ]);
    expect(examplesFor('volunteer')).toEqual([
      suggestions.howToGrab,
      suggestions.foodSafety,
      suggestions.myTokens,
    ]);
    expect(examplesFor('foodbank')).toEqual([
      suggestions.howToRequest,
      suggestions.nearby,
      suggestions.foodSafety,
    ]);
    for (const role of ['nursery', 'poultry'] as const) {
      expect(examplesFor(role)).toEqual([
        suggestions.whatFarmsReceive,
        suggestions.howToRequest,
        suggestions.nearby,
      ]);
    }
  });

  it('greets in the chosen language, Tamil included, and asks in it', async () => {
    const { calls } = mockApi({ 'POST /api/chat': { body: { reply: 'நன்கொடை பக்கத்தில்…' } } });
    renderChat();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Reply language'), 'ta');
    expect(within(log()).getByText(CHAT_GREETINGS.ta)).toHaveAttribute('lang', 'ta');
    await ask('உணவை எப்படி தானம் செய்வது?');
    expect(await within(log()).findByText('நன்கொடை பக்கத்தில்…')).toHaveAttribute('lang', 'ta');
    expect(calls[0]?.body).toEqual({ message: 'உணவை எப்படி தானம் செய்வது?', language: 'ta' });
  });

  it('ignores an empty or whitespace-only message', async () => {
    const { fetchMock } = mockApi({});
    renderChat();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.type(input(), '    {Enter}');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(within(log()).queryByTestId('chat-user')).not.toBeInTheDocument();
    expect(within(log()).queryByTestId('chat-typing')).not.toBeInTheDocument();
  });

  it('offers the closest questions as buttons when unsure, and tapping one asks it', async () => {
    const suggestions = ['How do I donate food?', 'How do tokens work?', 'What is AnnaSetu?'];
    const { calls } = mockApi({
      'POST /api/chat': {
        body: {
          reply: ['I am not sure I understood that.', ...suggestions.map((q) => `• ${q}`)].join(
            '\n',
          ),
          suggestions,
        },
      },
    });
    renderChat();
    const user = await ask('zzqx blorp');
    const offered = await screen.findByRole('group', { name: 'Did you mean' });
    expect(
      within(offered)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(suggestions);
    // The reply's text no longer repeats the questions the buttons show.
    expect(within(log()).getAllByTestId('chat-bot').at(-1)).toHaveTextContent(
      /^Assistant said: I am not sure I understood that\.$/,
    );
    await user.click(within(offered).getByRole('button', { name: 'How do tokens work?' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toEqual({ message: 'How do tokens work?', language: 'en' });
    expect(within(log()).getAllByTestId('chat-user').at(-1)).toHaveTextContent(
      'How do tokens work?',
    );
  });

  it('sends the trimmed message with the CSRF header, shows it is typing, then the reply', async () => {
    document.cookie = 'csrf_token=abc123; path=/';
    const chat = controlledChat();
    renderChat();
    await ask('  How do I donate food?  ');
    expect(chat.bodies).toEqual([{ message: 'How do I donate food?', language: 'en' }]);
    expect(chat.headers[0]?.['X-CSRF-Token']).toBe('abc123');
    expect(within(log()).getByTestId('chat-user')).toHaveTextContent('How do I donate food?');
    expect(within(log()).getByTestId('chat-typing')).toHaveTextContent(
      'The assistant is writing a reply…',
    );
    expect(input()).toHaveValue('');
    chat.reply(jsonResponse(200, { reply: 'Open Donations and press Create.' }));
    expect(await within(log()).findByText('Open Donations and press Create.')).toBeVisible();
    expect(within(log()).queryByTestId('chat-typing')).not.toBeInTheDocument();
    // The examples go once a question has been asked.
    expect(screen.queryByRole('group', { name: 'Example questions' })).not.toBeInTheDocument();
  });

  it('blocks a second send while a reply is pending, then allows it', async () => {
    const chat = controlledChat();
    renderChat();
    const user = await ask('First question');
    await user.type(input(), 'Second question');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.keyboard('{Enter}');
    expect(chat.fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('aria-disabled', 'true');
    // What was typed is kept for when the reply has come.
    expect(input()).toHaveValue('Second question');

    chat.reply(jsonResponse(200, { reply: 'First answer' }));
    await within(log()).findByText('First answer');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(chat.fetchMock).toHaveBeenCalledTimes(2);
    expect(chat.bodies[1]).toEqual({ message: 'Second question', language: 'en' });
  });

  it('blocks a second suggestion while the first is pending', async () => {
    const chat = controlledChat();
    renderChat();
    const user = userEvent.setup();
    const examples = screen.getByRole('group', { name: 'Example questions' });
    const [first, second] = within(examples).getAllByRole('button');
    await user.click(first!);
    await user.click(second!);
    expect(chat.fetchMock).toHaveBeenCalledTimes(1);
    expect(chat.bodies[0]).toEqual({ message: 'How do I donate leftover food?', language: 'en' });
  });

  it('shows a JSON error body translated by its code', async () => {
    const text = await errorShownFor(
      jsonResponse(429, { error: 'Rate limit exceeded, retry in 1 minute', code: 'RATE_LIMITED' }),
    );
    expect(text).toBe('Error: Too many requests. Please wait a moment and try again.');
  });

  it("shows a JSON error body's own error when its code has no translation", async () => {
    const text = await errorShownFor(
      jsonResponse(500, { error: 'The assistant is resting.', code: 'SOMETHING_NEW' }),
    );
    expect(text).toBe('Error: The assistant is resting.');
  });

  it('shows a seed-shaped {error} body as it is', async () => {
    const text = await errorShownFor(jsonResponse(400, { error: 'Message is required' }));
    expect(text).toBe('Error: Message is required');
  });

  it('names the refused field problem of a validation error', async () => {
    const text = await errorShownFor(
      jsonResponse(400, {
        error: 'Some fields are missing or invalid.',
        code: 'VALIDATION_FAILED',
        details: [{ field: 'message', code: 'TEXT_MARKUP_NOT_ALLOWED', message: 'x' }],
      }),
    );
    expect(text).toBe('Error: Please use plain text without HTML tags.');
  });

  it('shows "An unknown API error occurred." for a JSON error body without a message', async () => {
    const text = await errorShownFor(jsonResponse(500, { status: 'failed' }));
    expect(text).toBe('Error: An unknown API error occurred.');
  });

  it('shows the connection message for a body that is not JSON', async () => {
    const text = await errorShownFor(
      new Response('<html><body>502 Bad Gateway</body></html>', {
        status: 502,
        headers: { 'Content-Type': 'text/html' },
      }),
    );
    expect(text).toBe("Error: Could not connect to the API server. Please ensure it's running.");
  });

  it('shows the connection message when the network fails', async () => {
    const text = await errorShownFor(new TypeError('Failed to fetch'));
    expect(text).toBe("Error: Could not connect to the API server. Please ensure it's running.");
  });

  it('keeps the conversation and the chosen language for the browser session', async () => {
    mockApi({ 'POST /api/chat': { body: { reply: 'मेरा जवाब' } } });
    const first = renderChat();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Reply language'), 'hi');
    await ask('khana kaise donate karu');
    await within(log()).findByText('मेरा जवाब');
    first.unmount();

    renderChat();
    expect(screen.getByLabelText('Reply language')).toHaveValue('hi');
    expect(within(log()).getByText('khana kaise donate karu')).toHaveAttribute('lang', 'hi-Latn');
    expect(within(log()).getByText('मेरा जवाब')).toHaveAttribute('lang', 'hi');
    // A new conversation starts again from the greeting.
    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(within(log()).queryByTestId('chat-user')).not.toBeInTheDocument();
    expect(within(log()).getByText(CHAT_GREETINGS.hi)).toBeVisible();
  });

  it("forgets another user's conversation kept in the same tab", () => {
    window.sessionStorage.setItem(
      'annasetu.chat.someone-else',
      JSON.stringify({ entries: [{ id: '1', sender: 'user', text: 'Their secret', lang: 'en' }] }),
    );
    mockApi({});
    renderChat();
    expect(within(log()).queryByText('Their secret')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('annasetu.chat.someone-else')).toBeNull();
  });

  it('follows a Telugu interface: Telugu greeting and errors in Telugu', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderChat('te');
    const select = screen.getByLabelText('సమాధానం భాష');
    expect(select).toHaveValue('te');
    const logTe = screen.getByRole('log', { name: 'సంభాషణ' });
    expect(within(logTe).getByText(CHAT_GREETINGS.te)).toHaveAttribute('lang', 'te');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('మీ సందేశం'), 'ఆహారం ఎలా దానం చేయాలి?{Enter}');
    const line = await within(logTe).findByText(/^లోపం: /);
    expect(line).toHaveTextContent('లోపం: సహాయక సర్వర్‌కు కనెక్ట్ కాలేకపోయాం. దయచేసి అది నడుస్తోందని నిర్ధారించుకోండి.');
    expect(line).toHaveAttribute('lang', 'te');
    expect(within(logTe).getByText('ఆహారం ఎలా దానం చేయాలి?')).toHaveAttribute('lang', 'te');
  });
});

describe('/chatbot', () => {
  it('is the assistant page with the chat window', async () => {
    mockApi({});
    renderApp({ route: '/chatbot', user: makeUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Assistant' })).toBeVisible();
    await waitFor(() => expect(screen.getByRole('log', { name: 'Conversation' })).toBeVisible());
    expect(screen.getByText(CHAT_GREETINGS.en)).toBeVisible();
  });
});
