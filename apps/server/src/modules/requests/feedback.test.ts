// Both engines: ratings read what a move left in the tables, replays record once, and two
// ratings of one person at the same moment both count in the average.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/build-app.js';
import { donationInput, signInAsAdmin, signUp } from '../../test/factories.js';
import { workflowFixtures } from './workflow.fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const { query, me, grabbed } = workflowFixtures(() => t);

type Party = Awaited<ReturnType<typeof signUp>>;

/** A donation carried by a volunteer to a food bank and delivered, or stopped at `until`. */
async function delivered(
  until: 'collected' | 'fulfilled' = 'fulfilled',
  volunteer?: Party,
): Promise<{ donor: Party; volunteer: Party; bank: Party; requestId: string }> {
  const donor = await signUp(t.app, 'restaurant');
  const donation = (await donor.client.post('/api/donations', donationInput())).json().donation;
  const carrier = volunteer ?? (await signUp(t.app, 'volunteer'));
  const grab = await carrier.client.post(`/api/donations/${donation.id}/grab`);
  expect(grab.statusCode, grab.body).toBe(201);
  const requestId = grab.json().request.id as string;
  const bank = await signUp(t.app, 'foodbank');
  const collect = await carrier.client.post('/api/collections', {
    donationId: donation.id,
    requestId,
    quality: 'good',
    destinationType: 'foodbank',
    destinationUserId: bank.user.id,
  });
  expect(collect.statusCode, collect.body).toBe(201);
  if (until === 'fulfilled') {
    const done = await carrier.client.post(`/api/requests/${requestId}/complete`);
    expect(done.statusCode, done.body).toBe(200);
  }
  return { donor, volunteer: carrier, bank, requestId };
}

const rate = (client: TestClient, requestId: string, body: unknown) =>
  client.post(`/api/requests/${requestId}/feedback`, body);

const feedbackRows = (requestId: string) =>
  query<{ kind: string; stars: number; note: string | null; tags: string[] }>(
    sql`select kind, stars, note, tags from feedback where request_id = ${requestId} order by kind`,
  );

const ratingOf = async (userId: string) =>
  (
    await query<{ rating: number; rating_count: number }>(
      sql`select rating, rating_count from users where id = ${userId}`,
    )
  )[0];

