// Both engines: the whole workflow with concurrent grabs and tokens once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../test/build-app.js';
import { donationInput, postDonation, signUp } from '../../test/factories.js';
import { workflowFixtures } from './workflow.fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const { query, noticesOf, donationReady, grabbed } = workflowFixtures(() => t);

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
