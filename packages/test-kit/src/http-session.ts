/** An answer read whole: status, parsed JSON body (the text when it is not JSON), headers. */
export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A signed-in caller over real HTTP, as the web app behaves: it keeps the cookies the server
 * sets (and drops the ones it clears) and echoes the csrf_token cookie in X-CSRF-Token on every
 * unsafe request, URL-decoded like apps/web/src/lib/api-client.ts does. JSON bodies are sent as JSON, FormData as multipart.
 */
export class HttpSession {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Sends one request and keeps the cookies of its answer; the body is left unread. */
  async send(
    method: string,
    url: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    const csrf = this.cookies.get('csrf_token');
    // As the web app does: the cookie's value, URL-decoded.
    if (csrf && method !== 'GET' && method !== 'HEAD') {
      headers['x-csrf-token'] = decodeURIComponent(csrf);
    }
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers: { ...headers, ...extraHeaders },
      ...(payload === undefined ? {} : { body: payload }),
    });
    this.keepCookies(response.headers.getSetCookie());
    return response;
  }

  /** Sends one request and reads its answer. */
  async call<T = Record<string, unknown>>(
    method: string,
    url: string,
    body?: unknown,
    extraHeaders?: Record<string, string>,
  ): Promise<Answer<T>> {
    const response = await this.send(method, url, body, extraHeaders);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      // not JSON: the text itself
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  private keepCookies(lines: readonly string[]): void {
    for (const line of lines) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const cleared =
        value === '' ||
        attributes.some((a) => /^max-age=0$/i.test(a.trim())) ||
        attributes.some(
          (a) => /^expires=/i.test(a.trim()) && Date.parse(a.trim().slice(8)) < Date.now(),
        );
      if (cleared) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
