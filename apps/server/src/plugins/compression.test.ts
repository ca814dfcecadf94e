import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/build-app.js';
import { postDonation, signUp } from '../test/factories.js';
import { openStream } from '../test/sse.js';

// Answers travel compressed to a browser that accepts it (decision 0042): the same body once
// decoded, the same validator and 304, static files from their build-time copies, and the live
// stream never held back by a compressor.

let t: TestApp;
let webDist: string;
const script = `export const text = ${JSON.stringify('अन्नसेतु '.repeat(400))};\n`;
beforeAll(async () => {
  // A minimal build: one hashed script with the copies the build's compress step writes.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-web-dist-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>AnnaSetu</title>');
  fs.mkdirSync(path.join(webDist, 'assets'));
  const file = path.join(webDist, 'assets', 'app-abc123.js');
  fs.writeFileSync(file, script);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(script));
  fs.writeFileSync(`${file}.gz`, gzipSync(script));
  t = await createTestApp({ WEB_DIST_DIR: webDist });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const delhi = { coordinates: { lat: 28.6139, lng: 77.209 } };

describe('GET /api/donations/available with Accept-Encoding', () => {
  it('sends brotli or gzip that decodes to the very body and tag of the plain answer', async () => {
    const bank = await signUp(t.app, 'foodbank', delhi);
    const donor = await signUp(t.app, 'restaurant', delhi);
    for (let i = 0; i < 3; i += 1) await postDonation(donor.client);
    const url = '/api/donations/available?sort=newest';

    const plain = await bank.client.get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.json().items).toHaveLength(3);

    const br = await bank.client.get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers.vary).toMatch(/cookie/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);

    const gz = await bank.client.get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gz.headers.etag).toBe(plain.headers.etag);
  });

  it('still answers 304 with no body to the tag of a compressed answer', async () => {
    const bank = await signUp(t.app, 'foodbank', delhi);
    const donor = await signUp(t.app, 'restaurant', delhi);
    for (let i = 0; i < 3; i += 1) await postDonation(donor.client);
    const url = '/api/donations/available?sort=newest';
    const first = await bank.client.get(url, { 'accept-encoding': 'br, gzip' });
    expect(first.headers['content-encoding']).toBe('br');
    const again = await bank.client.get(url, {
      'accept-encoding': 'br, gzip',
      'if-none-match': first.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
  });

  it('leaves small answers uncompressed', async () => {
    const { client } = await signUp(t.app, 'volunteer');
    const response = await client.get('/api/notifications/unread-count', {
      'accept-encoding': 'br, gzip',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe('static files', () => {
  it('sends the build-time brotli copy, varying on Accept-Encoding, with its own validator', async () => {
    const url = '/assets/app-abc123.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(script);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(script);

    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    const revalidated = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);
  });
});

describe('GET /api/events with Accept-Encoding: gzip', () => {
  it('delivers a new donation to an open feed at once, uncompressed', async () => {
    const bank = await signUp(t.app, 'foodbank');
    const feed = await openStream(t.app, bank.client, { 'accept-encoding': 'gzip, br' });
    expect(feed.status).toBe(200);
    expect(feed.contentEncoding).toBeNull();
    await feed.waitFor((e) => e.event === 'ready');
    const donor = await signUp(t.app, 'mess');
    // A compressed stream would hold this one small event back until its buffer fills, which
    // never happens here: the wait below would run out. Latency is measured by `npm run bench:live`.
    const donation = await postDonation(donor.client);
    const event = await feed.waitFor((e) => e.event === 'donation', 10_000);
    expect(event.data).toMatchObject({ donationId: donation.id });
    await feed.close();
  });
});
