// Both engines: replayed keys under concurrency take effect once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openPglite, openPostgres, rowsOf, type Database } from '../db/client.js';
import { createTestApp, TestClient, type TestApp } from '../test/build-app.js';
import { donationInput, postDonation, signUp } from '../test/factories.js';
import { purgeExpiredIdempotencyKeys } from './idempotency.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function query<T>(database: Database, text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await database.db.execute(text));
}
const count = async (text: ReturnType<typeof sql>) =>
  ((await query<{ n: number }>(t.database, text))[0] as { n: number }).n;
const tokensOf = async (client: TestClient) =>
  (await client.get('/api/me')).json().user.tokens as number;
const key = (label: string) => `${label}-${Math.random().toString(36).slice(2)}`;

/** A donation grabbed by a volunteer, a food bank to deliver to, and the collection body. */
async function readyToCollect() {
  const donor = await signUp(t.app, 'restaurant');
  const donation = await postDonation(donor.client);
  const volunteer = await signUp(t.app, 'volunteer');
  const grab = await volunteer.client.post(`/api/donations/${donation.id}/grab`);
  expect(grab.statusCode, grab.body).toBe(201);
  const bank = await signUp(t.app, 'foodbank');
  const body = {
    donationId: donation.id as string,
    requestId: grab.json().request.id as string,
    quality: 'good',
    destinationType: 'foodbank',
    destinationUserId: bank.user.id,
  };
  return { donor, donation, volunteer, bank, body };
}

