// Both engines: live events through LISTEN/NOTIFY across instances.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openPostgres } from '../../db/client.js';
import { createTestApp, TestClient, type TestApp } from '../../test/build-app.js';
import { TEST_ENGINE } from '../../test/database.js';
import { postDonation, signInAsAdmin, signUp } from '../../test/factories.js';
import { openStream } from '../../test/sse.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/events', () => {
  it('refuses anonymous callers', async () => {
    const stream = await openStream(t.app, new TestClient(t.app));
    expect(stream.status).toBe(401);
    await stream.close();
  });

  // How fast it arrives is measured by `npm run bench:live`, not here: a timed assertion fails on
  // a loaded machine for reasons that are not the live channel's.
  it("delivers a new notification to the recipient's open page, and to nobody else", async () => {
    const donor = await signUp(t.app, 'restaurant');
    const bystander = await signUp(t.app, 'restaurant');
    const donation = await postDonation(donor.client);
    const donorStream = await openStream(t.app, donor.client);
    const otherStream = await openStream(t.app, bystander.client);
    expect(donorStream.status).toBe(200);
    expect(donorStream.contentType).toMatch(/text\/event-stream/);
    await donorStream.waitFor((e) => e.event === 'ready');
    const bank = await signUp(t.app, 'foodbank');
    await bank.client.post(`/api/donations/${donation.id}/requests`, {});
    const event = await donorStream.waitFor((e) => e.event === 'notification', 10_000);
    expect(event.id).toMatch(/^\d+$/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(otherStream.events.filter((e) => e.event === 'notification')).toEqual([]);
    await Promise.all([donorStream.close(), otherStream.close()]);
  });

  it("carries the notification's type, links and words in each recipient's language", async () => {
    const hindiDonor = await signUp(t.app, 'restaurant', { language: 'hi' });
    const englishDonor = await signUp(t.app, 'mess');
    const hindiDonation = await postDonation(hindiDonor.client, { foodType: 'Veg pulao' });
    const englishDonation = await postDonation(englishDonor.client, { foodType: 'Dal rice' });
    const [hindiStream, englishStream] = await Promise.all([
      openStream(t.app, hindiDonor.client),
      openStream(t.app, englishDonor.client),
    ]);
    await Promise.all(
      [hindiStream, englishStream].map((s) => s.waitFor((e) => e.event === 'ready')),
    );
    const bank = await signUp(t.app, 'foodbank');
    const name = bank.body.organizationName;
    const asked = await bank.client.post(`/api/donations/${hindiDonation.id}/requests`, {});
    await bank.client.post(`/api/donations/${englishDonation.id}/requests`, {});
    const hindi = await hindiStream.waitFor((e) => e.event === 'notification', 10_000);
    expect(hindi.data).toEqual({
      kind: 'notification',
      type: 'donation_request',
      title: 'नया अनुरोध',
      message: `${name} ने "Veg pulao" माँगा है।`,
      donationId: hindiDonation.id,
      requestId: asked.json().request.id,
    });
    const english = await englishStream.waitFor((e) => e.event === 'notification', 10_000);
    expect(english.data).toMatchObject({
      title: 'New request',
      message: `${name} asked for "Dal rice".`,
      donationId: englishDonation.id,
    });
    await Promise.all([hindiStream.close(), englishStream.close()]);
  });

  it('tells open feeds when a donation appears, and stays silent about a change that was refused', async () => {
    const bank = await signUp(t.app, 'foodbank');
    const feed = await openStream(t.app, bank.client);
    await feed.waitFor((e) => e.event === 'ready');
    const donor = await signUp(t.app, 'mess');
    const donation = await postDonation(donor.client);
    const event = await feed.waitFor((e) => e.event === 'donation');
    expect(event.data).toMatchObject({ kind: 'donation', donationId: donation.id });
    const before = feed.events.length;
    // A refused change (duplicate request) rolls back: no event may escape from it.
    await bank.client.post(`/api/donations/${donation.id}/requests`, {});
    const duplicate = await bank.client.post(`/api/donations/${donation.id}/requests`, {});
    expect(duplicate.statusCode).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(feed.events.slice(before).filter((e) => e.event === 'donation')).toEqual([]);
    await feed.close();
  });

  it('resumes from Last-Event-ID without losing what happened while disconnected', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const donation = await postDonation(donor.client);
    const first = await openStream(t.app, donor.client);
    const ready = await first.waitFor((e) => e.event === 'ready');
    await first.close();
    for (const role of ['foodbank', 'nursery'] as const) {
      const receiver = await signUp(t.app, role);
      await receiver.client.post(`/api/donations/${donation.id}/requests`, {});
    }
    const resumed = await openStream(t.app, donor.client, { 'last-event-id': ready.id! });
    const missed = () => resumed.events.filter((e) => e.event === 'notification');
    // Both missed notifications come back (a slow machine may deliver them apart), and only once:
    // a copy would follow right behind them.
    await expect.poll(() => missed().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(missed()).toHaveLength(2);
    await resumed.close();
  });
});

