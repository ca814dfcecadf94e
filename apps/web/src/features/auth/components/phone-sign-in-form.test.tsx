import { act, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/fetch-mock';
import { renderApp } from '../../../testing/render';

type ConfigWindow = Window & {
  __ANNASETU_CONFIG__?: { phoneSignIn?: boolean; sms?: boolean; whatsapp?: boolean };
};

/** Opens the sign-in page, chooses the phone, and asks for a code for `phone`. */
async function askForCode(phone: string) {
  const rendered = renderApp({ route: '/login', user: null });
  await userEvent.click(await screen.findByRole('button', { name: 'Sign in with phone' }));
  await userEvent.type(screen.getByLabelText(/^Mobile number/), phone);
  await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
  return rendered;
}

describe('sign in with phone', () => {
  beforeEach(() => {
    (window as ConfigWindow).__ANNASETU_CONFIG__ = { phoneSignIn: true };
  });
  afterEach(() => {
    delete (window as ConfigWindow).__ANNASETU_CONFIG__;
    // The toasts' store outlives a test: one test's "new code" toast must not meet the next.
    act(() => toast.remove());
    sessionStorage.clear();
  });

  it('is not offered when the server sends no SMS', async () => {
    delete (window as ConfigWindow).__ANNASETU_CONFIG__;
    mockApi({});
    renderApp({ route: '/login', user: null });
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.queryByRole('button', { name: 'Sign in with phone' })).toBeNull();
  });

  it('says the code comes by WhatsApp where the server has WhatsApp and no SMS, and by text otherwise', async () => {
    (window as ConfigWindow).__ANNASETU_CONFIG__ = {
      phoneSignIn: true,
      sms: false,
      whatsapp: true,
    };
    mockApi({});
    const first = renderApp({ route: '/login', user: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with phone' }));
    expect(screen.getByText(/6-digit code on WhatsApp/)).toBeInTheDocument();
    expect(screen.queryByText(/text you/)).toBeNull();
    first.unmount();

    (window as ConfigWindow).__ANNASETU_CONFIG__ = { phoneSignIn: true, sms: true, whatsapp: true };
    renderApp({ route: '/login', user: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with phone' }));
    expect(screen.getByText(/text you a 6-digit code/)).toBeInTheDocument();
  });

  it('asks for the number, then the code, and signs in', async () => {
    const { calls } = mockApi({
      'POST /api/auth/otp/request': { status: 202, body: { ok: true, expiresInSeconds: 300 } },
      'POST /api/auth/otp/verify': { body: { user: makeUser({ role: 'volunteer' }) } },
    });
    await askForCode('98765 43210');
    expect(await screen.findByText(/98765 43210/)).toBeInTheDocument();
    expect(screen.queryByText(/Only the newest code works/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(/Only the newest code works/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^6-digit code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
    const verify = calls.find((c) => c.url === '/api/auth/otp/verify');
    expect(verify?.body).toEqual({ phone: '98765 43210', code: '123456' });
  });

  it('shows the server’s refusal by its code', async () => {
    mockApi({
      'POST /api/auth/otp/request': {
        status: 400,
        body: {
          error: 'Some fields are missing or invalid.',
          code: 'VALIDATION_FAILED',
          details: [{ field: 'phone', code: 'PHONE_INVALID', message: 'x' }],
        },
      },
    });
    renderApp({ route: '/login', user: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with phone' }));
    await userEvent.type(screen.getByLabelText(/^Mobile number/), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
  });

  it('says the last code still works when the number may ask for no more', async () => {
    let asked = 0;
    const { calls } = mockApi({
      'POST /api/auth/otp/request': () =>
        asked++ === 0
          ? { status: 202, body: { ok: true, expiresInSeconds: 300 } }
          : {
              status: 429,
              body: { error: 'Too many codes were asked for.', code: 'OTP_RATE_LIMITED' },
            },
    });
    await askForCode('9876543210');
    await userEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No new code for now: this number has asked for too many. The code we sent last still works for 5 more min.',
    );
    // Still at the code step, ready for the code already sent.
    expect(screen.getByLabelText(/^6-digit code/)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/auth/otp/request')).toHaveLength(2);
  });

  it('says a locked code needs a new one', async () => {
    mockApi({
      'POST /api/auth/otp/request': { status: 202, body: { ok: true, expiresInSeconds: 300 } },
      'POST /api/auth/otp/verify': {
        status: 429,
        body: { error: 'Too many wrong codes.', code: 'OTP_LOCKED' },
      },
    });
    renderApp({ route: '/login', user: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with phone' }));
    await userEvent.type(screen.getByLabelText(/^Mobile number/), '9876543210');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await screen.findByLabelText(/^6-digit code/), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many wrong codes. Please ask for a new code.',
    );
  });

  it('takes the phone’s Back button one step back: code, number (still filled in), password form', async () => {
    const { calls } = mockApi({
      'POST /api/auth/otp/request': { status: 202, body: { ok: true, expiresInSeconds: 300 } },
    });
    renderApp({ route: '/login', user: null, backButton: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with phone' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login\?by=phone$/);
    await userEvent.type(screen.getByLabelText(/^Mobile number/), '98765 43210');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByLabelText(/^6-digit code/);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/login\?by=phone&step=code$/),
    );

    // Back from the code: the number, as typed, to correct it.
    await userEvent.click(screen.getByRole('button', { name: 'Phone back' }));
    expect(await screen.findByLabelText(/^Mobile number/)).toHaveValue('98765 43210');
    expect(screen.queryByLabelText(/^6-digit code/)).toBeNull();
    // Another number is a first code for it, not a "new code" for the first one.
    await userEvent.clear(screen.getByLabelText(/^Mobile number/));
    await userEvent.type(screen.getByLabelText(/^Mobile number/), '91234 56789');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/91234 56789/)).toBeInTheDocument();
    expect(screen.queryByText(/Only the newest code works/)).toBeNull();
    expect(calls.filter((c) => c.url === '/api/auth/otp/request')).toHaveLength(2);

    // "Use another number", then Back twice: the code again, then the number.
    await userEvent.click(screen.getByRole('button', { name: /another number/i }));
    expect(await screen.findByLabelText(/^Mobile number/)).toHaveValue('91234 56789');
    await userEvent.click(screen.getByRole('button', { name: 'Phone back' }));
    expect(await screen.findByLabelText(/^6-digit code/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Phone back' }));
    expect(await screen.findByLabelText(/^Mobile number/)).toHaveValue('91234 56789');
    // Back past the phone's first step: the password form, still on the sign-in page.
    await userEvent.click(screen.getByRole('button', { name: 'Phone back' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it('opens the number, not an empty code step, at a code step’s address with no code sent (a reload)', async () => {
    mockApi({});
    renderApp({ route: '/login?by=phone&step=code', user: null });
    expect(await screen.findByLabelText(/^Mobile number/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^6-digit code/)).toBeNull();
  });

  it('keeps the code step through a reload while the code can be used', async () => {
    const { calls } = mockApi({
      'POST /api/auth/otp/request': { status: 202, body: { ok: true, expiresInSeconds: 300 } },
    });
    const first = await askForCode('98765 43210');
    await screen.findByLabelText(/^6-digit code/);
    first.unmount();
    // The page loaded again at the code step's address, in the same tab.
    renderApp({ route: '/login?by=phone&step=code', user: null });
    expect(await screen.findByLabelText(/^6-digit code/)).toBeInTheDocument();
    expect(screen.getByText(/98765 43210/)).toBeInTheDocument();
    // A new code goes to the same number, and Back still shows it.
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(/Only the newest code works/)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/auth/otp/request').at(-1)?.body).toEqual({
      phone: '98765 43210',
    });
    await userEvent.click(screen.getByRole('button', { name: /another number/i }));
    expect(await screen.findByLabelText(/^Mobile number/)).toHaveValue('98765 43210');
  });

  it('asks for one code when "Send a new code" is tapped twice at once', async () => {
    const { calls } = mockApi({
      'POST /api/auth/otp/request': { status: 202, body: { ok: true, expiresInSeconds: 300 } },
    });
    await askForCode('98765 43210');
    await screen.findByLabelText(/^6-digit code/);
    const again = screen.getByRole('button', { name: 'Send a new code' });
    act(() => {
      again.click();
      again.click();
    });
    await screen.findByText(/Only the newest code works/);
    expect(calls.filter((c) => c.url === '/api/auth/otp/request')).toHaveLength(2);
  });

  it('reads a code typed in Devanagari digits', async () => {
    const { calls } = mockApi({
      'POST /api/auth/otp/request': { status: 202, body: { ok: true, expiresInSeconds: 300 } },
      'POST /api/auth/otp/verify': { body: { user: makeUser({ role: 'volunteer' }) } },
    });
    await askForCode('98765 43210');
    await userEvent.type(await screen.findByLabelText(/^6-digit code/), '९८२ ४१८');
    expect(screen.getByLabelText(/^6-digit code/)).toHaveValue('982418');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/auth/otp/verify')?.body).toEqual({
        phone: '98765 43210',
        code: '982418',
      }),
    );
  });
});
