import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.js';
import { createTestApp, TestClient, type TestApp } from './build-app.js';
import { registrationFor, signUp } from './factories.js';
import {
  clientFor,
  codeOf,
  createWorld,
  expectations,
  fingerprint,
  isSuccess,
  isUnsafe,
  judge,
  newAccount,
  type Caller,
  type Row,
  type World,
} from './route-harness.js';
import { registeredApiRoutes, ROWS } from './route-table.js';

// CSRF on every unsafe route, security headers on API and HTML answers, and the attributes of
// the session cookies. (auth.test.ts already covers: a missing or wrong token on PATCH /api/me, a
// foreign Origin at sign-in, HttpOnly and SameSite=Lax on `sid`, 30-day Max-Age with remember me;
// health.test.ts: CSP default-src and the map tiles in img-src.)

/** Same cookies as `source`; optionally without the CSRF header, or with extra headers. */
class ProbeClient extends TestClient {
  constructor(
    app: FastifyInstance,
    source: TestClient,
    private readonly probe: { omitToken?: boolean; headers?: Record<string, string> },
  ) {
    super(app, { csrf: !probe.omitToken });
    for (const [name, value] of source.cookies) this.cookies.set(name, value);
  }

  override request(
    options: InjectOptions & { method: string; url: string },
  ): Promise<LightMyRequestResponse> {
    return super.request({
      ...options,
      headers: { ...(options.headers as Record<string, string>), ...this.probe.headers },
    });
  }
}

const FOREIGN_ORIGINS = ['https://evil.example', 'null'];

const PUBLIC_URL = 'https://annasetu.example.in';

