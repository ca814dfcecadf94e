// Helpers for the scale-out test: deploy/nginx.conf adapted to a test folder, a browser-like
// client that is told which instance answered, and a POST from a chosen local address.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { HttpSession, registrationFor } from '@annasetu/test-kit';
import { expect } from 'vitest';
import { REPO_ROOT } from '../config/paths.js';

export const NGINX =
  ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find((p) =>
    fs.existsSync(p),
  ) ??
  (spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim() || undefined);

/** deploy/nginx.conf with our upstreams and port, inside a main config that needs no root paths. */
export function nginxConfig(dir: string, port: number, upstreams: [number, number]): string {
  let site = fs.readFileSync(path.join(REPO_ROOT, 'deploy/nginx.conf'), 'utf8');
  const swaps: Array<[RegExp, string]> = [
    [/server app1:3000/, `server 127.0.0.1:${upstreams[0]}`],
    [/server app2:3000/, `server 127.0.0.1:${upstreams[1]}`],
    [/listen 80;/, `listen 127.0.0.1:${port};`],
    [/server_name _;/, 'server_name _;\n    add_header X-Upstream $upstream_addr always;'],
  ];
  for (const [pattern, replacement] of swaps) {
    if (!pattern.test(site)) throw new Error(`deploy/nginx.conf no longer contains ${pattern}`);
    site = site.replace(pattern, replacement);
  }
  const asRoot = process.getuid?.() === 0;
  return `
${asRoot ? 'user nobody nogroup;' : ''}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
    access_log ${dir}/access.log;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
${site}
}
`;
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  upstream: string;
  requestId: string | null;
}

/** A browser-like client of the site behind nginx, told which instance answered. */
export class Browser extends HttpSession {
  async ask(method: string, url: string, body?: unknown): Promise<Answer> {
    const answer = await this.call(method, url, body);
    return {
      status: answer.status,
      body: answer.body,
      upstream: answer.headers.get('x-upstream') ?? '',
      requestId: answer.headers.get('x-request-id'),
    };
  }

  /** Opens GET /api/events and collects events as they arrive. */
  async stream() {
    const controller = new AbortController();
    const response = await fetch(`${this.baseUrl}/api/events`, {
      headers: { cookie: this.cookieHeader() },
      signal: controller.signal,
    });
    const events: Array<{ event: string; at: number }> = [];
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const pump = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          const at = performance.now();
          buffer += decoder.decode(value, { stream: true });
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = block.split('\n').find((l) => l.startsWith('event:'));
            if (event) events.push({ event: event.slice(6).trim(), at });
          }
        }
      } catch {
        // aborted
      }
    })();
    return {
      status: response.status,
      upstream: response.headers.get('x-upstream') ?? '',
      events,
      count: (kind: string) => events.filter((e) => e.event === kind).length,
      async close() {
        controller.abort();
        await pump;
      },
    };
  }
}

/** A JSON POST sent from a chosen local address (fetch cannot pick one). */
export function postFrom(
  localAddress: string,
  url: string,
  options: { body: unknown; headers?: Record<string, string> },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(options.body);
    const request = http.request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...options.headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
            upstream: String(response.headers['x-upstream'] ?? ''),
            requestId: String(response.headers['x-request-id'] ?? ''),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

export async function register(base: string, role: Parameters<typeof registrationFor>[0]) {
  const browser = new Browser(base);
  const body = registrationFor(role);
  const answer = await browser.ask('POST', '/api/auth/register', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { browser, body, user: answer.body.user as { id: string; email: string }, answer };
}
