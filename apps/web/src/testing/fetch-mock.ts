import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  credentials?: RequestCredentials;
}

type Reply = { status?: number; body?: unknown } | (() => { status?: number; body?: unknown });

/**
 * Replaces fetch with a table of "METHOD /path" -> reply. Unknown calls answer 404 with the
 * API's error shape, which is also what the app sees for endpoints that do not exist yet.
 */
export function mockApi(routes: Record<string, Reply>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input.toString();
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0]!;
    const headers = { ...(init.headers as Record<string, string> | undefined) };
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url: path, headers, body, credentials: init.credentials });
    const entry = routes[`${method} ${path}`];
    const reply = typeof entry === 'function' ? entry() : entry;
    if (!reply) {
      return jsonResponse(404, { error: 'Not found.', code: 'NOT_FOUND' });
    }
    return jsonResponse(reply.status ?? 200, reply.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function jsonResponse(status: number, body: unknown): Response {
  if (status === 204 || body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}
