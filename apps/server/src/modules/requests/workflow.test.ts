import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { createTestApp, TestClient, type TestApp } from '../../test/build-app.js';
import { donationInput, postDonation, signUp } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(text));
}
const me = async (client: TestClient) => (await client.get('/api/me')).json().user;
const noticesOf = (userId: string, type: string) =>
  query<{ data: Record<string, string> }>(
    sql`select data from notifications where user_id = ${userId} and type = ${type}`,
  );

/** A donor with a pending volunteer-delivery donation of 20 meals. */
async function donationReady(overrides: Record<string, unknown> = {}) {
  const donor = await signUp(t.app, 'restaurant');
  const donation = await postDonation(donor.client, overrides);
  return { donor, donation };
}

/** A donation grabbed by a volunteer, with the volunteer's request. */
async function grabbed() {
  const { donor, donation } = await donationReady();
  const volunteer = await signUp(t.app, 'volunteer');
  const grab = await volunteer.client.post(`/api/donations/${donation.id}/grab`);
  expect(grab.statusCode, grab.body).toBe(201);
  return { donor, donation, volunteer, request: grab.json().request as { id: string } };
}

describe('donor decides', () => {
  it('accepting one request makes its requester the destination and rejects the others', async () => {
    const { donor, donation } = await donationReady();
    const bank = await signUp(t.app, 'foodbank');
    const nursery = await signUp(t.app, 'nursery');
    const first = (await bank.client.post(`/api/donations/${donation.id}/requests`, {})).json()
      .request;
    const second = (await nursery.client.post(`/api/donations/${donation.id}/requests`, {})).json()
      .request;
    const accepted = await donor.client.post(`/api/requests/${first.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().request).toMatchObject({
      status: 'accepted',
      destinationUserId: bank.user.id,
      destinationType: 'foodbank',
      destinationName: bank.body.organizationName,
    });
    const [other] = await query<{ status: string }>(
      sql`select status from requests where id = ${second.id}`,
    );
    expect(other!.status).toBe('rejected');
    expect(await noticesOf(bank.user.id, 'request_accepted')).toHaveLength(1);
    expect(await noticesOf(nursery.user.id, 'request_rejected')).toHaveLength(1);
    const [row] = await query<{ status: string; accepted_requests: number }>(
      sql`select status, accepted_requests from donations where id = ${donation.id}`,
    );
    expect(row).toEqual({ status: 'accepted', accepted_requests: 1 });
    const again = await donor.client.post(`/api/requests/${first.id}/accept`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVALID_TRANSITION');
  });

  it('lets exactly one of two racing accepts win', async () => {
    const { donor, donation } = await donationReady();
    const requests = [];
    for (const role of ['foodbank', 'poultry'] as const) {
      const receiver = await signUp(t.app, role);
      requests.push(
        (await receiver.client.post(`/api/donations/${donation.id}/requests`, {})).json().request,
      );
    }
    const results = await Promise.all(
      requests.map((r) => donor.client.post(`/api/requests/${r.id}/accept`)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const statuses = await query<{ status: string }>(
      sql`select status from requests where donation_id = ${donation.id} order by status`,
    );
    expect(statuses.map((s) => s.status)).toEqual(['accepted', 'rejected']);
  });

  it('rejects a request and tells the requester; only the donor of the donation may decide', async () => {
    const { donor, donation } = await donationReady();
    const bank = await signUp(t.app, 'foodbank');
    const request = (await bank.client.post(`/api/donations/${donation.id}/requests`, {})).json()
      .request;
    const otherDonor = await signUp(t.app, 'restaurant');
    expect((await otherDonor.client.post(`/api/requests/${request.id}/accept`)).statusCode).toBe(
      403,
    );
    expect((await otherDonor.client.post(`/api/requests/${request.id}/reject`)).statusCode).toBe(
      403,
    );
    expect((await bank.client.post(`/api/requests/${request.id}/accept`)).statusCode).toBe(403);
    const rejected = await donor.client.post(`/api/requests/${request.id}/reject`);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().request.status).toBe('rejected');
    expect(await noticesOf(bank.user.id, 'request_rejected')).toHaveLength(1);
  });

  it('lets the requester withdraw a pending request, and nobody else', async () => {
    const { donation } = await donationReady();
    const bank = await signUp(t.app, 'foodbank');
    const other = await signUp(t.app, 'foodbank');
    const request = (await bank.client.post(`/api/donations/${donation.id}/requests`, {})).json()
      .request;
    expect((await other.client.delete(`/api/requests/${request.id}`)).statusCode).toBe(403);
    expect((await bank.client.delete(`/api/requests/${request.id}`)).statusCode).toBe(204);
    const [row] = await query<{ status: string }>(
      sql`select status from requests where id = ${request.id}`,
    );
    expect(row!.status).toBe('cancelled');
    // Withdrawn: the receiver may ask again.
    expect((await bank.client.post(`/api/donations/${donation.id}/requests`, {})).statusCode).toBe(
      201,
    );
  });
});

describe('POST /api/donations/:id/grab', () => {
  it('lets exactly one of twenty volunteers grabbing at once win', async () => {
    const { donor, donation } = await donationReady();
    const volunteers = [];
    for (let i = 0; i < 20; i++) volunteers.push(await signUp(t.app, 'volunteer'));
    const results = await Promise.all(
      volunteers.map((v) => v.client.post(`/api/donations/${donation.id}/grab`)),
    );
    const winners = results.filter((r) => r.statusCode === 201);
    expect(winners).toHaveLength(1);
    const losers = results.filter((r) => r.statusCode !== 201);
    expect(losers).toHaveLength(19);
    for (const loser of losers) {
      expect(loser.statusCode).toBe(409);
      expect(loser.json()).toEqual({
        error: 'This donation is no longer available for pickup.',
        code: 'DONATION_UNAVAILABLE',
      });
    }
    const requests = await query<{ status: string; is_volunteer_request: boolean }>(
      sql`select status, is_volunteer_request from requests where donation_id = ${donation.id}`,
    );
    expect(requests).toEqual([{ status: 'accepted', is_volunteer_request: true }]);
    expect(await noticesOf(donor.user.id, 'donation_grabbed')).toHaveLength(1);
  });

  it("routes a receiver's accepted request through the volunteer instead of adding one", async () => {
    const { donor, donation } = await donationReady();
    const bank = await signUp(t.app, 'foodbank');
    const request = (await bank.client.post(`/api/donations/${donation.id}/requests`, {})).json()
      .request;
    await donor.client.post(`/api/requests/${request.id}/accept`);
    const volunteer = await signUp(t.app, 'volunteer');
    const grab = await volunteer.client.post(`/api/donations/${donation.id}/grab`);
    expect(grab.statusCode).toBe(201);
    expect(grab.json().request).toMatchObject({
      id: request.id,
      isRoutedByVolunteer: true,
      volunteerId: volunteer.user.id,
      volunteerName: volunteer.body.name,
      destinationUserId: bank.user.id,
    });
    const [{ n }] = (await query<{ n: number }>(
      sql`select count(*)::int as n from requests where donation_id = ${donation.id}`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('answers the seed messages to anonymous callers and refuses other roles', async () => {
    const { donation } = await donationReady();
    const anonymous = await new TestClient(t.app).post(`/api/donations/${donation.id}/grab`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe('You must be logged in as a volunteer to accept requests');
    const bank = await signUp(t.app, 'foodbank');
    expect((await bank.client.post(`/api/donations/${donation.id}/grab`)).statusCode).toBe(403);
  });

  it('refuses a self-delivery donation and an expired one', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const bank = await signUp(t.app, 'foodbank');
    const selfDelivery = (
      await donor.client.post(
        '/api/donations',
        donationInput({
          deliveryMethod: 'self',
          destinationType: 'foodbank',
          destinationUserId: bank.user.id,
        }),
      )
    ).json().donation;
    const volunteer = await signUp(t.app, 'volunteer');
    expect((await volunteer.client.post(`/api/donations/${selfDelivery.id}/grab`)).statusCode).toBe(
      409,
    );
    const stale = await postDonation(donor.client);
    await t.database.db.execute(
      sql`update donations set expiry_time = now() - interval '1 second' where id = ${stale.id}`,
    );
    expect((await volunteer.client.post(`/api/donations/${stale.id}/grab`)).statusCode).toBe(409);
  });
});

describe('POST /api/donations/:id/release', () => {
  it('puts the donation back in the volunteer feed and tells the donor', async () => {
    const { donor, donation, volunteer, request } = await grabbed();
    const other = await signUp(t.app, 'volunteer');
    expect((await other.client.post(`/api/donations/${donation.id}/release`, {})).statusCode).toBe(
      403,
    );
    const released = await volunteer.client.post(`/api/donations/${donation.id}/release`, {
      reason: 'Bike broke down',
    });
    expect(released.statusCode).toBe(204);
    const [row] = await query<{ status: string; volunteer_id: string | null }>(
      sql`select status, volunteer_id from donations where id = ${donation.id}`,
    );
    expect(row).toEqual({ status: 'pending', volunteer_id: null });
    const [req] = await query<{ status: string }>(
      sql`select status from requests where id = ${request.id}`,
    );
    expect(req!.status).toBe('cancelled');
    const notices = await noticesOf(donor.user.id, 'donation_released');
    expect(notices).toHaveLength(1);
    expect((await other.client.post(`/api/donations/${donation.id}/grab`)).statusCode).toBe(201);
  });

  it("keeps a receiver's accepted request accepted", async () => {
    const { donor, donation } = await donationReady();
    const bank = await signUp(t.app, 'foodbank');
    const request = (await bank.client.post(`/api/donations/${donation.id}/requests`, {})).json()
      .request;
    await donor.client.post(`/api/requests/${request.id}/accept`);
    const volunteer = await signUp(t.app, 'volunteer');
    await volunteer.client.post(`/api/donations/${donation.id}/grab`);
    expect(
      (await volunteer.client.post(`/api/donations/${donation.id}/release`, {})).statusCode,
    ).toBe(204);
    const [req] = await query<{
      status: string;
      volunteer_id: string | null;
      is_routed_by_volunteer: boolean;
    }>(
      sql`select status, volunteer_id, is_routed_by_volunteer from requests where id = ${request.id}`,
    );
    expect(req).toEqual({ status: 'accepted', volunteer_id: null, is_routed_by_volunteer: false });
    const [row] = await query<{ status: string }>(
      sql`select status from donations where id = ${donation.id}`,
    );
    expect(row!.status).toBe('accepted');
  });
});

describe('POST /api/collections', () => {
  it('records good food to a food bank in one step: statuses, destination, CO2, meals and donor tokens', async () => {
    const { donor, donation, volunteer, request } = await grabbed();
    const bank = await signUp(t.app, 'foodbank');
    const response = await volunteer.client.post('/api/collections', {
      donationId: donation.id,
      requestId: request.id,
      quality: 'good',
      destinationType: 'foodbank',
      destinationUserId: bank.user.id,
      notes: 'Packed in steel containers',
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.destination).toEqual({
      name: bank.body.organizationName,
      email: bank.body.email,
      address: bank.body.address,
      phone: bank.body.phone,
    });
    expect(body.request).toMatchObject({
      status: 'collected',
      quality: 'good',
      co2Saved: 26,
      destinationUserId: bank.user.id,
    });
    expect(body.collection).toMatchObject({
      quality: 'good',
      status: 'collected',
      co2Saved: 26,
      notes: 'Packed in steel containers',
    });
    const [row] = await query<{ status: string; co2_saved: number; meals_donated: number }>(
      sql`select status, co2_saved, meals_donated from donations where id = ${donation.id}`,
    );
    expect(row).toEqual({ status: 'completed', co2_saved: 26, meals_donated: 20 });
    expect((await me(donor.client)).tokens).toBe(10);
    expect(await noticesOf(bank.user.id, 'incoming_delivery')).toHaveLength(1);
  });

  it('records a double-submitted collection once and grants tokens once', async () => {
    const { donor, donation, volunteer, request } = await grabbed();
    const bank = await signUp(t.app, 'foodbank');
    const body = {
      donationId: donation.id,
      requestId: request.id,
      quality: 'good',
      destinationType: 'foodbank',
      destinationUserId: bank.user.id,
    };
    const results = await Promise.all([
      volunteer.client.post('/api/collections', body),
      volunteer.client.post('/api/collections', body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await me(donor.client)).tokens).toBe(10);
    const [{ n }] = (await query<{ n: number }>(
      sql`select count(*)::int as n from collections where request_id = ${request.id}`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('sends bad food to a poultry farm: donation rejected, no CO2, no tokens; the food bank that asked is told', async () => {
    const { donor, donation } = await donationReady();
    const bank = await signUp(t.app, 'foodbank');
    const asked = (await bank.client.post(`/api/donations/${donation.id}/requests`, {})).json()
      .request;
    await donor.client.post(`/api/requests/${asked.id}/accept`);
    const volunteer = await signUp(t.app, 'volunteer');
    await volunteer.client.post(`/api/donations/${donation.id}/grab`);
    const farm = await signUp(t.app, 'poultry');
    const response = await volunteer.client.post('/api/collections', {
      donationId: donation.id,
      requestId: asked.id,
      quality: 'bad',
      destinationType: 'poultry',
      destinationUserId: farm.user.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await query<{ status: string; co2_saved: number }>(
      sql`select status, co2_saved from donations where id = ${donation.id}`,
    );
    expect(row).toEqual({ status: 'rejected', co2_saved: 0 });
    expect((await me(donor.client)).tokens).toBe(0);
    expect(await noticesOf(farm.user.id, 'incoming_delivery')).toHaveLength(1);
    expect(await noticesOf(bank.user.id, 'request_cancelled')).toHaveLength(1);
  });

  it.each([
    [
      'good food to a nursery',
      { quality: 'good', destinationType: 'nursery' },
      400,
      'QUALITY_DESTINATION_MISMATCH',
    ],
    [
      'bad food to a food bank',
      { quality: 'bad', destinationType: 'foodbank' },
      400,
      'QUALITY_DESTINATION_MISMATCH',
    ],
    ['no destination', { destinationUserId: undefined }, 400, 'DESTINATION_REQUIRED'],
    ['no request id', { requestId: undefined }, 400, 'REQUEST_INFO_MISSING'],
  ])('refuses %s and changes nothing', async (_label, patch, status, code) => {
    const { donor, donation, volunteer, request } = await grabbed();
    const bank = await signUp(t.app, 'foodbank');
    const response = await volunteer.client.post('/api/collections', {
      donationId: donation.id,
      requestId: request.id,
      quality: 'good',
      destinationType: 'foodbank',
      destinationUserId: bank.user.id,
      ...patch,
    });
    expect(response.statusCode).toBe(status);
    const body = response.json();
    expect([body.code, ...(body.details ?? []).map((d: { code: string }) => d.code)]).toContain(
      code,
    );
    const [row] = await query<{ status: string }>(
      sql`select status from requests where id = ${request.id}`,
    );
    expect(row!.status).toBe('accepted');
    expect((await me(donor.client)).tokens).toBe(0);
  });

  it('refuses a destination of the wrong role, another volunteer, a deleted donation and anonymous callers', async () => {
    const { donor, donation, volunteer, request } = await grabbed();
    const nursery = await signUp(t.app, 'nursery');
    const bank = await signUp(t.app, 'foodbank');
    const base = {
      donationId: donation.id,
      requestId: request.id,
      quality: 'good',
      destinationType: 'foodbank',
    };
    const wrongRole = await volunteer.client.post('/api/collections', {
      ...base,
      destinationUserId: nursery.user.id,
    });
    expect(wrongRole.statusCode).toBe(400);
    expect(wrongRole.json().code).toBe('DESTINATION_ROLE_MISMATCH');
    const other = await signUp(t.app, 'volunteer');
    expect(
      (await other.client.post('/api/collections', { ...base, destinationUserId: bank.user.id }))
        .statusCode,
    ).toBe(403);
    const anonymous = await new TestClient(t.app).post('/api/collections', {
      ...base,
      destinationUserId: bank.user.id,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe('You must be logged in to collect donations');
    expect((await donor.client.delete(`/api/donations/${donation.id}`)).statusCode).toBe(204);
    const gone = await volunteer.client.post('/api/collections', {
      ...base,
      destinationUserId: bank.user.id,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe(
      'This donation is no longer available or has been deleted by the donor.',
    );
  });
});

describe('delivery', () => {
  async function collected() {
    const ctx = await grabbed();
    const bank = await signUp(t.app, 'foodbank');
    const response = await ctx.volunteer.client.post('/api/collections', {
      donationId: ctx.donation.id,
      requestId: ctx.request.id,
      quality: 'good',
      destinationType: 'foodbank',
      destinationUserId: bank.user.id,
    });
    expect(response.statusCode).toBe(201);
    return { ...ctx, bank };
  }

  it('volunteer marks delivered: fulfilled, +5 tokens exactly once, donor and destination told', async () => {
    const { donor, volunteer, request, bank } = await collected();
    const results = await Promise.all([
      volunteer.client.post(`/api/requests/${request.id}/complete`),
      volunteer.client.post(`/api/requests/${request.id}/complete`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await me(volunteer.client)).tokens).toBe(5);
    const again = await volunteer.client.post(`/api/requests/${request.id}/complete`);
    expect(again.statusCode).toBe(409);
    expect((await me(volunteer.client)).tokens).toBe(5);
    expect(await noticesOf(donor.user.id, 'delivery_completed')).toHaveLength(1);
    expect(await noticesOf(bank.user.id, 'delivery_completed')).toHaveLength(1);
    const [collection] = await query<{ status: string }>(
      sql`select status from collections where request_id = ${request.id}`,
    );
    expect(collection!.status).toBe('delivered');
  });

  it('destination accepts the delivery, then confirms receipt; the volunteer is paid once', async () => {
    const { volunteer, request, bank } = await collected();
    const stranger = await signUp(t.app, 'foodbank');
    expect(
      (await stranger.client.post(`/api/requests/${request.id}/accept-delivery`)).statusCode,
    ).toBe(403);
    const accepted = await bank.client.post(`/api/requests/${request.id}/accept-delivery`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().request.destinationAccepted).toBe(true);
    const incoming = (await bank.client.get('/api/requests/incoming')).json().items;
    expect(incoming.map((r: { id: string }) => r.id)).toContain(request.id);
    expect(
      (await stranger.client.post(`/api/requests/${request.id}/confirm-receipt`, {})).statusCode,
    ).toBe(403);
    const confirmed = await bank.client.post(`/api/requests/${request.id}/confirm-receipt`, {});
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().request.status).toBe('fulfilled');
    expect((await volunteer.client.post(`/api/requests/${request.id}/complete`)).statusCode).toBe(
      409,
    );
    expect((await me(volunteer.client)).tokens).toBe(5);
  });

  it('self delivery: the destination confirms receipt and records the condition', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const farm = await signUp(t.app, 'poultry');
    const created = (
      await donor.client.post(
        '/api/donations',
        donationInput({
          deliveryMethod: 'self',
          destinationType: 'poultry',
          destinationUserId: farm.user.id,
          quantity: 8,
          unit: 'kg',
        }),
      )
    ).json();
    const confirmed = await farm.client.post(
      `/api/requests/${created.request.id}/confirm-receipt`,
      {
        quality: 'good',
        notes: 'Fresh, fed to the flock',
      },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().request).toMatchObject({
      status: 'fulfilled',
      quality: 'good',
      co2Saved: 20,
    });
    const [row] = await query<{ status: string; kg_donated: number }>(
      sql`select status, kg_donated from donations where id = ${created.donation.id}`,
    );
    expect(row).toEqual({ status: 'completed', kg_donated: 8 });
    expect((await me(donor.client)).tokens).toBe(10);
  });

  it('a receiver cannot confirm an accepted, not yet collected volunteer delivery', async () => {
    const { donor, donation } = await donationReady();
    const bank = await signUp(t.app, 'foodbank');
    const request = (await bank.client.post(`/api/donations/${donation.id}/requests`, {})).json()
      .request;
    await donor.client.post(`/api/requests/${request.id}/accept`);
    const early = await bank.client.post(`/api/requests/${request.id}/confirm-receipt`, {});
    expect(early.statusCode).toBe(409);
  });
});

describe('GET /api/requests', () => {
  it('lists only requests the user takes part in, by filter', async () => {
    const { donor, donation } = await donationReady();
    const bank = await signUp(t.app, 'foodbank');
    const request = (await bank.client.post(`/api/donations/${donation.id}/requests`, {})).json()
      .request;
    const stranger = await signUp(t.app, 'foodbank');
    for (const client of [donor.client, bank.client]) {
      const active = (await client.get('/api/requests?filter=active')).json().items;
      expect(active.map((r: { id: string }) => r.id)).toEqual([request.id]);
    }
    expect((await stranger.client.get('/api/requests?filter=all')).json().items).toEqual([]);
    expect((await bank.client.get('/api/requests?filter=fulfilled')).json().items).toEqual([]);
    await donor.client.post(`/api/requests/${request.id}/reject`);
    expect((await bank.client.get('/api/requests?filter=active')).json().items).toEqual([]);
    expect((await bank.client.get('/api/requests?filter=rejected')).json().items).toHaveLength(1);
    expect((await bank.client.get('/api/requests?filter=bogus')).statusCode).toBe(400);
  });
});
