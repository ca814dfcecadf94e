import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PENDING_SIGN_OUT_KEY,
  dropPendingSignOut,
  pendingSignOut,
  sendPendingSignOut,
  sendPendingSignOutWhenOnline,
  signOutOnThisDevice,
} from './pending-sign-out';
import { getSession } from './session';

const fetchSpy = vi.fn<typeof fetch>();

beforeEach(() => {
  document.cookie = 'csrf_token=t0ken; path=/';
  vi.stubGlobal('fetch', fetchSpy);
});

afterEach(() => {
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
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends the sign-out with its token once, and keeps it while the server is not reached', async () => {
    signOutOnThisDevice();
    fetchSpy.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await sendPendingSignOut();
    expect(pendingSignOut()).toBe('t0ken');

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
    signOutOnThisDevice();
    fetchSpy.mockResolvedValueOnce(new Response(null, { status: 503 }));
    await sendPendingSignOut();
    expect(pendingSignOut()).toBe('t0ken');
    // A sign-in since ended that session: the server no longer knows the token.
    fetchSpy.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: 'CSRF_INVALID', error: 'x' }), { status: 403 }),
    );
    await sendPendingSignOut();
    expect(pendingSignOut()).toBeUndefined();
  });

  it('tries again every few seconds while nothing gets through, with no reconnection heard', async () => {
    vi.useFakeTimers();
    try {
      signOutOnThisDevice();
      fetchSpy.mockRejectedValue(new TypeError('Failed to fetch'));
      sendPendingSignOutWhenOnline();
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
    } finally {
      vi.useRealTimers();
    }
  });
});
