import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../testing/fetch-mock';
import { makeUser } from '../testing/fixtures';
import { SESSION_STORAGE_KEY, getSession } from './session';

const stored = () => window.localStorage.getItem(SESSION_STORAGE_KEY);

// The readable cookie a signed-in browser holds beside the http-only session cookie.
beforeEach(() => {
  document.cookie = 'csrf_token=t0ken; path=/';
});

afterEach(() => {
  document.cookie = 'csrf_token=; path=/; max-age=0';
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe('getSession', () => {
  it('keeps the user the server confirms', async () => {
    const user = makeUser({ name: 'Asha' });
    mockApi({ 'GET /api/me': { body: { user } } });
    expect(await getSession()).toEqual(user);
    expect(JSON.parse(stored()!)).toEqual(user);
  });

  it('uses the kept user when the server cannot be reached', async () => {
    const user = makeUser({ name: 'Asha' });
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(user));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await getSession()).toEqual(user);
    mockApi({ 'GET /api/me': { status: 503 } });
    expect(await getSession()).toEqual(user);
  });

  it('signs out on 401 even with a kept user, and forgets it', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeUser()));
    mockApi({ 'GET /api/me': { status: 401, body: { error: 'x', code: 'UNAUTHENTICATED' } } });
    expect(await getSession()).toBeNull();
    expect(stored()).toBeNull();
  });

  it('fails when offline with nobody kept, and never covers a server error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(getSession()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeUser()));
    mockApi({ 'GET /api/me': { status: 500, body: { error: 'x', code: 'INTERNAL_ERROR' } } });
    await expect(getSession()).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
  });

  it('asks nobody and forgets the kept user when no session cookie exists', async () => {
    document.cookie = 'csrf_token=; path=/; max-age=0';
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeUser()));
    const { calls } = mockApi({ 'GET /api/me': { body: { user: makeUser() } } });
    expect(await getSession()).toBeNull();
    expect(calls).toHaveLength(0);
    expect(stored()).toBeNull();
  });
});
