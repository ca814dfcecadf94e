// Both engines: sessions and unique emails under concurrent registration.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ERROR_MESSAGES } from '@annasetu/domain';
import { createTestApp, TestClient, type TestApp } from '../../test/build-app.js';
import { registrationFor, signUp } from '../../test/factories.js';
import { rowsOf } from '../../db/client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function userCount(): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.database.db.execute(sql`select count(*)::int as n from users`),
  );
  return row!.n;
}

function setCookie(
  response: { headers: Record<string, unknown> },
  name: string,
): string | undefined {
  const raw = response.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return all.find((c: string) => c.startsWith(`${name}=`));
}

describe('POST /api/auth/register', () => {
  it('creates the account, signs in, and applies the seed defaults', async () => {
    const client = new TestClient(t.app);
    const { role: _role, ...withoutRole } = registrationFor('restaurant');
    const response = await client.post('/api/auth/register', withoutRole);
    expect(response.statusCode).toBe(201);
    const { user } = response.json();
    expect(user).toMatchObject({
      role: 'restaurant',
      capacity: 'medium',
      coordinates: { lat: 28.6139, lng: 77.209 },
      isVerified: false,
      rating: 0,
      ratingCount: 0,
      totalDonations: 0,
      totalRequests: 0,
      tokens: 0,
    });
    expect(response.body).not.toMatch(/argon2|password/i);
    const sid = setCookie(response, 'sid')!;
    expect(sid).toMatch(/HttpOnly/);
    expect(sid).toMatch(/SameSite=Lax/);
    expect(sid).not.toMatch(/Max-Age|Expires/); // browser-session cookie
    expect(response.body).not.toContain(sid.split(';')[0]!.split('=')[1]);
    const me = await client.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(user.id);
  });

  it('keeps coordinates the user picked and lower-cases the email', async () => {
    const body = registrationFor('volunteer', { coordinates: { lat: 12.97, lng: 77.59 } });
    const response = await new TestClient(t.app).post('/api/auth/register', {
      ...body,
      email: body.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.coordinates).toEqual({ lat: 12.97, lng: 77.59 });
    expect(response.json().user.email).toBe(body.email.toLowerCase());
  });

  it.each([
    [
      'mismatched passwords',
      { confirmPassword: 'different1' },
      'PASSWORDS_DO_NOT_MATCH',
      'confirmPassword',
    ],
    [
      'a 5-character password',
      { password: 'abcde', confirmPassword: 'abcde' },
      'PASSWORD_TOO_SHORT',
      'password',
    ],
    ['an empty name', { name: '   ' }, 'REQUIRED_FIELDS_MISSING', 'name'],
    ['an empty email', { email: '' }, 'REQUIRED_FIELDS_MISSING', 'email'],
    ['an empty phone', { phone: '' }, 'REQUIRED_FIELDS_MISSING', 'phone'],
    ['an empty address', { address: '' }, 'REQUIRED_FIELDS_MISSING', 'address'],
    ['a malformed email', { email: 'not-an-email' }, 'EMAIL_INVALID', 'email'],
    ['a phone made of letters', { phone: 'call me maybe' }, 'PHONE_INVALID', 'phone'],
    ['the admin role', { role: 'admin' }, 'ROLE_NOT_REGISTRABLE', 'role'],
    ['an unknown capacity', { capacity: 'huge' }, 'INVALID_VALUE', 'capacity'],
    [
      'coordinates off the globe',
      { coordinates: { lat: 91, lng: 0 } },
      'COORDINATES_INVALID',
      'coordinates.lat',
    ],
    ['HTML in the name', { name: '<script>alert(1)</script>' }, 'TEXT_MARKUP_NOT_ALLOWED', 'name'],
    [
      'an image tag in the address',
      { address: '<img src=x onerror=alert(1)>' },
      'TEXT_MARKUP_NOT_ALLOWED',
      'address',
    ],
    ['a control character', { name: 'A\u0000B' }, 'TEXT_INVALID_CHARACTERS', 'name'],
    ['a 10 kB name', { name: 'x'.repeat(10_000) }, 'TEXT_TOO_LONG', 'name'],
    ['a number as name', { name: 42 }, 'REQUIRED_FIELDS_MISSING', 'name'],
  ])('refuses %s with the seed message and changes nothing', async (_label, patch, code, field) => {
    const before = await userCount();
    const response = await new TestClient(t.app).post('/api/auth/register', {
      ...registrationFor('restaurant'),
      ...patch,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe(code);
    expect(body.error).toBe(ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES]);
    expect(body.details).toContainEqual({
      field,
      code,
      message: ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES],
    });
    expect(await userCount()).toBe(before);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('uses the seed wording verbatim', () => {
    expect(ERROR_MESSAGES.PASSWORDS_DO_NOT_MATCH).toBe('Passwords do not match');
    expect(ERROR_MESSAGES.PASSWORD_TOO_SHORT).toBe('Password must be at least 6 characters long');
    expect(ERROR_MESSAGES.REQUIRED_FIELDS_MISSING).toBe('Please fill in all required fields');
  });

  it.each(['restaurant', 'foodbank', 'individual'] as const)(
    'requires an organization name for %s',
    async (role) => {
      const { organizationName: _o, ...body } = registrationFor(role);
      const response = await new TestClient(t.app).post('/api/auth/register', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('ORGANIZATION_REQUIRED');
    },
  );

  it.each(['volunteer', 'nursery', 'poultry', 'mess'] as const)(
    'does not require an organization name for %s',
    async (role) => {
      const { organizationName: _o, ...body } = registrationFor(role);
      const response = await new TestClient(t.app).post('/api/auth/register', body);
      expect(response.statusCode).toBe(201);
      expect(response.json().user.role).toBe(role);
    },
  );

  it('refuses a second account with the same email, in any letter case', async () => {
    const { body } = await signUp(t.app, 'foodbank');
    const before = await userCount();
    const again = await new TestClient(t.app).post('/api/auth/register', {
      ...registrationFor('volunteer'),
      email: `  ${body.email.toUpperCase()} `,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
    expect(await userCount()).toBe(before);
  });

  it('lets exactly one of ten simultaneous sign-ups with one email through', async () => {
    const body = registrationFor('restaurant');
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => new TestClient(t.app).post('/api/auth/register', body)),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(9);
  });

  it('refuses unknown fields such as a self-granted verification', async () => {
    const response = await new TestClient(t.app).post('/api/auth/register', {
      ...registrationFor('restaurant'),
      isVerified: true,
      tokens: 1000,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'isVerified', code: 'UNKNOWN_FIELD' }),
      ]),
    );
  });

  it('stores SQL-looking text verbatim and leaves the tables intact', async () => {
    const name = "Robert'); DROP TABLE users;--";
    const { user } = await signUp(t.app, 'volunteer', { name, address: "1' OR '1'='1" });
    const me = await new TestClient(t.app).get('/api/me');
    expect(me.statusCode).toBe(401);
    const [row] = rowsOf<{ name: string }>(
      await t.database.db.execute(sql`select name from users where id = ${user.id}`),
    );
    expect(row!.name).toBe(name);
  });

  it('answers malformed JSON, a wrong content type and an oversized body with codes', async () => {
    const client = new TestClient(t.app);
    const before = await userCount();
    const malformed = await client.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('MALFORMED_JSON');

    const text = await client.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const huge = await client.post('/api/auth/register', {
      ...registrationFor(),
      description: 'x'.repeat(2_000_000),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('BODY_TOO_LARGE');

    const array = await client.post('/api/auth/register', [1, 2, 3]);
    expect(array.statusCode).toBe(400);
    expect(await userCount()).toBe(before);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with a fresh browser-session cookie and never reveals which part was wrong', async () => {
    const { body } = await signUp(t.app, 'restaurant');
    const client = new TestClient(t.app);
    const ok = await client.post('/api/auth/login', { email: body.email, password: body.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(body.email);
    expect(setCookie(ok, 'sid')).not.toMatch(/Max-Age/);

    const wrongPassword = await new TestClient(t.app).post('/api/auth/login', {
      email: body.email,
      password: 'wrong-pass',
    });
    const unknownEmail = await new TestClient(t.app).post('/api/auth/login', {
      email: `nobody.${Date.now()}@example.in`,
      password: body.password,
    });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: 'Invalid email or password. Please try again.',
        code: 'INVALID_CREDENTIALS',
      });
    }
  });

  it('makes the cookies persistent for 30 days with remember me', async () => {
    const { body } = await signUp(t.app, 'volunteer');
    const response = await new TestClient(t.app).post('/api/auth/login', {
      email: body.email,
      password: body.password,
      rememberMe: true,
    });
    expect(response.statusCode).toBe(200);
    expect(setCookie(response, 'sid')).toMatch(/Max-Age=2592000/);
    expect(setCookie(response, 'csrf_token')).toMatch(/Max-Age=2592000/);
    expect(setCookie(response, 'csrf_token')).not.toMatch(/HttpOnly/);
  });

  it('issues a new session id at every sign-in and ends the old one', async () => {
    const { client, body } = await signUp(t.app, 'restaurant');
    const oldSid = client.cookies.get('sid')!;
    const login = await client.post('/api/auth/login', {
      email: body.email,
      password: body.password,
    });
    expect(login.statusCode).toBe(200);
    expect(client.cookies.get('sid')).not.toBe(oldSid);
    const withOld = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `sid=${oldSid}` },
    });
    expect(withOld.statusCode).toBe(401);
  });

  it('refuses a role that the screen does not allow', async () => {
    const { body } = await signUp(t.app, 'poultry');
    const client = new TestClient(t.app);
    const response = await client.post('/api/auth/login', {
      email: body.email,
      password: body.password,
      allowedRoles: ['restaurant', 'foodbank'],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'ROLE_NOT_ALLOWED',
      error: 'You are not authorized to log in here.',
    });
    expect(client.cookies.has('sid')).toBe(false);
  });

  it('refuses suspended accounts and their existing sessions', async () => {
    const { client, body, user } = await signUp(t.app, 'restaurant');
    await t.database.db.execute(sql`update users set suspended_at = now() where id = ${user.id}`);
    expect((await client.get('/api/me')).statusCode).toBe(401);
    const login = await new TestClient(t.app).post('/api/auth/login', {
      email: body.email,
      password: body.password,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('ACCOUNT_SUSPENDED');
  });
});
