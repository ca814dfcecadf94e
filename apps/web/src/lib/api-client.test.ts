import { describe, expect, it } from 'vitest';
import { mockApi } from '../testing/fetch-mock';
import { ApiError, api, readCookie } from './api-client';

describe('api client', () => {
  it('sends the CSRF cookie as a header on unsafe methods, with same-origin credentials', async () => {
    document.cookie = 'csrf_token=abc%20123; path=/';
    const { calls } = mockApi({ 'POST /api/auth/logout': { status: 204 } });
    await api.post('/api/auth/logout');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'X-CSRF-Token': 'abc 123' },
    });
  });

  it('reads the CSRF cookie at request time, not once', async () => {
    const { calls } = mockApi({ 'PATCH /api/me': { body: { user: {} } } });
    document.cookie = 'csrf_token=first; path=/';
    await api.patch('/api/me', { name: 'A' });
    document.cookie = 'csrf_token=second; path=/';
    await api.patch('/api/me', { name: 'B' });
    expect(calls.map((c) => c.headers['X-CSRF-Token'])).toEqual(['first', 'second']);
  });

  it('sends an Idempotency-Key on every unsafe call: a fresh one each time, or the one given', async () => {
    const { calls } = mockApi({ 'POST /api/x': { status: 204 }, 'GET /api/y': { body: {} } });
    await api.post('/api/x');
    await api.post('/api/x');
    await api.post('/api/x', undefined, { idempotencyKey: 'queued-1' });
    await api.get('/api/y');
    const keys = calls.map((c) => c.headers['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[A-Za-z0-9._:-]{8,200}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe('queued-1');
    expect(keys[3]).toBeUndefined();
  });

  it('does not send the CSRF header on GET', async () => {
    document.cookie = 'csrf_token=abc; path=/';
    const { calls } = mockApi({ 'GET /api/health': { body: { status: 'ok' } } });
    await api.get('/api/health');
    expect(calls[0]!.headers['X-CSRF-Token']).toBeUndefined();
  });

  it('turns an error body into an ApiError with code and details', async () => {
    mockApi({
      'POST /api/auth/register': {
        status: 400,
        body: {
          error: 'Some fields are missing or invalid.',
          code: 'VALIDATION_FAILED',
          details: [
            { field: 'phone', code: 'PHONE_INVALID', message: 'Please enter a valid phone number' },
          ],
        },
      },
    });
    const error = await api.post('/api/auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      details: [{ field: 'phone', code: 'PHONE_INVALID' }],
    });
  });

  it('maps a bodiless failure to a code by status, and a network failure to NETWORK_ERROR', async () => {
    mockApi({ 'GET /api/x': () => ({ status: 503 }) });
    await expect(api.get('/api/x')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const { fetchMock } = mockApi({});
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/api/y')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('returns undefined for 204', async () => {
    mockApi({ 'POST /api/auth/logout': { status: 204 } });
    await expect(api.post('/api/auth/logout')).resolves.toBeUndefined();
  });

  it('reads one cookie among several', () => {
    document.cookie = 'a=1; path=/';
    document.cookie = 'csrf_token=t0k; path=/';
    expect(readCookie('csrf_token')).toBe('t0k');
    expect(readCookie('missing')).toBeUndefined();
  });
});
