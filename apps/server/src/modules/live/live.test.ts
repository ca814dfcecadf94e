import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openPostgres } from '../../db/client.js';
import { createTestApp, TestClient, type TestApp } from '../../test/build-app.js';
import { TEST_ENGINE } from '../../test/database.js';
import { postDonation, signUp } from '../../test/factories.js';
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

  it("delivers a new notification to the recipient's open page within a second, and to nobody else", async () => {
    const donor = await signUp(t.app, 'restaurant');
    const bystander = await signUp(t.app, 'restaurant');
    const donation = await postDonation(donor.client);
    const donorStream = await openStream(t.app, donor.client);
    const otherStream = await openStream(t.app, bystander.client);
    expect(donorStream.status).toBe(200);
    expect(donorStream.contentType).toMatch(/text\/event-stream/);
    await donorStream.waitFor((e) => e.event === 'ready');
    const bank = await signUp(t.app, 'foodbank');
    const started = Date.now();
    await bank.client.post(`/api/donations/${donation.id}/requests`, {});
    const event = await donorStream.waitFor((e) => e.event === 'notification', 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(event.id).toMatch(/^\d+$/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(otherStream.events.filter((e) => e.event === 'notification')).toEqual([]);
    await Promise.all([donorStream.close(), otherStream.close()]);
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
    await resumed.waitFor((e) => e.event === 'notification');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(resumed.events.filter((e) => e.event === 'notification')).toHaveLength(2);
    await resumed.close();
  });
});

describe.skipIf(TEST_ENGINE !== 'postgres')('live events across instances', () => {
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