let w: World;
let https: TestApp;
let dist: string;
let strangersToken: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>AnnaSetu</title>');
  w = await createWorld({ WEB_DIST_DIR: dist });
  https = await createTestApp({ PUBLIC_URL, WEB_DIST_DIR: dist });
  strangersToken = (await newAccount(w, 'individual')).client.csrfToken!;
});
afterAll(async () => {
  await w?.t.close();
  await https?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The first row of each unsafe route, with a signed-in caller that it lets through. */
function unsafeRoutes(): Array<{
  row: Row;
  caller: Exclude<Caller, 'anonymous'>;
  anonymous: boolean;
}> {
  const seen = new Set<string>();
  const picked = [];
  for (const row of ROWS.filter(isUnsafe)) {
    if (seen.has(row.route)) continue;
    const all = expectations(row);
    const caller = all.find(([c, o]) => c !== 'anonymous' && isSuccess(o))?.[0];
    if (!caller || caller === 'anonymous') continue;
    seen.add(row.route);
    picked.push({ row, caller, anonymous: isSuccess(row.roles[0]) });
  }
  return picked;
}

describe('CSRF defence on every unsafe route', () => {
  it('covers every POST, PUT, PATCH and DELETE route the app registered', () => {
    const unsafe = registeredApiRoutes(w.app).filter((r) => !r.startsWith('GET '));
    const covered = unsafeRoutes().map((p) => p.row.route);
    expect(unsafe.filter((r) => !covered.includes(r))).toEqual([]);
    expect(unsafe.length).toBeGreaterThan(25);
  });

  it.each(unsafeRoutes().map((p) => [p.row.route, p] as const))(
    '%s: refused without the token, with a foreign Origin or with another session’s token',
    async (_name, { row, caller, anonymous }) => {
      const fixture = row.fixture ? await row.fixture(w) : {};
      const client = await clientFor(w, row, caller);
      const probes: Array<[string, TestClient]> = [
        ['no token', new ProbeClient(w.app, client, { omitToken: true })],
        [
          "another session's token",
          new ProbeClient(w.app, client, {
            omitToken: true,
            headers: { 'x-csrf-token': strangersToken },
          }),
        ],
        ...FOREIGN_ORIGINS.map(
          (origin) =>
            [`Origin ${origin}`, new ProbeClient(w.app, client, { headers: { origin } })] as [
              string,
              TestClient,
            ],
        ),
        // Public routes (sign-up, sign-in...) take no token without a session, but the Origin
        // check still applies: a forged sign-in would log the victim into the attacker's account.
        ...(anonymous
          ? FOREIGN_ORIGINS.map(
              (origin) =>
                [
                  `anonymous, Origin ${origin}`,
                  new ProbeClient(w.app, new TestClient(w.app), { headers: { origin } }),
                ] as [string, TestClient],
            )
          : []),
      ];
      const problems: string[] = [];
      const before = await fingerprint(w);
      for (const [probe, probeClient] of probes) {
        const response = await row.call(probeClient, fixture, w);
        if (response.statusCode !== 403 || codeOf(response) !== 'CSRF_INVALID')
          problems.push(`${probe}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
      if ((await fingerprint(w)) !== before) problems.push('a refused call changed data');
      // The same call with the token and our own Origin goes through: only CSRF decided above.
      const expected = expectations(row).find(([c]) => c === caller)![1];
      const control = await row.call(
        new ProbeClient(w.app, client, {
          headers: { origin: 'http://localhost:80', host: 'localhost:80' },
        }),
        fixture,
        w,
      );
      const problem = judge(row, fixture, expected, control);
      if (problem) problems.push(`with the token: ${problem} ${control.body.slice(0, 120)}`);
      expect(problems).toEqual([]);
    },
  );

  it('answered every call above as the served API description says', () => {
    expect(w.contract.problems).toEqual([]);
  });
});

function cspOf(response: { headers: Record<string, unknown> }): Map<string, string> {
  const csp = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!, values.join(' ')] as [string, string];
      }),
  );
}

function expectSecurityHeaders(response: LightMyRequestResponse, https: boolean) {
  const h = response.headers;
  const csp = cspOf(response);
  expect(csp.get('default-src')).toBe("'self'");
  expect(csp.get('script-src')).toBe("'self'"); // no inline or eval'd script
  expect(csp.get('script-src-attr')).toBe("'none'");
  expect(csp.get('object-src')).toBe("'none'");
  expect(csp.get('frame-ancestors')).toBe("'none'");
  expect(csp.get('base-uri')).toBe("'self'");
  expect(csp.get('form-action')).toBe("'self'");
  expect(csp.get('connect-src')).toBe("'self'");
  expect(csp.get('worker-src')).toBe("'self'");
  expect(csp.has('upgrade-insecure-requests')).toBe(https);
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['x-frame-options']).toBe('SAMEORIGIN');
  expect(h['referrer-policy']).toBe('no-referrer');
  expect(h['cross-origin-opener-policy']).toBe('same-origin');
  expect(h['cross-origin-resource-policy']).toBe('same-origin');
  expect(h['x-dns-prefetch-control']).toBe('off');
  expect(h['x-permitted-cross-domain-policies']).toBe('none');
  expect(h['x-powered-by']).toBeUndefined();
  if (https) expect(h['strict-transport-security']).toMatch(/max-age=\d{8,}; includeSubDomains/);
  else expect(h['strict-transport-security']).toBeUndefined();
}

describe('security headers', () => {
  it('are on API answers, errors included, and the API is never in a shared cache', async () => {
    const anonymous = new TestClient(w.app);
    for (const response of [
      await anonymous.get('/api/health'),
      await anonymous.get('/api/me'),
      await anonymous.post('/api/donations', {}),
    ]) {
      expectSecurityHeaders(response, false);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    // A signed-in read is kept by the browser alone and revalidated every time (ETag, 304).
    const own = await w.actors.donor.client.get('/api/me');
    expectSecurityHeaders(own, false);
    expect(own.headers['cache-control']).toBe('private, no-cache');
  });

  it('never let another origin read the API (no CORS headers, even when asked)', async () => {
    const client = w.actors.donor.client;
    for (const response of [
      await client.get('/api/me', { origin: 'https://evil.example' }),
      await client.request({
        method: 'OPTIONS',
        url: '/api/donations',
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'x-csrf-token, content-type',
        },
      }),
    ]) {
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      expect(response.headers['access-control-allow-headers']).toBeUndefined();
    }
  });

  it('are on the web app page and its client-side routes', async () => {
    for (const url of ['/', '/dashboard', '/donations/123']) {
      const page = await w.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expectSecurityHeaders(page, false);
    }
  });

  it('add HSTS and upgrade-insecure-requests when the site is served over https', async () => {
    expectSecurityHeaders(await https.app.inject({ method: 'GET', url: '/api/health' }), true);
    expectSecurityHeaders(
      await https.app.inject({
        method: 'GET',
        url: '/dashboard',
        headers: { accept: 'text/html' },
      }),
      true,
    );
  });
});

type ParsedCookie = { name: string; value: string; attributes: Map<string, string | true> };

function cookiesOf(response: LightMyRequestResponse): Map<string, ParsedCookie> {
  const raw = response.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return new Map(
    all.map((line) => {
      const [pair, ...rest] = line.split(';').map((p) => p.trim());
      const at = pair!.indexOf('=');
      const attributes = new Map<string, string | true>(
        rest.map((a) => {
          const eq = a.indexOf('=');
          return eq < 0
            ? ([a.toLowerCase(), true] as const)
            : ([a.slice(0, eq).toLowerCase(), a.slice(eq + 1)] as const);
        }),
      );
      const name = pair!.slice(0, at);
      return [name, { name, value: pair!.slice(at + 1), attributes }];
    }),
  );
}

describe('session cookies', () => {
  it('are scoped to the whole site; the CSRF cookie is readable and strict; neither is Secure on plain http', async () => {
    const response = await new TestClient(w.app).post(
      '/api/auth/register',
      registrationFor('mess'),
    );
    expect(response.statusCode).toBe(201);
    const cookies = cookiesOf(response);
    const sid = cookies.get('sid')!;
    const csrf = cookies.get('csrf_token')!;
    for (const cookie of [sid, csrf]) {
      expect(cookie.attributes.get('path')).toBe('/');
      expect(cookie.attributes.has('secure')).toBe(false);
      expect(cookie.attributes.has('domain')).toBe(false); // host-only
      expect(cookie.attributes.has('max-age') || cookie.attributes.has('expires')).toBe(false);
    }
    expect(sid.attributes.get('httponly')).toBe(true);
    expect(sid.attributes.get('samesite')).toBe('Lax');
    expect(csrf.attributes.has('httponly')).toBe(false); // the web app echoes it in a header
    expect(csrf.attributes.get('samesite')).toBe('Strict');
    expect(sid.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
  });

  it('remember me: both cookies last 30 days and keep their attributes', async () => {
    const { body } = await signUp(w.app, 'foodbank');
    const response = await new TestClient(w.app).post('/api/auth/login', {
      email: body.email,
      password: body.password,
      rememberMe: true,
    });
    expect(response.statusCode).toBe(200);
    const cookies = cookiesOf(response);
    for (const name of ['sid', 'csrf_token']) {
      const cookie = cookies.get(name)!;
      expect(cookie.attributes.get('max-age')).toBe(String(30 * 24 * 3600));
      expect(cookie.attributes.get('path')).toBe('/');
    }
    expect(cookies.get('sid')!.attributes.get('httponly')).toBe(true);
    expect(cookies.get('sid')!.attributes.get('samesite')).toBe('Lax');
  });

  it('are cleared on sign-out with the same path, and the old session no longer works', async () => {
    const { client } = await signUp(w.app, 'volunteer');
    const stolen = client.cookies.get('sid')!;
    const response = await client.post('/api/auth/logout');
    expect(response.statusCode).toBe(204);
    const cookies = cookiesOf(response);
    for (const name of ['sid', 'csrf_token']) {
      const cookie = cookies.get(name)!;
      expect(cookie.value).toBe('');
      expect(cookie.attributes.get('path')).toBe('/');
      const expires = cookie.attributes.get('expires');
      expect(typeof expires === 'string' && Date.parse(expires) <= Date.now()).toBe(true);
    }
    const replay = await w.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `sid=${stolen}` },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('are Secure when the public address is https, and the public origin is trusted', async () => {
    // Behind a proxy the app sees its own host name; the browser sends the public origin.
    const response = await new TestClient(https.app).post(
      '/api/auth/register',
      registrationFor('poultry'),
      { origin: PUBLIC_URL },
    );
    expect(response.statusCode).toBe(201);
    const cookies = cookiesOf(response);
    for (const name of ['sid', 'csrf_token']) {
      expect(cookies.get(name)!.attributes.has('secure'), name).toBe(true);
      expect(cookies.get(name)!.attributes.get('path')).toBe('/');
    }
    const lookalike = await new TestClient(https.app).post(
      '/api/auth/register',
      registrationFor('poultry'),
      { origin: `${PUBLIC_URL}.evil.example` },
    );
    expect(lookalike.statusCode).toBe(403);
    expect(lookalike.json().code).toBe('CSRF_INVALID');
  });

  it('take Secure from the public address unless COOKIE_SECURE says otherwise', () => {
    const secure = (env: Record<string, string>) =>
      loadConfig({ NODE_ENV: 'test', ...env }).cookieSecure;
    expect(secure({})).toBe(false);
    expect(secure({ PUBLIC_URL: 'http://annasetu.lan' })).toBe(false);
    expect(secure({ PUBLIC_URL })).toBe(true);
    expect(secure({ COOKIE_SECURE: 'true' })).toBe(true);
    expect(secure({ PUBLIC_URL, COOKIE_SECURE: 'false' })).toBe(false);
  });
});