describe('Idempotency-Key on unsafe routes', () => {
  it('runs 20 concurrent replays of one collection once and gives all of them the same answer', async () => {
    const { donor, volunteer, bank, body } = await readyToCollect();
    const volunteerTokensBefore = await tokensOf(volunteer.client);
    const headers = { 'idempotency-key': key('collect') };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => volunteer.client.post('/api/collections', body, headers)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(
      await count(
        sql`select count(*)::int as n from collections where request_id = ${body.requestId}`,
      ),
    ).toBe(1);
    expect(await tokensOf(donor.client)).toBe(10);
    // The volunteer's tokens moved by the delivery reward at most once (none yet: not delivered).
    expect(await tokensOf(volunteer.client)).toBe(volunteerTokensBefore);
    expect(
      await count(
        sql`select count(*)::int as n from notifications where user_id = ${bank.user.id} and type = 'incoming_delivery'`,
      ),
    ).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from events where entity_id = ${body.requestId} and action like '%collect%'`,
      ),
    ).toBeLessThanOrEqual(1);

    // A late replay, long after the first, still gets the first answer and changes nothing.
    const late = await volunteer.client.post('/api/collections', body, headers);
    expect(late.statusCode).toBe(201);
    expect(late.body).toBe(answers[0]!.body);
    expect(await tokensOf(donor.client)).toBe(10);
  });

  it('without a key the second of two collections is refused, as before', async () => {
    const { volunteer, body } = await readyToCollect();
    const first = await volunteer.client.post('/api/collections', body);
    const second = await volunteer.client.post('/api/collections', body);
    expect([first.statusCode, second.statusCode]).toEqual([201, 409]);
  });

  it('refuses the same key with a different body with 422 IDEMPOTENCY_KEY_REUSED and changes nothing', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const headers = { 'idempotency-key': key('post') };
    const first = await donor.client.post(
      '/api/donations',
      donationInput({ foodType: 'Idli and sambar' }),
      headers,
    );
    expect(first.statusCode, first.body).toBe(201);
    const other = await donor.client.post(
      '/api/donations',
      donationInput({ foodType: 'Poha' }),
      headers,
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(
      await count(sql`select count(*)::int as n from donations where donor_id = ${donor.user.id}`),
    ).toBe(1);
    // The same key on another route is a different request too.
    const elsewhere = await donor.client.delete(
      `/api/donations/${first.json().donation.id}`,
      headers,
    );
    expect(elsewhere.statusCode).toBe(422);
    expect((await donor.client.get(`/api/donations/${first.json().donation.id}`)).statusCode).toBe(
      200,
    );
  });

  it("keeps keys per user: another user's same key runs their own request", async () => {
    const shared = { 'idempotency-key': 'same-key-for-both' };
    const a = await signUp(t.app, 'restaurant');
    const b = await signUp(t.app, 'restaurant');
    const first = await a.client.post('/api/donations', donationInput(), shared);
    const second = await b.client.post('/api/donations', donationInput(), shared);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(first.json().donation.id).not.toBe(second.json().donation.id);
  });

  it('replays a refusal as it was: a lost grab stays lost with the same code', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const donation = await postDonation(donor.client);
    const winner = await signUp(t.app, 'volunteer');
    const loser = await signUp(t.app, 'volunteer');
    expect((await winner.client.post(`/api/donations/${donation.id}/grab`)).statusCode).toBe(201);
    const headers = { 'idempotency-key': key('grab') };
    const lost = await loser.client.post(`/api/donations/${donation.id}/grab`, undefined, headers);
    expect(lost.statusCode).toBe(409);
    // The winner lets go; the replay is still the first answer, not a new grab.
    const released = await winner.client.post(`/api/donations/${donation.id}/release`, {});
    expect(released.statusCode, released.body).toBe(204);
    const replay = await loser.client.post(
      `/api/donations/${donation.id}/grab`,
      undefined,
      headers,
    );
    expect(replay.statusCode).toBe(409);
    expect(replay.body).toBe(lost.body);
    expect(
      await count(
        sql`select count(*)::int as n from requests where donation_id = ${donation.id} and requester_id = ${loser.user.id}`,
      ),
    ).toBe(0);
  });

  it('refuses a malformed key with 400 and runs nothing', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const response = await donor.client.post('/api/donations', donationInput(), {
      'idempotency-key': 'has spaces and ☃',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('IDEMPOTENCY_KEY_INVALID');
    expect(
      await count(sql`select count(*)::int as n from donations where donor_id = ${donor.user.id}`),
    ).toBe(0);
  });

  it('keeps answers for 7 days and purges them afterwards', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const k = key('ttl');
    await donor.client.post('/api/donations', donationInput(), { 'idempotency-key': k });
    const [row] = await query<{ days: number }>(
      t.database,
      sql`select extract(epoch from (expires_at - created_at)) / 86400 as days from idempotency_keys where user_id = ${donor.user.id} and key = ${k}`,
    );
    expect(Number(row!.days)).toBeGreaterThanOrEqual(7);
    expect(await purgeExpiredIdempotencyKeys(t.database.db)).toBe(0);
    const purged = await purgeExpiredIdempotencyKeys(
      t.database.db,
      new Date(Date.now() + 8 * 24 * 3_600_000),
    );
    expect(purged).toBeGreaterThanOrEqual(1);
  });
});

describe('Idempotency keys across a restart', () => {
  it('replays the first answer from a reopened database', async () => {
    const { donor, volunteer, body } = await readyToCollect();
    const headers = { 'idempotency-key': key('restart') };
    const first = await volunteer.client.post('/api/collections', body, headers);
    expect(first.statusCode).toBe(201);

    // Reopen the same data: PGlite from its files, PostgreSQL through a new pool.
    const reopened =
      t.database.kind === 'pglite'
        ? await openPglite({ loadDataDir: await t.database.pglite!.dumpDataDir('none') })
        : await openPostgres(t.database.url!, { poolMax: 4 });
    const app = await buildApp({ config: t.config, database: reopened, logger: false });
    await app.ready();
    try {
      const client = new TestClient(app);
      for (const [name, value] of volunteer.client.cookies) client.cookies.set(name, value);
      const replay = await client.post('/api/collections', body, headers);
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toBe(first.body);
      const [{ n }] = (await query<{ n: number }>(
        reopened,
        sql`select count(*)::int as n from collections where request_id = ${body.requestId}`,
      )) as [{ n: number }];
      expect(n).toBe(1);
      const donorClient = new TestClient(app);
      for (const [name, value] of donor.client.cookies) donorClient.cookies.set(name, value);
      expect(await tokensOf(donorClient)).toBe(10);
    } finally {
      await app.close();
      await reopened.close();
    }
  });
});
