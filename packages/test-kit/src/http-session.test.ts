import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSession } from './http-session.js';
import { freePort } from './ports.mjs';
import { waitUntil } from './wait.js';

// A stand-in server that records what each request carried and sets or clears cookies on demand.
const seen: Array<{
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}> = [];
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      if (request.url === '/sign-in') {
        response.setHeader('set-cookie', [
          'sid=abc; Path=/; HttpOnly',
          'csrf_token=tok%2B1; Path=/',
        ]);
        response.end(JSON.stringify({ ok: true }));
      } else if (request.url === '/sign-out') {
        response.setHeader('set-cookie', ['sid=; Path=/; Max-Age=0']);
        response.statusCode = 204;
        response.end();
      } else {
        response.setHeader('content-type', 'text/plain');
        response.end('plain');
      }
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('HttpSession', () => {
  it('keeps the cookies it is given, echoes the CSRF token on writes only, and drops cleared cookies', async () => {
    const session = new HttpSession(base);
    const signedIn = await session.call('POST', '/sign-in', { email: 'a@example.in' });
    expect(signedIn).toMatchObject({ status: 200, body: { ok: true } });
    expect(seen.at(-1)!.headers['content-type']).toBe('application/json');
    expect(seen.at(-1)!.body).toBe('{"email":"a@example.in"}');
    expect(seen.at(-1)!.headers['x-csrf-token']).toBeUndefined();

    const read = await session.call('GET', '/read');
    expect(read.body).toBe('plain');
    expect(seen.at(-1)!.headers.cookie).toBe('sid=abc; csrf_token=tok%2B1');
    expect(seen.at(-1)!.headers['x-csrf-token']).toBeUndefined();

    await session.call('DELETE', '/thing');
    expect(seen.at(-1)!.headers['x-csrf-token']).toBe('tok+1');
    expect(seen.at(-1)!.headers['content-type']).toBeUndefined();

    await session.call('POST', '/sign-out');
    expect([...session.cookies.keys()]).toEqual(['csrf_token']);
  });

  it('sends FormData as multipart', async () => {
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }), 'a.jpg');
    await new HttpSession(base).send('POST', '/upload', form);
    expect(seen.at(-1)!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.at(-1)!.body).toContain('filename="a.jpg"');
  });
});

describe('freePort and waitUntil', () => {
  it('gives a port nothing listens on, which can then be bound', async () => {
    const port = await freePort();
    const probe = net.createServer();
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(port, '127.0.0.1', resolve);
    });
    await new Promise((resolve) => probe.close(resolve));
  });

  it('waits for a condition and names it when it never holds', async () => {
    let n = 0;
    await waitUntil('three polls', () => ++n >= 3, 2_000, 10);
    expect(n).toBe(3);
    await expect(waitUntil('the impossible', () => false, 50, 10)).rejects.toThrow(
      /waiting for the impossible/,
    );
  });
});