/** Resolves true when the stream ends within `ms`, false when it is still open then. */
function endsWithin(stream: { ended: Promise<void> }, ms: number): Promise<boolean> {
  return Promise.race([
    stream.ended.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
}

/** A second sign-in of the same account: its own session and cookies. */
async function secondSession(app: typeof t.app, email: string, password: string) {
  const client = new TestClient(app);
  const signedIn = await client.post('/api/auth/login', { email, password });
  expect(signedIn.statusCode).toBe(200);
  return client;
}

describe('event streams end with their session', () => {
  it("closes that session's stream within a second of sign-out, and only that one", async () => {
    const { client, body } = await signUp(t.app, 'restaurant');
    const other = await secondSession(t.app, body.email, body.password);
    const mine = await openStream(t.app, client);
    const theirs = await openStream(t.app, other);
    await mine.waitFor((e) => e.event === 'ready');
    await theirs.waitFor((e) => e.event === 'ready');
    expect((await client.post('/api/auth/logout')).statusCode).toBe(204);
    expect(await endsWithin(mine, 1000)).toBe(true);
    expect(await endsWithin(theirs, 300)).toBe(false);
    await theirs.close();
  });

  it('closes every stream of a suspended user within a second', async () => {
    const { client, body, user } = await signUp(t.app, 'volunteer');
    const other = await secondSession(t.app, body.email, body.password);
    const streams = [await openStream(t.app, client), await openStream(t.app, other)];
    for (const s of streams) await s.waitFor((e) => e.event === 'ready');
    const admin = await signInAsAdmin(t.app);
    const suspended = await admin.client.patch(`/api/admin/users/${user.id}`, { suspended: true });
    expect(suspended.statusCode).toBe(200);
    for (const s of streams) expect(await endsWithin(s, 1000)).toBe(true);
  });

  it('closes the streams of a deleted account within a second', async () => {
    const { client, body } = await signUp(t.app, 'foodbank');
    const stream = await openStream(t.app, client);
    await stream.waitFor((e) => e.event === 'ready');
    const deleted = await client.request({
      method: 'DELETE',
      url: '/api/me',
      payload: { password: body.password },
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await endsWithin(stream, 1000)).toBe(true);
  });

  it('caps the open streams per user', async () => {
    const capped = await createTestApp({ MAX_STREAMS_PER_USER: '2' });
    await capped.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { client } = await signUp(capped.app, 'restaurant');
      const first = await openStream(capped.app, client);
      const second = await openStream(capped.app, client);
      const third = await openStream(capped.app, client);
      expect([first.status, second.status, third.status]).toEqual([200, 200, 429]);
      await first.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const again = await openStream(capped.app, client);
      expect(again.status).toBe(200);
      await Promise.all([second.close(), third.close(), again.close()]);
    } finally {
      await capped.close();
    }
  });
});

describe('GET /api/events caps and expiry', () => {
  it('caps the open streams per instance with 503 and Retry-After, and per user with 429', async () => {
    const capped = await createTestApp({ MAX_STREAMS: '2', MAX_STREAMS_PER_USER: '1' });
    await capped.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const [a, b, c] = await Promise.all([
        signUp(capped.app, 'restaurant'),
        signUp(capped.app, 'foodbank'),
        signUp(capped.app, 'volunteer'),
      ]);
      const first = await openStream(capped.app, a.client);
      const again = await rawStream(capped.app, a.client);
      expect(again.status).toBe(429);
      expect(again.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await again.json()) as { code: string }).code).toBe('RATE_LIMITED');
      const second = await openStream(capped.app, b.client);
      const full = await rawStream(capped.app, c.client);
      expect([first.status, second.status, full.status]).toEqual([200, 200, 503]);
      expect(Number(full.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await full.json()) as { code: string }).code).toBe('SERVICE_BUSY');
      // A place freed is a place taken.
      await first.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const third = await openStream(capped.app, c.client);
      expect(third.status).toBe(200);
      await Promise.all([second.close(), third.close()]);
    } finally {
      await capped.close();
    }
  });

  it('closes a stream once its session expires by idleness, and not before', async () => {
    const { client, user } = await signUp(t.app, 'foodbank');
    await t.app.database.db.execute(
      sql`update sessions set expires_at = now() + interval '1500 milliseconds' where user_id = ${user.id}`,
    );
    const expiresAt = Date.now() + 1500;
    const stream = await openStream(t.app, client);
    expect(stream.status).toBe(200);
    await stream.waitFor((e) => e.event === 'ready');
    expect(await endsWithin(stream, 4000)).toBe(true);
    // The sweep runs every second; how late it is on a loaded machine is not this test's point.
    const late = Date.now() - expiresAt;
    expect(late).toBeGreaterThan(-200);
    console.log(`stream closed ${late} ms after its session expired`);
  });

  it('keeps a stream whose idle session was extended by other requests meanwhile', async () => {
    const { client, user } = await signUp(t.app, 'foodbank');
    await t.app.database.db.execute(
      sql`update sessions set expires_at = now() + interval '1 second' where user_id = ${user.id}`,
    );
    const stream = await openStream(t.app, client);
    await stream.waitFor((e) => e.event === 'ready');
    // What a request from another tab does to an idle session: slide it forward.
    await t.app.database.db.execute(
      sql`update sessions set expires_at = now() + interval '1 hour' where user_id = ${user.id}`,
    );
    expect(await endsWithin(stream, 2500)).toBe(false);
    await stream.close();
  });
});

