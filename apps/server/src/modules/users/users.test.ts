import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../test/build-app.js';
import { signUp } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/me', () => {
  it('answers 401 with a code to anonymous callers', async () => {
    const response = await new TestClient(t.app).get('/api/me');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'Please sign in to continue.',
      code: 'UNAUTHENTICATED',
    });
  });
});

describe('PATCH /api/me', () => {
  it('updates name, phone, address, location and language of the signed-in user only', async () => {
    const alice = await signUp(t.app, 'restaurant');
    const bob = await signUp(t.app, 'foodbank');
    const response = await alice.client.patch('/api/me', {
      name: 'Alice Rao',
      phone: '+91 90000 00001',
      address: 'Banjara Hills, Hyderabad',
      coordinates: { lat: 17.41, lng: 78.44 },
      language: 'te',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      name: 'Alice Rao',
      // Stored in E.164 (decision 0060).
      phone: '+919000000001',
      address: 'Banjara Hills, Hyderabad',
      coordinates: { lat: 17.41, lng: 78.44 },
      language: 'te',
    });
    const bobMe = await bob.client.get('/api/me');
    expect(bobMe.json().user.name).toBe(bob.body.name);
  });

  it('saves Tamil and Marathi as the account language, at sign-up and later', async () => {
    const { client } = await signUp(t.app, 'foodbank', { language: 'ta' });
    expect((await client.get('/api/me')).json().user.language).toBe('ta');
    const response = await client.patch('/api/me', { language: 'mr' });
    expect(response.statusCode).toBe(200);
    expect((await client.get('/api/me')).json().user.language).toBe('mr');
  });

  it('refuses a language the interface does not have and keeps the saved one', async () => {
    const { client } = await signUp(t.app, 'foodbank', { language: 'mr' });
    const response = await client.patch('/api/me', { language: 'gu' });
    expect(response.statusCode).toBe(400);
    expect((await client.get('/api/me')).json().user.language).toBe('mr');
  });

  it('clears the location with null', async () => {
    const { client } = await signUp(t.app, 'volunteer');
    const response = await client.patch('/api/me', { coordinates: null });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.coordinates).toBeNull();
  });

  it('refuses anonymous callers', async () => {
    const response = await new TestClient(t.app).patch('/api/me', { name: 'Nobody' });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['a role change', { role: 'admin' }, 'UNKNOWN_FIELD'],
    ['an email change', { email: 'new@example.in' }, 'UNKNOWN_FIELD'],
    ['token grants', { tokens: 999 }, 'UNKNOWN_FIELD'],
    ['an empty name', { name: '' }, 'REQUIRED_FIELDS_MISSING'],
    ['an empty body', {}, 'NOTHING_TO_UPDATE'],
    ['markup in the address', { address: '<b>x</b>' }, 'TEXT_MARKUP_NOT_ALLOWED'],
  ])('refuses %s and changes nothing', async (_label, payload, code) => {
    const { client, body } = await signUp(t.app, 'restaurant');
    const response = await client.patch('/api/me', payload);
    expect(response.statusCode).toBe(400);
    expect(
      response.json().code === code ||
        response.json().details?.some((d: { code: string }) => d.code === code),
    ).toBe(true);
    const me = (await client.get('/api/me')).json().user;
    expect(me).toMatchObject({ role: 'restaurant', email: body.email, name: body.name, tokens: 0 });
  });
});
