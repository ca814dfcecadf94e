import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../public/locales/en/translation.json';
import hi from '../../../../public/locales/hi/translation.json';
import { toast } from '../../../lib/toast';
import { makeUser } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/fetch-mock';
import { SEND_AGAIN_EVERY_MS } from '../../../lib/send-again-on-reconnection';
import { renderApp, renderWithProviders } from '../../../testing/render';
import { LoginForm } from './login-form';

describe('login', () => {
  it('asks for the required fields before calling the server', async () => {
    const { calls } = mockApi({});
    renderApp({ route: '/login', user: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(calls.filter((c) => c.url === '/api/auth/login')).toHaveLength(0);
  });

  it('shows the seed message for wrong credentials, with the short form as a toast', async () => {
    mockApi({
      'POST /api/auth/login': {
        status: 401,
        body: {
          error: 'Invalid email or password. Please try again.',
          code: 'INVALID_CREDENTIALS',
        },
      },
    });
    renderApp({ route: '/login', user: null });
    await userEvent.type(await screen.findByLabelText(/^Email/), 'asha@example.in');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid email or password. Please try again.',
    );
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  });

  it('signs in by itself once the signal is back, after a tap with none', async () => {
    let signal = false;
    const { calls } = mockApi({
      'POST /api/auth/login': () => ({ body: { user: makeUser({ role: 'volunteer' }) } }),
    });
    const answer = window.fetch;
    vi.stubGlobal('fetch', (...args: Parameters<typeof fetch>) =>
      signal ? answer(...args) : Promise.reject(new TypeError('Failed to fetch')),
    );
    renderApp({ route: '/login', user: null });
    await userEvent.type(await screen.findByLabelText(/^Email/), 'asha@example.in');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach AnnaSetu');
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    signal = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'), {
      timeout: 10_000,
    });
    expect(calls.filter((c) => c.url === '/api/auth/login')).toHaveLength(1);
    // Once: a later reconnection sends nothing more.
    window.dispatchEvent(new Event('online'));
    expect(calls.filter((c) => c.url === '/api/auth/login')).toHaveLength(1);
  });

  it('signs in by itself when the signal comes back without the phone saying so', async () => {
    // Bars on the screen, nothing getting through: the browser stays 'online' throughout.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let signal = false;
    let unanswered = 0;
    const { calls } = mockApi({
      'POST /api/auth/login': () => ({ body: { user: makeUser({ role: 'volunteer' }) } }),
      'GET /api/health': { body: { status: 'ok' } },
    });
    const answer = window.fetch;
    vi.stubGlobal('fetch', (...args: Parameters<typeof fetch>) => {
      if (signal) return answer(...args);
      if (String(args[0]).includes('/api/auth/login')) unanswered += 1;
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    renderApp({ route: '/login', user: null });
    await userEvent.type(await screen.findByLabelText(/^Email/), 'asha@example.in');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach AnnaSetu');
    // Tried again a few seconds later, in vain, and again once something gets through.
    // Asked a few seconds later whether the server can be reached, quietly: no sign-in is sent
    // to fail again (each would toast and take the focus).
    await vi.advanceTimersByTimeAsync(SEND_AGAIN_EVERY_MS);
    expect(calls.filter((c) => c.url === '/api/health')).toHaveLength(0);
    expect(unanswered).toBe(1);
    signal = true;
    await vi.advanceTimersByTimeAsync(SEND_AGAIN_EVERY_MS);
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/health')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(calls.filter((c) => c.url === '/api/auth/login')).toHaveLength(1);
  });

  it('sends remember me, welcomes back, and sends poultry users to their dashboard', async () => {
    const { calls } = mockApi({
      'POST /api/auth/login': { body: { user: makeUser({ role: 'poultry' }) } },
    });
    const success = vi.spyOn(toast, 'success');
    renderApp({ route: '/login', user: null });
    await userEvent.type(await screen.findByLabelText(/^Email/), 'Asha@Example.in ');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-1');
    await userEvent.click(screen.getByLabelText('Remember me'));
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/nursery-poultry'),
    );
    expect(success).toHaveBeenCalledWith('Welcome back!');
    expect(calls.find((c) => c.url === '/api/auth/login')?.body).toEqual({
      email: 'asha@example.in',
      password: 'secret-1',
      rememberMe: true,
    });
  });

  it('keeps the language picked on the sign-in page and saves it to the account', async () => {
    const { calls } = mockApi({
      'POST /api/auth/login': { body: { user: makeUser({ role: 'foodbank', language: 'te' }) } },
      'PATCH /api/me': { body: { user: makeUser({ role: 'foodbank', language: 'hi' }) } },
    });
    const { i18n } = renderApp({
      route: '/login',
      user: null,
      resources: { en: { translation: en }, hi: { translation: hi } },
    });
    await userEvent.selectOptions(await screen.findByLabelText('Language'), 'hi');
    await waitFor(() => expect(i18n.language).toBe('hi'));
    await userEvent.type(await screen.findByLabelText(/^ईमेल/), 'asha@example.in');
    await userEvent.type(screen.getByLabelText(/^पासवर्ड/, { selector: 'input' }), 'secret-1');
    await userEvent.click(screen.getByRole('button', { name: hi.auth.login.submit }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(i18n.language).toBe('hi');
    expect(calls.filter((c) => c.method === 'PATCH' && c.url === '/api/me')[0]?.body).toEqual({
      language: 'hi',
    });
  });

  it("welcomes back in the account's language, which the app turns to as it signs in", async () => {
    mockApi({
      'POST /api/auth/login': { body: { user: makeUser({ role: 'foodbank', language: 'en' }) } },
    });
    const success = vi.spyOn(toast, 'success');
    success.mockClear();
    const { i18n } = renderApp({
      route: '/login',
      user: null,
      language: 'hi',
      resources: { en: { translation: en }, hi: { translation: hi } },
    });
    await userEvent.type(await screen.findByLabelText(/^ईमेल/), 'asha@example.in');
    await userEvent.type(screen.getByLabelText(/^पासवर्ड/, { selector: 'input' }), 'secret-1');
    await userEvent.click(screen.getByRole('button', { name: hi.auth.login.submit }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(i18n.language).toBe('en');
    // Not the sign-in page's Hindi over an English dashboard.
    expect(success.mock.calls).toEqual([['Welcome back!']]);
  });

  it('passes an allowed-roles restriction and shows the refusal', async () => {
    const { calls } = mockApi({
      'POST /api/auth/login': {
        status: 403,
        body: { error: 'You are not authorized to log in here.', code: 'ROLE_NOT_ALLOWED' },
      },
    });
    renderWithProviders(
      <LoginForm allowedRoles={['admin']} onSuccess={() => {}} onForgotPassword={() => {}} />,
    );
    await userEvent.type(screen.getByLabelText(/^Email/), 'asha@example.in');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are not authorized to log in here.',
    );
    expect(calls[0]?.body).toMatchObject({ allowedRoles: ['admin'] });
  });

  it('shows and hides the password', async () => {
    mockApi({});
    renderApp({ route: '/login', user: null });
    const input = await screen.findByLabelText(/^Password/);
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('opens the forgot-password form and answers neutrally', async () => {
    const { calls } = mockApi({
      'POST /api/auth/forgot-password': { status: 202, body: { ok: true } },
    });
    renderApp({ route: '/login', user: null });
    await userEvent.type(await screen.findByLabelText(/^Email/), 'nobody@example.in');
    await userEvent.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('nobody@example.in');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/If an account exists for nobody@example.in/)).toBeVisible();
    expect(calls.find((c) => c.url === '/api/auth/forgot-password')?.body).toEqual({
      email: 'nobody@example.in',
    });
  });

  it('takes the phone’s Back button from the forgot-password form back to signing in', async () => {
    mockApi({});
    renderApp({ route: '/login', user: null, backButton: true });
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/login?forgot=1'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Phone back' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });
});

afterEach(() => {
  window.sessionStorage.clear();
  vi.useRealTimers();
});
