// Both engines: concurrent delivery moves: one takes effect.
import { toE164 } from '@annasetu/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../test/build-app.js';
import { donationInput, signUp } from '../../test/factories.js';
import { workflowFixtures } from '../requests/workflow.fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const { query, me, noticesOf, donationReady, grabbed } = workflowFixtures(() => t);

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
      phone: toE164(bank.body.phone),
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
