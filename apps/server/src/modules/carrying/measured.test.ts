// Both engines: what changed hands (decision 0064) moves the impact figures the platform's
// triggers sum, and two receipts sent at once record one amount.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { signInAsAdmin, signUp } from '../../test/factories.js';
import { handoverFixtures } from '../handover/handover.fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const { query, carried, handoverOf } = handoverFixtures(() => t);

/** The donation's impact figures and what they rest on, as stored. */
async function impactOf(donationId: string) {
  const [row] = await query<{
    meals_donated: number;
    co2_saved: number;
    impact_basis: string;
    measured_quantity: number | null;
  }>(
    sql`select meals_donated, co2_saved, impact_basis, measured_quantity
        from donations where id = ${donationId}`,
  );
  return row!;
}

/** Completed meals on the platform, summed by the rollup triggers. */
async function platformMeals(): Promise<number> {
  const [row] = await query<{ meals: string }>(
    sql`select coalesce(sum(completed_meals), 0)::text as meals from stats_daily`,
  );
  return Number(row!.meals);
}

async function shortfallNotices(userId: string): Promise<number> {
  const [row] = await query<{ n: number }>(
    sql`select count(*)::int as n from notifications
        where user_id = ${userId} and type = 'receipt_shortfall'`,
  );
  return row!.n;
}

describe('what the volunteer picks up', () => {
  it('replaces the estimate in the impact, for the donor and the platform', async () => {
    const before = await platformMeals();
    const { donor, requestId, donationId } = await carried('collected', {}, { picked: 18 });
    expect(await impactOf(donationId)).toEqual({
      meals_donated: 18,
      co2_saved: 23.4,
      impact_basis: 'picked',
      measured_quantity: 18,
    });
    expect(await platformMeals()).toBe(before + 18);
    const mine = await donor.client.get('/api/stats/me?range=all');
    // The donor's figures say how many of their delivered donations were measured.
    expect(mine.json().stats).toMatchObject({
      mealsDonated: 18,
      donationsCounted: 1,
      donationsMeasured: 1,
    });
    const request = await donor.client.get(`/api/requests?filter=all&donationId=${donationId}`);
    expect(request.json().items.find((r: { id: string }) => r.id === requestId)).toMatchObject({
      pickedQuantity: 18,
      receivedQuantity: null,
      receiptShortfall: false,
    });
    const donation = await donor.client.get(`/api/donations/${donationId}`);
    expect(donation.json().donation).toMatchObject({
      impactBasis: 'picked',
      measuredQuantity: 18,
      mealsDonated: 18,
    });
  });

  it('keeps the estimate when an older app sends no amount', async () => {
    const { donor, donationId } = await carried('collected');
    expect(await impactOf(donationId)).toMatchObject({
      meals_donated: 20,
      impact_basis: 'estimate',
      measured_quantity: null,
    });
    const mine = await donor.client.get('/api/stats/me?range=all');
    expect(mine.json().stats).toMatchObject({ donationsCounted: 1, donationsMeasured: 0 });
  });

  it('counts only food delivered good in "N of M delivered donations", not food found unfit', async () => {
    const { donor, volunteer, requestId, donationId } = await carried('grabbed', {}, {});
    const farm = await signUp(t.app, 'poultry');
    const collect = await volunteer.client.post('/api/collections', {
      donationId,
      requestId,
      quality: 'bad',
      destinationType: 'poultry',
      destinationUserId: farm.user.id,
      holdingAtPickup: 'hot',
      containerClosed: true,
      pickedQuantity: 18,
    });
    expect(collect.statusCode, collect.body).toBe(201);
    const [row] = await query<{ status: string; completed_at: Date | null }>(
      sql`select status, completed_at from donations where id = ${donationId}`,
    );
    // Rejected, with a completion time: a count by completion time alone took it in.
    expect(row!.status).toBe('rejected');
    const mine = await donor.client.get('/api/stats/me?range=all');
    expect(mine.json().stats).toMatchObject({
      mealsDonated: 0,
      donationsCounted: 0,
      donationsMeasured: 0,
    });
  });

  it('refuses a part of a meal, and a collection refused changes nothing', async () => {
    const { volunteer, bank, requestId, donationId } = await carried('grabbed');
    const half = await volunteer.client.post('/api/collections', {
      donationId,
      requestId,
      quality: 'good',
      destinationType: 'foodbank',
      destinationUserId: bank.user.id,
      holdingAtPickup: 'hot',
      containerClosed: true,
      pickedQuantity: 2.5,
    });
    expect(half.statusCode).toBe(400);
    expect(half.json()).toMatchObject({
      code: 'QUANTITY_NOT_WHOLE',
      details: [{ field: 'pickedQuantity', code: 'QUANTITY_NOT_WHOLE' }],
    });
    for (const [pickedQuantity, code] of [
      [0, 'QUANTITY_INVALID'],
      [-3, 'QUANTITY_INVALID'],
      ['ten', 'QUANTITY_INVALID'],
      // More than twice the 20 meals posted: a slip of the thumb, not a find.
      [41, 'QUANTITY_UNLIKELY'],
      [1e9, 'QUANTITY_UNLIKELY'],
    ] as const) {
      const bad = await volunteer.client.post('/api/collections', {
        donationId,
        requestId,
        quality: 'good',
        destinationType: 'foodbank',
        destinationUserId: bank.user.id,
        pickedQuantity,
      });
      expect(bad.statusCode, String(pickedQuantity)).toBe(400);
      expect(bad.json().code, String(pickedQuantity)).toBe(code);
    }
    const [row] = await query<{ status: string; picked_quantity: number | null }>(
      sql`select status, picked_quantity from requests where id = ${requestId}`,
    );
    expect(row).toEqual({ status: 'accepted', picked_quantity: null });
    expect((await impactOf(donationId)).impact_basis).toBe('estimate');
  });
});