/** A plain request to the stream, for reading a refusal's headers and body. */
async function rawStream(app: typeof t.app, client: TestClient): Promise<Response> {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('app is not listening');
  return fetch(`http://127.0.0.1:${address.port}/api/events`, {
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
}

describe.skipIf(TEST_ENGINE !== 'postgres')('live events across instances', () => {
  it('closes a stream on one instance within a second of sign-out through another', async () => {
    const url = (t.database.pool!.options as { connectionString: string }).connectionString;
    const otherDatabase = await openPostgres(url, { poolMax: 5 });
    const other = await buildApp({ config: t.config, database: otherDatabase, logger: false });
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { client } = await signUp(t.app, 'restaurant');
      const stream = await openStream(other, client);
      await stream.waitFor((e) => e.event === 'ready');
      const started = Date.now();
      expect((await client.post('/api/auth/logout')).statusCode).toBe(204);
      expect(await endsWithin(stream, 1000)).toBe(true);
      console.log(`cross-instance stream close after sign-out: ${Date.now() - started} ms`);
    } finally {
      await other.close();
      await otherDatabase.close();
    }
  });

  it('carries a change made through one instance to a stream on another', async () => {
    // A second app instance with its own pool and LISTEN connection on the same database.
    const url = (t.database.pool!.options as { connectionString: string }).connectionString;
    const otherDatabase = await openPostgres(url, { poolMax: 5 });
    const other = await buildApp({ config: t.config, database: otherDatabase, logger: false });
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const donor = await signUp(t.app, 'restaurant');
      const donation = await postDonation(donor.client);
      const stream = await openStream(other, donor.client);
      await stream.waitFor((e) => e.event === 'ready');
      const bank = await signUp(t.app, 'foodbank');
      const started = Date.now();
      await bank.client.post(`/api/donations/${donation.id}/requests`, {});
      await stream.waitFor((e) => e.event === 'notification', 1000);
      console.log(`cross-instance live event latency: ${Date.now() - started} ms`);
      await stream.close();
    } finally {
      await other.close();
      await otherDatabase.close();
    }
  });
});
