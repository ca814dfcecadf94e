import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PENDING_SIGN_OUT_KEY,
  dropPendingSignOut,
  pendingSignOut,
  sendPendingSignOut,
  sendPendingSignOutWhenOnline,
  signOutOnThisDevice,
} from './pending-sign-out';
import { api } from './api-client';
import { getSession } from './session';

const fetchSpy = vi.fn<typeof fetch>();
const noSignal = () => Promise.reject(new TypeError('Failed to fetch'));

beforeEach(() => {
  vi.useFakeTimers();
  document.cookie = 'csrf_token=t0ken; path=/';
  fetchSpy.mockImplementation(noSignal);
  vi.stubGlobal('fetch', fetchSpy);
});

afterEach(async () => {
  // Whatever is in flight settles before the next test; no retry outlives its test.
  await vi.advanceTimersByTimeAsync(0);
  vi.clearAllTimers();
  vi.useRealTimers();
  document.cookie = 'csrf_token=; path=/; max-age=0';
  window.localStorage.clear();
  dropPendingSignOut();
  fetchSpy.mockReset();
  vi.unstubAllGlobals();
});

describe('signing out with no signal', () => {
  it('signs this browser out at once: no session is asked for, the token waits', async () => {
    signOutOnThisDevice();
    expect(document.cookie).not.toContain('csrf_token');
    expect(window.localStorage.getItem(PENDING_SIGN_OUT_KEY)).toBe('t0ken');
    expect(await getSession()).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    // The sign-out was tried (and got no answer); nothing asked for a session.
    expect(fetchSpy.mock.calls.map(([url]) => url)).toEqual(['/api/auth/logout']);
    expect(pendingSignOut()).toBe('t0ken');
  });

  it('sends the sign-out with its token once the server is reached, then forgets it', async () => {
    signOutOnThisDevice();
    await vi.advanceTimersByTimeAsync(0);
    fetchSpy.mockResolvedValueOnce(new Response(null, { status: 204 }));
    // Two reconnections at once: one call.
    await Promise.all([sendPendingSignOut(), sendPendingSignOut()]);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    const [url, init] = fetchSpy.mock.calls[1]!;
    expect(url).toBe('/api/auth/logout');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['X-CSRF-Token']).toBe('t0ken');
    expect(pendingSignOut()).toBeUndefined();
    await sendPendingSignOut();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('keeps it through a server error, and drops it once the server refuses the old token', async () => {
    fetchSpy.mockResolvedValueOnce(new Response(null, { status: 503 }));
    signOutOnThisDevice();
    await vi.advanceTimersByTimeAsync(0);
    expect(pendingSignOut()).toBe('t0ken');
    // A sign-in since ended that session: the server no longer knows the token.
    fetchSpy.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: 'CSRF_INVALID', error: 'x' }), { status: 403 }),
    );
    await sendPendingSignOut();
    expect(pendingSignOut()).toBeUndefined();
  });

  it('tries again every few seconds while nothing gets through, with no reconnection heard', async () => {
    sendPendingSignOutWhenOnline();
    // Nothing pending as the app starts: the sign-out itself starts the tries.
    signOutOnThisDevice();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    fetchSpy.mockResolvedValue(new Response(null, { status: 204 }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchSpy).toHaveBeenCalledTimes(3);
    expect(pendingSignOut()).toBeUndefined();
    // Done: no more calls.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  });

  it('goes before the next sign-in, which the old session would otherwise make the server refuse', async () => {
    signOutOnThisDevice();
    await vi.advanceTimersByTimeAsync(0);
    fetchSpy.mockImplementation((input) =>
      Promise.resolve(
        input === '/api/auth/logout'
          ? new Response(null, { status: 204 })
          : new Response(JSON.stringify({ user: {} }), { status: 200 }),
      ),
    );
    await api.post('/api/auth/login', { email: 'a@b.in', password: 'secret-1' });
    expect(fetchSpy.mock.calls.slice(1).map(([url]) => url)).toEqual([
      '/api/auth/logout',
      '/api/auth/login',
    ]);
    expect(pendingSignOut()).toBeUndefined();
  });
});