describe('what the receiver confirms', () => {
  it('is what the impact counts, and a receipt a fifth short is flagged to admins only', async () => {
    const admin = await signInAsAdmin(t.app);
    const { donor, volunteer, bank, requestId, donationId } = await carried(
      'collected',
      {},
      { picked: 18 },
    );
    const before = await platformMeals();
    const receipt = await bank.client.post(`/api/requests/${requestId}/confirm-receipt`, {
      arrivalCondition: 'good',
      receivedQuantity: 9,
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json().request).toMatchObject({
      status: 'fulfilled',
      pickedQuantity: 18,
      receivedQuantity: 9,
      receiptShortfall: true,
      co2Saved: 11.7,
    });
    expect(await impactOf(donationId)).toEqual({
      meals_donated: 9,
      co2_saved: 11.7,
      impact_basis: 'received',
      measured_quantity: 9,
    });
    expect(await platformMeals()).toBe(before - 9);
    expect((await donor.client.get('/api/stats/me?range=all')).json().stats.mealsDonated).toBe(9);
    const record = (await handoverOf(bank.client, donationId)).json().handover;
    expect(record).toMatchObject({ pickedQuantity: 18, receivedQuantity: 9 });

    expect(await shortfallNotices(admin.user.id)).toBe(1);
    for (const party of [donor, volunteer, bank]) {
      expect(await shortfallNotices(party.user.id)).toBe(0);
    }
    const notices = await admin.client.get('/api/notifications?type=receipt_shortfall');
    expect(notices.statusCode, notices.body).toBe(200);
    expect(notices.json().items[0]).toMatchObject({
      type: 'receipt_shortfall',
      title: 'Less food arrived than was picked up',
      data: { donationId },
    });
  });

  it('refuses a receipt of more than twice what was picked up, changing nothing', async () => {
    const { bank, requestId, donationId } = await carried('collected', {}, { picked: 10 });
    const slip = await bank.client.post(`/api/requests/${requestId}/confirm-receipt`, {
      arrivalCondition: 'good',
      receivedQuantity: 21,
    });
    expect(slip.statusCode).toBe(400);
    expect(slip.json().code).toBe('QUANTITY_UNLIKELY');
    expect((await impactOf(donationId)).measured_quantity).toBe(10);
    const twice = await bank.client.post(`/api/requests/${requestId}/confirm-receipt`, {
      arrivalCondition: 'good',
      receivedQuantity: 20,
    });
    expect(twice.statusCode, twice.body).toBe(200);
  });

  it('flags nothing when at least four fifths arrived', async () => {
    const admin = await signInAsAdmin(t.app);
    const { bank, requestId } = await carried('collected', {}, { picked: 20 });
    const receipt = await bank.client.post(`/api/requests/${requestId}/confirm-receipt`, {
      arrivalCondition: 'good',
      receivedQuantity: 16,
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json().request.receiptShortfall).toBe(false);
    expect(await shortfallNotices(admin.user.id)).toBe(0);
  });

  it('after the volunteer marked it delivered, records the amount once even when sent twice at once', async () => {
    const { bank, requestId, donationId } = await carried('delivered', {}, { picked: 20 });
    const answers = await Promise.all(
      [12, 15].map((receivedQuantity) =>
        bank.client.post(`/api/requests/${requestId}/confirm-receipt`, {
          receivedQuantity,
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const won = answers.find((a) => a.statusCode === 200)!.json().request.receivedQuantity;
    const lost = answers.find((a) => a.statusCode === 409)!;
    expect(lost.json().code).toBe('ARRIVAL_CONDITION_ALREADY_RECORDED');
    expect(await impactOf(donationId)).toMatchObject({
      meals_donated: won,
      impact_basis: 'received',
      measured_quantity: won,
    });
    // The condition may still be recorded once, on its own.
    const condition = await bank.client.post(`/api/requests/${requestId}/confirm-receipt`, {
      arrivalCondition: 'good',
    });
    expect(condition.statusCode, condition.body).toBe(200);
    expect(condition.json().request).toMatchObject({
      arrivalCondition: 'good',
      receivedQuantity: won,
    });
  });

  it('counts a self delivery from what its receiver confirmed', async () => {
    const { donor, bank } = await (async () => {
      const { party } = handoverFixtures(() => t);
      return { donor: await party('restaurant'), bank: await party('foodbank') };
    })();
    const posted = await donor.client.post('/api/donations', {
      cuisine: 'North Indian',
      foodType: 'Rajma chawal',
      vegType: 'veg',
      quantity: 30,
      prepDate: new Date().toISOString().slice(0, 10),
      prepTime: '00:00',
      deliveryMethod: 'self',
      destinationType: 'foodbank',
      destinationUserId: bank.user.id,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const donationId = posted.json().donation.id as string;
    const requests = await bank.client.get(`/api/requests?filter=all&donationId=${donationId}`);
    const requestId = requests.json().items[0].id as string;
    const receipt = await bank.client.post(`/api/requests/${requestId}/confirm-receipt`, {
      quality: 'good',
      arrivalCondition: 'good',
      receivedQuantity: 25,
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(await impactOf(donationId)).toEqual({
      meals_donated: 25,
      co2_saved: 32.5,
      impact_basis: 'received',
      measured_quantity: 25,
    });
  });
});