describe('POST /api/requests/:id/feedback', () => {
  it('lets the donor rate the pickup and the food bank the food; each average comes from the table', async () => {
    const { donor, volunteer, bank, requestId } = await delivered();
    const pickup = await rate(donor.client, requestId, {
      stars: 4,
      note: '  Came on time  ',
      tags: ['on_time', 'polite', 'on_time'],
    });
    expect(pickup.statusCode, pickup.body).toBe(201);
    expect(pickup.json().feedback).toMatchObject({
      requestId,
      kind: 'pickup',
      stars: 4,
      note: 'Came on time',
      tags: ['on_time', 'polite'],
    });
    expect(pickup.json().request.myFeedback).toEqual({ kind: 'pickup', stars: 4 });
    expect(pickup.json().request.volunteerRating).toEqual({ average: 4, count: 1 });

    const food = await rate(bank.client, requestId, { stars: 5, tags: ['well_packed'] });
    expect(food.statusCode, food.body).toBe(201);
    expect(food.json().feedback).toMatchObject({ kind: 'food', stars: 5, note: null });

    expect(await ratingOf(volunteer.user.id)).toEqual({ rating: 4, rating_count: 1 });
    expect(await ratingOf(donor.user.id)).toEqual({ rating: 5, rating_count: 1 });
    expect((await me(volunteer.client)).ratingCount).toBe(1);

    // The lists tell each party what they rated and show the matched parties' ratings.
    const donorList = await donor.client.get('/api/requests?filter=all');
    const seen = donorList.json().items.find((r: { id: string }) => r.id === requestId);
    expect(seen).toMatchObject({
      myFeedback: { kind: 'pickup', stars: 4 },
      volunteerRating: { average: 4, count: 1 },
      donorRating: { average: 5, count: 1 },
    });
    const incoming = await bank.client.get('/api/requests/incoming');
    expect(incoming.json().items.find((r: { id: string }) => r.id === requestId)).toMatchObject({
      myFeedback: { kind: 'food', stars: 5 },
      donorRating: { average: 5, count: 1 },
    });
  });

  it('averages every rating a person received', async () => {
    const volunteer = await signUp(t.app, 'volunteer');
    const stars = [5, 4, 2];
    for (const s of stars) {
      const { donor, requestId } = await delivered('fulfilled', volunteer);
      expect((await rate(donor.client, requestId, { stars: s })).statusCode).toBe(201);
    }
    expect(await ratingOf(volunteer.user.id)).toEqual({ rating: 11 / 3, rating_count: 3 });
  });

  it('counts every rating of one person given at the same moment', async () => {
    const volunteer = await signUp(t.app, 'volunteer');
    const stars = [5, 2, 4, 3, 5, 1];
    const jobs = [];
    for (const _ of stars) jobs.push(await delivered('fulfilled', volunteer));
    const answers = await Promise.all(
      jobs.map((job, i) => rate(job.donor.client, job.requestId, { stars: stars[i] })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(stars.map(() => 201));
    expect(await ratingOf(volunteer.user.id)).toEqual({ rating: 20 / 6, rating_count: 6 });
  });

  it('records a double tap once: the second answers 409 FEEDBACK_ALREADY_GIVEN', async () => {
    const { donor, volunteer, requestId } = await delivered();
    const answers = await Promise.all([
      rate(donor.client, requestId, { stars: 5 }),
      rate(donor.client, requestId, { stars: 1 }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('FEEDBACK_ALREADY_GIVEN');
    expect(await feedbackRows(requestId)).toHaveLength(1);
    expect((await ratingOf(volunteer.user.id))!.rating_count).toBe(1);
  });

  it('answers a replay with the same Idempotency-Key with the first answer', async () => {
    const { donor, volunteer, requestId } = await delivered();
    const key = { 'idempotency-key': `feedback-${requestId}` };
    const first = await donor.client.post(`/api/requests/${requestId}/feedback`, { stars: 3 }, key);
    const again = await donor.client.post(`/api/requests/${requestId}/feedback`, { stars: 3 }, key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().feedback.id).toBe(first.json().feedback.id);
    expect(await ratingOf(volunteer.user.id)).toEqual({ rating: 3, rating_count: 1 });
  });

  it('refuses a rating before the food is delivered, and changes nothing', async () => {
    const { donor, bank, requestId } = await delivered('collected');
    for (const [client, body] of [
      [donor.client, { stars: 5 }],
      [bank.client, { stars: 5 }],
    ] as const) {
      const answer = await rate(client, requestId, body);
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().code).toBe('FEEDBACK_NOT_YET');
    }
    expect(await feedbackRows(requestId)).toEqual([]);
  });

  it('refuses everyone but the donor and the destination', async () => {
    const { donor, volunteer, bank, requestId } = await delivered();
    const stranger = await signUp(t.app, 'restaurant');
    const otherBank = await signUp(t.app, 'foodbank');
    const admin = await signInAsAdmin(t.app);
    for (const client of [stranger.client, otherBank.client]) {
      const answer = await rate(client, requestId, { stars: 5 });
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json().code).toBe('FORBIDDEN');
    }
    // Volunteers and admins rate nothing: refused by role before the body is read.
    for (const client of [volunteer.client, admin.client])
      expect((await rate(client, requestId, { stars: 5 })).statusCode).toBe(403);
    expect((await rate(donor.client, crypto.randomUUID(), { stars: 5 })).statusCode).toBe(404);
    expect(await feedbackRows(requestId)).toEqual([]);
    expect(await ratingOf(donor.user.id)).toEqual({ rating: 0, rating_count: 0 });
    expect(bank).toBeDefined();
  });

  it('gives a self delivery no pickup to rate: the donor is refused, the receiver rates the food', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const nursery = await signUp(t.app, 'nursery');
    const posted = await donor.client.post(
      '/api/donations',
      donationInput({
        deliveryMethod: 'self',
        destinationType: 'nursery',
        destinationUserId: nursery.user.id,
      }),
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const requestId = posted.json().request.id as string;
    const done = await nursery.client.post(`/api/requests/${requestId}/confirm-receipt`, {
      quality: 'good',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await rate(donor.client, requestId, { stars: 5 })).statusCode).toBe(403);
    const food = await rate(nursery.client, requestId, { stars: 4, tags: ['fresh'] });
    expect(food.statusCode, food.body).toBe(201);
    expect(await ratingOf(donor.user.id)).toEqual({ rating: 4, rating_count: 1 });
  });

  it.each([
    ['0 stars', { stars: 0 }, 'FEEDBACK_STARS_INVALID'],
    ['6 stars', { stars: 6 }, 'FEEDBACK_STARS_INVALID'],
    ['2.5 stars', { stars: 2.5 }, 'FEEDBACK_STARS_INVALID'],
    ['"x" stars', { stars: 'x' }, 'FEEDBACK_STARS_INVALID'],
    ['no stars', { note: 'Fine' }, 'FEEDBACK_STARS_INVALID'],
    ['a note of 501 characters', { stars: 4, note: 'a'.repeat(501) }, 'TEXT_TOO_LONG'],
    ['an unknown tag', { stars: 4, tags: ['rude'] }, 'FEEDBACK_TAG_UNKNOWN'],
    ['a food tag on a pickup', { stars: 4, tags: ['well_packed'] }, 'FEEDBACK_TAG_UNKNOWN'],
  ])('refuses %s with a code and changes nothing', async (_name, body, code) => {
    const { donor, volunteer, requestId } = await delivered();
    const answer = await rate(donor.client, requestId, body);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().code).toBe(code);
    expect(await feedbackRows(requestId)).toEqual([]);
    expect(await ratingOf(volunteer.user.id)).toEqual({ rating: 0, rating_count: 0 });
  });

  it('keeps a note of exactly 500 characters', async () => {
    const { donor, requestId } = await delivered();
    const answer = await rate(donor.client, requestId, { stars: 4, note: 'a'.repeat(500) });
    expect(answer.statusCode, answer.body).toBe(201);
    expect((await feedbackRows(requestId))[0]!.note).toHaveLength(500);
  });

  it('offers nothing to rate on a request still on its way', async () => {
    const { donor, request } = await grabbed();
    const list = await donor.client.get('/api/requests?filter=all');
    const seen = list.json().items.find((r: { id: string }) => r.id === request.id);
    expect(seen.myFeedback).toBeNull();
  });
});
