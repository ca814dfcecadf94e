import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../test/build-app.js';
import { postDonation, signUp } from '../test/factories.js';
import { entityTag, noneMatch } from './conditional-get.js';

// A phone that already holds an answer asks with its ETag and gets 304 with no body while
// nothing changed; a change gives a new tag; one person's tag never unlocks another's answer.

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  // A minimal built web app, so the static catalogues are served as in production.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-web-dist-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>AnnaSetu</title>');
  fs.mkdirSync(path.join(webDist, 'locales/hi'), { recursive: true });
  fs.writeFileSync(
    path.join(webDist, 'locales/hi/translation.json'),
    JSON.stringify({ app: { name: 'अन्नसेतु' } }),
  );
  t = await createTestApp({ WEB_DIST_DIR: webDist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

// Same place for every receiver in these tests: their feeds are byte for byte the same.
const delhi = { coordinates: { lat: 28.6139, lng: 77.209 } };

describe('GET /api/me with If-None-Match', () => {
  it('answers 304 with no body to the tag it gave, private to the browser', async () => {
    const { client } = await signUp(t.app, 'volunteer');
    const first = await client.get('/api/me');
    expect(first.statusCode).toBe(200);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toMatch(/cookie/i);

    const second = await client.get('/api/me', { 'if-none-match': tag });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
    expect(second.headers.etag).toBe(tag);
    expect(second.headers['cache-control']).toBe('private, no-cache');

    // A stale or foreign tag gets the full answer.
    const stale = await client.get('/api/me', { 'if-none-match': 'W/"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(first.json());
  });

  it('gives a new tag once the profile changes', async () => {
    const { client } = await signUp(t.app, 'volunteer');
    const tag = (await client.get('/api/me')).headers.etag as string;
    const changed = await client.patch('/api/me', { name: 'Asha Verma' });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await client.get('/api/me', { 'if-none-match': tag });
    expect(after.statusCode).toBe(200);
    expect(after.json().user.name).toBe('Asha Verma');
    expect(after.headers.etag).not.toBe(tag);
  });
});

describe('GET /api/donations/available with If-None-Match', () => {
  it('answers 304 until a new donation arrives, then the new page with a new tag', async () => {
    const bank = await signUp(t.app, 'foodbank', delhi);
    const donor = await signUp(t.app, 'restaurant', delhi);
    const url = '/api/donations/available?sort=newest';
    const first = await bank.client.get(url);
    expect(first.statusCode).toBe(200);
    const tag = first.headers.etag as string;
    expect((await bank.client.get(url, { 'if-none-match': tag })).statusCode).toBe(304);

    const donation = await postDonation(donor.client);
    const after = await bank.client.get(url, { 'if-none-match': tag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(tag);
    expect(after.json().items.map((d: { id: string }) => d.id)).toContain(donation.id);
    const again = await bank.client.get(url, { 'if-none-match': after.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it("never answers 304 to another user's tag, even for the same bytes", async () => {
    const first = await signUp(t.app, 'foodbank', delhi);
    const second = await signUp(t.app, 'foodbank', delhi);
    const url = '/api/donations/available?sort=newest&limit=5';
    const mine = await first.client.get(url);
    const theirs = await second.client.get(url);
    expect(theirs.body).toBe(mine.body);
    expect(theirs.headers.etag).not.toBe(mine.headers.etag);

    const borrowed = await second.client.get(url, {
      'if-none-match': mine.headers.etag as string,
    });
    expect(borrowed.statusCode).toBe(200);
    expect(borrowed.body).toBe(theirs.body);
    // Signed out, the same tag is worth nothing either: the feed refuses.
    const anonymous = await new TestClient(t.app).get(url, {
      'if-none-match': mine.headers.etag as string,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers.etag).toBeUndefined();
  });
});

describe('other feeds', () => {
  it("the donor's own donations and requests revalidate, and change with a request", async () => {
    const donor = await signUp(t.app, 'restaurant', delhi);
    const bank = await signUp(t.app, 'foodbank', delhi);
    const donation = await postDonation(donor.client);
    const mine = await donor.client.get('/api/donations/mine');
    const requests = await donor.client.get('/api/requests');
    expect(requests.statusCode).toBe(200);
    for (const [url, response] of [
      ['/api/donations/mine', mine],
      ['/api/requests', requests],
    ] as const) {
      const etag = response.headers.etag as string;
      expect((await donor.client.get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    }

    const requested = await bank.client.post(`/api/donations/${donation.id}/requests`, {});
    expect(requested.statusCode, requested.body).toBe(201);
    for (const [url, before] of [
      ['/api/requests', requests],
      // The donation's request count moved too.
      ['/api/donations/mine', mine],
    ] as const) {
      const after = await donor.client.get(url, { 'if-none-match': before.headers.etag as string });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
    }
  });
});

describe('what is never revalidated', () => {
  it('unsafe methods, errors and sign-in answers carry no tag and stay out of caches', async () => {
    const { client } = await signUp(t.app, 'restaurant');
    const posted = await client.post('/api/donations', {
      cuisine: 'North Indian',
      foodType: 'Dal, rice and rotis',
      vegType: 'veg',
      quantity: 20,
      prepDate: new Date().toISOString().slice(0, 10),
      prepTime: '12:30',
      deliveryMethod: 'volunteer',
    });
    expect(posted.statusCode).toBe(201);
    const missing = await client.get('/api/donations/00000000-0000-4000-8000-000000000000', {
      'if-none-match': '*',
    });
    expect(missing.statusCode).toBe(404);
    const health = await client.get('/api/health');
    for (const response of [posted, missing, health]) {
      expect(response.headers.etag).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-store');
    }
    // A POST that carries a validator is still carried out.
    const withTag = await client.post(
      '/api/donations',
      {
        cuisine: 'North Indian',
        foodType: 'Khichdi',
        vegType: 'veg',
        quantity: 10,
        prepDate: new Date().toISOString().slice(0, 10),
        prepTime: '12:30',
        deliveryMethod: 'volunteer',
      },
      { 'if-none-match': '*' },
    );
    expect(withTag.statusCode).toBe(201);
  });
});

describe('static data the app loads on every start', () => {
  it('/config.js answers 304 to its own tag', async () => {
    const anonymous = new TestClient(t.app);
    const first = await anonymous.get('/config.js');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('__ANNASETU_CONFIG__');
    const second = await anonymous.get('/config.js', {
      'if-none-match': first.headers.etag as string,
    });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('a translation catalogue answers 304 to its tag and to its date', async () => {
    const anonymous = new TestClient(t.app);
    const first = await anonymous.get('/locales/hi/translation.json');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ app: { name: 'अन्नसेतु' } });
    expect(first.headers['cache-control']).toBe('no-cache');
    const byTag = await anonymous.get('/locales/hi/translation.json', {
      'if-none-match': first.headers.etag as string,
    });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.body).toBe('');
    const byDate = await anonymous.get('/locales/hi/translation.json', {
      'if-modified-since': first.headers['last-modified'] as string,
    });
    expect(byDate.statusCode).toBe(304);
  });
});

describe('noneMatch', () => {
  const tag = entityTag('user-1', '{"a":1}');
  it('compares weakly and reads lists and *', () => {
    expect(noneMatch(tag, tag)).toBe(true);
    expect(noneMatch(tag.slice(2), tag)).toBe(true);
    expect(noneMatch(`"x", ${tag}`, tag)).toBe(true);
    expect(noneMatch('*', tag)).toBe(true);
    expect(noneMatch('"x", W/"y"', tag)).toBe(false);
    expect(noneMatch(undefined, tag)).toBe(false);
    expect(noneMatch(entityTag('user-2', '{"a":1}'), tag)).toBe(false);
  });
});
