// Both engines: the record reads what the collection and the receipt left in the tables, and
// replayed or simultaneous collections and receipts take effect once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '@annasetu/domain';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { donationInput, signInAsAdmin, signUp } from '../../test/factories.js';
import { handoverFixtures, justCooked } from './handover.fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const { party, carried, handoverOf, stored, tokensOf } = handoverFixtures(() => t);

describe('GET /api/donations/:id/handover', () => {
  it('holds every fact of the handover, the same for donor, volunteer, receiver and admin', async () => {
    const { donor, volunteer, bank, donationId, requestId } = await carried('collected');
    const onTheWay = await handoverOf(donor.client, donationId);
    expect(onTheWay.statusCode, onTheWay.body).toBe(200);
    expect(onTheWay.json().handover).toMatchObject({
      status: 'collected',
      holdingAtPickup: 'hot',
      containerClosed: true,
      receivedAt: null,
      arrivalCondition: null,
    });

    const receipt = await bank.client.post(`/api/requests/${requestId}/confirm-receipt`, {
      arrivalCondition: 'doubtful',
      notes: '  Lid dented, food still warm  ',
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json().request.arrivalCondition).toBe('doubtful');

    const answer = await handoverOf(volunteer.client, donationId);
    expect(answer.statusCode, answer.body).toBe(200);
    const record = answer.json().handover;
    expect(record).toMatchObject({
      donationId,
      requestId,
      status: 'fulfilled',
      isSelfDelivery: false,
      donorName: donor.body.organizationName,
      donorFssai: { number: '10012345678901', verified: false },
      foodType: 'Veg biryani',
      quantity: 20,
      unit: 'meals',
      vegType: 'veg',
      allergens: ['milk', 'tree_nuts'],
      prepDate: justCooked().prepDate,
      holding: 'hot',
      useBy: null,
      holdingAtPickup: 'hot',
      containerClosed: true,
      volunteerName: volunteer.body.name,
      quality: 'good',
      destinationType: 'foodbank',
      destinationName: bank.body.organizationName,
      destinationFssai: { number: '20012345678902', verified: false },
      arrivalCondition: 'doubtful',
      arrivalNote: 'Lid dented, food still warm',
    });
    expect(record.prepTime).toMatch(/^\d\d:\d\d$/);
    // Hot food: safe for 4 hours after cooking; picked up and received in between.
    const prepared = Date.parse(`${record.prepDate}T${record.prepTime}:00+05:30`);
    expect(Date.parse(record.safeUntil)).toBe(prepared + 4 * 3_600_000);
    expect(Date.parse(record.pickedUpAt)).toBeLessThanOrEqual(Date.parse(record.receivedAt));
    expect(record.arrivalCheckedAt).toBe(record.receivedAt);
    // Names and numbers only: no contact detail of anyone.
    expect(JSON.stringify(record)).not.toMatch(/@example\.in|\+91|MG Road/);

    const admin = await signInAsAdmin(t.app);
    for (const client of [donor.client, bank.client, admin.client]) {
      const again = await handoverOf(client, donationId);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().handover).toEqual(record);
    }
  });

  it('leaves out the FSSAI number of an exempt party and says when a business has none', async () => {
    const donor = await party('individual');
    const bank = await party('foodbank');
    const { donationId } = await carried('received', { donor, bank });
    const record = (await handoverOf(bank.client, donationId)).json().handover;
    expect(record).not.toHaveProperty('donorFssai');
    expect(record.destinationFssai).toBeNull();
  });

  it('refuses everyone who is not a party: 403, an unknown donation 404, nobody signed in 401', async () => {
    const { donationId } = await carried('received');
    for (const role of ['restaurant', 'foodbank', 'nursery', 'volunteer', 'individual'] as const) {
      const stranger = await signUp(t.app, role);
      const answer = await handoverOf(stranger.client, donationId);
      expect(answer.statusCode, `${role}: ${answer.body}`).toBe(403);
      expect(answer.json().code).toBe('FORBIDDEN');
    }
    const donor = await signUp(t.app, 'restaurant');
    const unknown = await handoverOf(donor.client, crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    const anonymous = await t.app.inject({ url: `/api/donations/${donationId}/handover` });
    expect(anonymous.statusCode).toBe(401);
    const malformed = await handoverOf(donor.client, 'not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details[0]).toMatchObject({
      field: 'params.id',
      code: 'INVALID_VALUE',
    });
  });

  it('refuses the food bank that asked when the food went elsewhere', async () => {
    const donor = await party('restaurant');
    const asker = await party('foodbank');
    const nursery = await party('nursery');
    const donation = (
      await donor.client.post('/api/donations', donationInput({ holding: 'hot', ...justCooked() }))
    ).json().donation;
    const asked = await asker.client.post(`/api/donations/${donation.id}/requests`, {});
    const requestId = asked.json().request.id as string;
    expect((await donor.client.post(`/api/requests/${requestId}/accept`)).statusCode).toBe(200);
    const volunteer = await party('volunteer');
    expect((await volunteer.client.post(`/api/donations/${donation.id}/grab`)).statusCode).toBe(
      201,
    );
    const collect = await volunteer.client.post('/api/collections', {
      donationId: donation.id,
      requestId,
      quality: 'bad',
      destinationType: 'nursery',
      destinationUserId: nursery.user.id,
      holdingAtPickup: 'room',
      containerClosed: false,
    });
    expect(collect.statusCode, collect.body).toBe(201);
    expect((await handoverOf(asker.client, donation.id)).statusCode).toBe(403);
    const record = (await handoverOf(nursery.client, donation.id)).json().handover;
    expect(record).toMatchObject({
      quality: 'bad',
      holdingAtPickup: 'room',
      containerClosed: false,
    });
  });

  it('tells the parties there is no record before the food is collected: 409 HANDOVER_NOT_YET', async () => {
    const { donor, volunteer, donationId } = await carried('grabbed');
    for (const client of [donor.client, volunteer.client]) {
      const answer = await handoverOf(client, donationId);
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().code).toBe('HANDOVER_NOT_YET');
    }
    const otherVolunteer = await signUp(t.app, 'volunteer');
    expect((await handoverOf(otherVolunteer.client, donationId)).statusCode).toBe(403);
  });

  it('records a self delivery: no volunteer and no pickup check, the receipt says how it arrived', async () => {
    const donor = await party('mess', '30012345678903');
    const bank = await party('foodbank', '20012345678904');
    const posted = await donor.client.post(
      '/api/donations',
      donationInput({
        deliveryMethod: 'self',
        destinationType: 'foodbank',
        destinationUserId: bank.user.id,
        holding: 'chilled',
        ...justCooked(),
      }),
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const { donation, request } = posted.json();
    expect((await handoverOf(bank.client, donation.id)).json().code).toBe('HANDOVER_NOT_YET');
    const receipt = await bank.client.post(`/api/requests/${request.id}/confirm-receipt`, {
      quality: 'good',
      arrivalCondition: 'good',
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const record = (await handoverOf(donor.client, donation.id)).json().handover;
    expect(record).toMatchObject({
      isSelfDelivery: true,
      volunteerName: null,
      pickedUpAt: null,
      holdingAtPickup: null,
      containerClosed: null,
      quality: 'good',
      arrivalCondition: 'good',
      arrivalNote: null,
      donorFssai: { number: '30012345678903', verified: false },
    });
  });
});

describe('the pickup check and the condition on arrival', () => {
  it('records the condition once after the volunteer marked it delivered', async () => {
    const { volunteer, bank, donationId, requestId } = await carried('delivered');
    expect((await handoverOf(bank.client, donationId)).json().handover.arrivalCondition).toBeNull();
    const tokens = await tokensOf(volunteer.user.id);

    // Nothing to confirm without a condition: the request is already fulfilled.
    const bare = await bank.client.post(`/api/requests/${requestId}/confirm-receipt`, {});
    expect(bare.statusCode).toBe(409);
    expect(bare.json().code).toBe('INVALID_TRANSITION');

    const first = await bank.client.post(`/api/requests/${requestId}/confirm-receipt`, {
      arrivalCondition: 'good',
      notes: 'Packed well',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().request).toMatchObject({ status: 'fulfilled', arrivalCondition: 'good' });
    const second = await bank.client.post(`/api/requests/${requestId}/confirm-receipt`, {
      arrivalCondition: 'doubtful',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('ARRIVAL_CONDITION_ALREADY_RECORDED');
    expect(await stored(requestId)).toMatchObject({
      arrival_condition: 'good',
      condition: 'Packed well',
    });
    // Recording the condition pays nobody again.
    expect(await tokensOf(volunteer.user.id)).toBe(tokens);
    const record = (await handoverOf(bank.client, donationId)).json().handover;
    expect(Date.parse(record.arrivalCheckedAt)).toBeGreaterThanOrEqual(
      Date.parse(record.receivedAt),
    );
  });

  it.each([
    ['an unknown holding', { holdingAtPickup: 'frozen' }, 'holdingAtPickup', 'INVALID_VALUE'],
    ['a container answer in words', { containerClosed: 'yes' }, 'containerClosed', 'INVALID_VALUE'],
    ['an unknown field', { containerShut: true }, 'containerShut', 'UNKNOWN_FIELD'],
  ])('refuses a collection with %s and changes nothing', async (_name, extra, field, code) => {
    const { volunteer, bank, donationId, requestId } = await carried('grabbed');
    const answer = await volunteer.client.post('/api/collections', {
      donationId,
      requestId,
      quality: 'good',
      destinationType: 'foodbank',
      destinationUserId: bank.user.id,
      ...extra,
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().details).toContainEqual(expect.objectContaining({ field, code }));
    expect(await stored(requestId)).toMatchObject({ status: 'accepted', collections: 0 });
  });

  it.each([
    ['an unknown condition', { arrivalCondition: 'bad' }, 'INVALID_VALUE'],
    [
      'a note over the limit',
      { arrivalCondition: 'good', notes: 'a'.repeat(TEXT_LIMITS.notes + 1) },
      'TEXT_TOO_LONG',
    ],
    [
      'markup in the note',
      { arrivalCondition: 'good', notes: '<b>ok</b>' },
      'TEXT_MARKUP_NOT_ALLOWED',
    ],
  ])('refuses a receipt with %s and changes nothing', async (_name, body, code) => {
    const { bank, requestId } = await carried('collected');
    const answer = await bank.client.post(`/api/requests/${requestId}/confirm-receipt`, body);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().details[0].code).toBe(code);
    expect(await stored(requestId)).toMatchObject({
      status: 'collected',
      arrival_condition: null,
      condition: null,
    });
  });

  it('keeps a collection sent twice with one Idempotency-Key once, and refuses a second one', async () => {
    const { volunteer, bank, donationId, requestId } = await carried('grabbed');
    const body = {
      donationId,
      requestId,
      quality: 'good',
      destinationType: 'foodbank',
      destinationUserId: bank.user.id,
      holdingAtPickup: 'chilled',
      containerClosed: true,
    };
    const key = { 'idempotency-key': `collect-${requestId}` };
    const first = await volunteer.client.post('/api/collections', body, key);
    const replay = await volunteer.client.post('/api/collections', body, key);
    expect([first.statusCode, replay.statusCode]).toEqual([201, 201]);
    expect(replay.json().collection.id).toBe(first.json().collection.id);
    expect(first.json().collection).toMatchObject({
      holdingAtPickup: 'chilled',
      containerClosed: true,
    });
    const again = await volunteer.client.post('/api/collections', {
      ...body,
      holdingAtPickup: 'room',
    });
    expect(again.statusCode).toBe(409);
    expect(await stored(requestId)).toMatchObject({
      status: 'collected',
      holding_at_pickup: 'chilled',
      container_closed: true,
      collections: 1,
    });
  });

  it('confirms one receipt of two sent at once, and answers a replay with the first answer', async () => {
    const { volunteer, bank, requestId } = await carried('collected');
    const tokens = await tokensOf(volunteer.user.id);
    const answers = await Promise.all([
      bank.client.post(`/api/requests/${requestId}/confirm-receipt`, { arrivalCondition: 'good' }),
      bank.client.post(`/api/requests/${requestId}/confirm-receipt`, {
        arrivalCondition: 'doubtful',
      }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.statusCode === 200)!.json().request.arrivalCondition;
    expect((await stored(requestId)).arrival_condition).toBe(won);
    expect(await tokensOf(volunteer.user.id)).toBe(tokens + 5);

    const other = await carried('collected');
    const key = { 'idempotency-key': `receipt-${other.requestId}` };
    const path = `/api/requests/${other.requestId}/confirm-receipt`;
    const body = { arrivalCondition: 'doubtful', notes: 'Smelled sour' };
    const first = await other.bank.client.post(path, body, key);
    const replay = await other.bank.client.post(path, body, key);
    expect([first.statusCode, replay.statusCode]).toEqual([200, 200]);
    expect(replay.json()).toEqual(first.json());
    expect(await tokensOf(other.volunteer.user.id)).toBe(5);
  });
});
