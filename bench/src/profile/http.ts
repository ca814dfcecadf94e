// The simulated browsers' HTTP: keep-alive connections, the session cookie, and the CSRF header
// the web app sends on every unsafe request (apps/web/src/lib/api-client.ts does the same).
import http from 'node:http';

/** A signed-in browser: the cookies it holds and the CSRF token it echoes. */
export interface Session {
  cookie: string;
  csrf: string;
}

export interface HttpAnswer {
  status: number;
  /** Parsed JSON body (null for an empty body, the raw text when it is not JSON). */
  body: unknown;
  /** Milliseconds from sending the request to the last byte of the answer. */
  ms: number;
  setCookie: string[];
  /** Seconds from a Retry-After header, when the server sent one. */
  retryAfter: number | undefined;
}

export interface SendOptions {
  session?: Session | undefined;
  body?: unknown;
  /** The browser's own connections (see `browser()`); the shared pool otherwise. */
  agent?: http.Agent | undefined;
}

/**
 * HTTP for the load generator. Each simulated user gets its own keep-alive agent, opened by its
 * sign-up and kept through the run, as a browser keeps its connection: hundreds of users opening
 * connections in the same second is not what a server sees, and on a busy server such a burst
 * overflows the accept queue, so some connections only complete after TCP's retries (~31 s).
 */
export class HttpClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
  private readonly browsers: http.Agent[] = [];
  private readonly host: string;
  private readonly port: number;

  constructor(readonly baseUrl: string) {
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port || 80);
  }

  /** A browser's connections: keep-alive, at most six at once as browsers allow per host. */
  browser(maxSockets = 6): http.Agent {
    const agent = new http.Agent({ keepAlive: true, maxSockets });
    this.browsers.push(agent);
    return agent;
  }

  send(method: string, path: string, options: SendOptions = {}): Promise<HttpAnswer> {
    // Fastify refuses an empty body declared as JSON, so body-less calls send no content type.
    const payload =
      options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
    const headers: Record<string, string | number> = { accept: 'application/json' };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    if (options.session) {
      headers.cookie = options.session.cookie;
      if (method !== 'GET') headers['x-csrf-token'] = options.session.csrf;
    }
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: this.host,
          port: this.port,
          method,
          path,
          headers,
          agent: options.agent ?? this.agent,
          timeout: 120_000,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const ms = performance.now() - started;
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = null;
            if (text) {
              try {
                body = JSON.parse(text);
              } catch {
                body = text;
              }
            }
            resolve({
              status: response.statusCode ?? 0,
              body,
              ms,
              setCookie: response.headers['set-cookie'] ?? [],
              retryAfter: response.headers['retry-after']
                ? Number(response.headers['retry-after'])
                : undefined,
            });
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('no answer within 120 s')));
      request.on('error', reject);
      if (payload) request.write(payload);
      request.end();
    });
  }

  close(): void {
    this.agent.destroy();
    for (const agent of this.browsers) agent.destroy();
  }
}

/** The session a sign-up or sign-in answer sets (sid + csrf_token cookies). */
export function sessionFrom(answer: HttpAnswer): Session {
  const pairs = answer.setCookie.map((c) => c.split(';')[0]!);
  const csrf = pairs.find((p) => p.startsWith('csrf_token='))?.slice('csrf_token='.length);
  if (!csrf || !pairs.some((p) => p.startsWith('sid='))) {
    throw new Error(`no session cookies in the answer (status ${answer.status})`);
  }
  return { cookie: pairs.join('; '), csrf };
}
