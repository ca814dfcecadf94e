// What the handover tests (handover.test.ts, register.test.ts) start from: parties with FSSAI
// numbers, food just cooked, and a donation carried to a food bank up to a chosen step.
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import type { TestApp, TestClient } from '../../test/build-app.js';
import { donationInput, signUp } from '../../test/factories.js';

export type Party = Awaited<ReturnType<typeof signUp>>;

/** Food cooked half an hour ago on an Indian clock: fit for people whatever the hour. */
export function justCooked(now = Date.now()) {
  const india = new Date(now - 30 * 60_000 + 330 * 60_000).toISOString();
  return { prepDate: india.slice(0, 10), prepTime: india.slice(11, 16), timeZone: 'Asia/Kolkata' };
}

/** The fixtures, over the test app `app()` opened by the test file. */
export function handoverFixtures(app: () => TestApp) {
  async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
    return rowsOf<T>(await app().database.db.execute(text));
  }

  /** A user of `role`, with an FSSAI number when given. */
  async function party(role: Parameters<typeof signUp>[1], fssaiNumber?: string) {
    const user = await signUp(app().app, role);
    if (fssaiNumber) {
      const set = await user.client.patch('/api/me', { fssaiNumber });
      expect(set.statusCode, set.body).toBe(200);
    }
    return user;
  }

  /**
   * A donor's hot veg meal with allergens, grabbed by a volunteer; then collected for `bank`
   * with the pickup check, and (`until`) delivered by the volunteer or received by the bank.
   */
  async function carried(
    until: 'grabbed' | 'collected' | 'delivered' | 'received',
    people: { donor?: Party; volunteer?: Party; bank?: Party } = {},
    /** What the volunteer finds at pickup (absent: not entered, as an older app). */
    measured: { picked?: number } = {},
  ) {
    const donor = people.donor ?? (await party('restaurant', '10012345678901'));
    const posted = await donor.client.post(
      '/api/donations',
      donationInput({
        foodType: 'Veg biryani',
        holding: 'hot',
        allergens: ['milk', 'tree_nuts'],
        ...justCooked(),
      }),
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const donationId = posted.json().donation.id as string;
    const volunteer = people.volunteer ?? (await party('volunteer'));
    const grab = await volunteer.client.post(`/api/donations/${donationId}/grab`);
    expect(grab.statusCode, grab.body).toBe(201);
    const requestId = grab.json().request.id as string;
    const bank = people.bank ?? (await party('foodbank', '20012345678902'));
    const ids = { donor, volunteer, bank, donationId, requestId };
    if (until === 'grabbed') return ids;
    const collect = await volunteer.client.post('/api/collections', {
      donationId,
      requestId,
      quality: 'good',
      destinationType: 'foodbank',
      destinationUserId: bank.user.id,
      holdingAtPickup: 'hot',
      containerClosed: true,
      ...(measured.picked !== undefined ? { pickedQuantity: measured.picked } : {}),
    });
    expect(collect.statusCode, collect.body).toBe(201);
    if (until === 'delivered') {
      const done = await volunteer.client.post(`/api/requests/${requestId}/complete`);
      expect(done.statusCode, done.body).toBe(200);
    }
    if (until === 'received') {
      const done = await bank.client.post(`/api/requests/${requestId}/confirm-receipt`, {
        arrivalCondition: 'good',
      });
      expect(done.statusCode, done.body).toBe(200);
    }
    return ids;
  }

  const handoverOf = (client: TestClient, donationId: string) =>
    client.get(`/api/donations/${donationId}/handover`);

  /** The stored check and condition of a request and its collection. */
  const stored = async (requestId: string) =>
    (
      await query<{
        status: string;
        arrival_condition: string | null;
        condition: string | null;
        holding_at_pickup: string | null;
        container_closed: boolean | null;
        collections: number;
      }>(
        sql`select r.status, r.arrival_condition, r.condition, c.holding_at_pickup,
              c.container_closed,
              (select count(*)::int from collections where request_id = r.id) as collections
            from requests r left join collections c on c.request_id = r.id
            where r.id = ${requestId}`,
      )
    )[0]!;

  const tokensOf = async (userId: string) =>
    (await query<{ tokens: number }>(sql`select tokens from users where id = ${userId}`))[0]!
      .tokens;

  return { query, party, carried, handoverOf, stored, tokensOf };
}
