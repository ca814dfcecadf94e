// Both engines: one winner among concurrent requests and grabs.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { runExpiryOnce } from '../../jobs/expiry.js';
import { createTestApp, TestClient, type TestApp } from '../../test/build-app.js';
import { donationInput, postDonation, signInAsAdmin, signUp } from '../../test/factories.js';

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

describe('POST /api/donations/:id/requests', () => {
  it('creates a pending request, counts it, and notifies the donor', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const donation = await postDonation(donor.client);
    const bank = await signUp(t.app, 'foodbank');
    const response = await bank.client.post(`/api/donations/${donation.id}/requests`, {
      notes: 'We can pick up by 6 pm',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().request).toMatchObject({
      status: 'pending',
      donationId: donation.id,
      requesterId: bank.user.id,
      requesterName: bank.body.organizationName,
      donorId: donor.user.id,
      foodType: 'Dal, rice and rotis',
      quantity: 20,
      unit: 'meals',
      notes: 'We can pick up by 6 pm',
    });
    const mine = (await donor.client.get('/api/donations/mine')).json().items[0];
    expect(mine.totalRequests).toBe(1);
    expect((await bank.client.get('/api/me')).json().user.totalRequests).toBe(1);
    const notices = await query<{ type: string; data: Record<string, string> }>(
      sql`select type, data from notifications where user_id = ${donor.user.id}`,
    );
    expect(notices).toEqual([
      { type: 'donation_request', data: expect.objectContaining({ donationId: donation.id }) },
    ]);
  });

  it('lets one receiver hold one open request per donation, even when clicking ten times at once', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const donation = await postDonation(donor.client);
    const bank = await signUp(t.app, 'foodbank');
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        bank.client.post(`/api/donations/${donation.id}/requests`, {}),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(
      responses
        .filter((r) => r.statusCode === 409)
        .every((r) => r.json().code === 'ALREADY_REQUESTED'),
    ).toBe(true);
    const mine = (await donor.client.get('/api/donations/mine')).json().items[0];
    expect(mine.totalRequests).toBe(1);
  });

  it('refuses requesting your own donation, a missing one, and requests by donors or volunteers', async () => {
    const person = await signUp(t.app, 'individual');
    const own = await postDonation(person.client);
    const ownResponse = await person.client.post(`/api/donations/${own.id}/requests`, {});
    expect(ownResponse.statusCode).toBe(400);
    expect(ownResponse.json().code).toBe('OWN_DONATION');
    const missing = await person.client.post(
      '/api/donations/00000000-0000-4000-8000-000000000000/requests',
      {},
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(
      'This donation is no longer available or has been deleted by the donor.',
    );
    for (const role of ['restaurant', 'volunteer', 'mess'] as const) {
      const user = await signUp(t.app, role);
      expect((await user.client.post(`/api/donations/${own.id}/requests`, {})).statusCode).toBe(
        403,
      );
    }
    expect((await person.client.post('/api/donations/not-a-uuid/requests', {})).statusCode).toBe(
      400,
    );
  });
});

describe('DELETE /api/donations/:id', () => {
  it('soft-deletes, cancels open requests and tells each requester', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const donation = await postDonation(donor.client);
    const bank = await signUp(t.app, 'foodbank');
    const nursery = await signUp(t.app, 'nursery');
    await bank.client.post(`/api/donations/${donation.id}/requests`, {});
    await nursery.client.post(`/api/donations/${donation.id}/requests`, {});
    const response = await donor.client.delete(`/api/donations/${donation.id}`);
    expect(response.statusCode).toBe(204);
    expect((await donor.client.get('/api/donations/mine')).json().items).toHaveLength(0);
    const statuses = await query<{ status: string }>(
      sql`select status from requests where donation_id = ${donation.id}`,
    );
    expect(statuses.map((r) => r.status)).toEqual(['cancelled', 'cancelled']);
    for (const receiver of [bank, nursery]) {
      const notices = await query<{ type: string }>(
        sql`select type from notifications where user_id = ${receiver.user.id} and type = 'donation_deleted'`,
      );
      expect(notices).toHaveLength(1);
    }
    expect((await bank.client.get(`/api/donations/${donation.id}`)).statusCode).toBe(404);
    const again = await donor.client.delete(`/api/donations/${donation.id}`);
    expect(again.statusCode).toBe(404);
  });

  it("refuses someone else's donation and a collected one, changing nothing", async () => {
    const donor = await signUp(t.app, 'restaurant');
    const donation = await postDonation(donor.client);
    const intruder = await signUp(t.app, 'restaurant');
    const refused = await intruder.client.delete(`/api/donations/${donation.id}`);
    expect(refused.statusCode).toBe(403);
    await t.database.db.execute(
      sql`update donations set status = 'completed' where id = ${donation.id}`,
    );
    const collected = await donor.client.delete(`/api/donations/${donation.id}`);
    expect(collected.statusCode).toBe(409);
    expect(collected.json().code).toBe('DONATION_NOT_DELETABLE');
    const [row] = await query<{ deleted_at: string | null }>(
      sql`select deleted_at from donations where id = ${donation.id}`,
    );
    expect(row!.deleted_at).toBeNull();
  });
});

describe('GET /api/donations/:id', () => {
  it('shows a donation to its donor, to those it is offered to and to admins, and 404 to others', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const selfBank = await signUp(t.app, 'foodbank');
    const donation = (
      await donor.client.post(
        '/api/donations',
        donationInput({
          deliveryMethod: 'self',
          destinationType: 'foodbank',
          destinationUserId: selfBank.user.id,
        }),
      )
    ).json().donation;
    const otherDonor = await signUp(t.app, 'mess');
    const otherBank = await signUp(t.app, 'foodbank');
    const admin = await signInAsAdmin(t.app);
    expect((await donor.client.get(`/api/donations/${donation.id}`)).statusCode).toBe(200);
    expect((await selfBank.client.get(`/api/donations/${donation.id}`)).statusCode).toBe(200);
    expect((await admin.client.get(`/api/donations/${donation.id}`)).statusCode).toBe(200);
    expect((await otherDonor.client.get(`/api/donations/${donation.id}`)).statusCode).toBe(404);
    // Accepted for someone else: no longer open to other receivers.
    expect((await otherBank.client.get(`/api/donations/${donation.id}`)).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(`/api/donations/${donation.id}`)).statusCode).toBe(401);
  });
});

describe('expiry job', () => {
  it('expires overdue pending donations once, cancels their requests and tells donor and requesters', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const overdue = await postDonation(donor.client, { foodType: 'Overdue kheer' });
    const fresh = await postDonation(donor.client, { foodType: 'Fresh kheer' });
    const bank = await signUp(t.app, 'foodbank');
    await bank.client.post(`/api/donations/${overdue.id}/requests`, {});
    await t.database.db.execute(
      sql`update donations set expiry_time = now() - interval '1 second' where id = ${overdue.id}`,
    );
    expect(await runExpiryOnce(t.database)).toBeGreaterThanOrEqual(1);
    expect(await runExpiryOnce(t.database)).toBe(0);
    const rows = await query<{ id: string; status: string; is_expired: boolean }>(
      sql`select id, status, is_expired from donations where id in (${overdue.id}, ${fresh.id})`,
    );
    expect(rows.find((r) => r.id === overdue.id)).toMatchObject({
      status: 'expired',
      is_expired: true,
    });
    expect(rows.find((r) => r.id === fresh.id)).toMatchObject({
      status: 'pending',
      is_expired: false,
    });
    const [request] = await query<{ status: string }>(
      sql`select status from requests where donation_id = ${overdue.id}`,
    );
    expect(request!.status).toBe('cancelled');
    const donorNotices = await query<{ type: string }>(
      sql`select type from notifications where user_id = ${donor.user.id} and type = 'donation_expired'`,
    );
    expect(donorNotices).toHaveLength(1);
    const bankNotices = await query<{ type: string }>(
      sql`select type from notifications where user_id = ${bank.user.id} and type = 'request_cancelled'`,
    );
    expect(bankNotices).toHaveLength(1);
  });
});

describe('GET /api/users?role=', () => {
  it('lists receivers for everyone signed in and other roles for admins only', async () => {
    const bank = await signUp(t.app, 'foodbank');
    const donor = await signUp(t.app, 'restaurant');
    const list = await donor.client.get('/api/users?role=foodbank&limit=100');
    expect(list.statusCode).toBe(200);
    const found = list.json().items.find((u: { id: string }) => u.id === bank.user.id);
    expect(found).toMatchObject({ role: 'foodbank', name: bank.body.name, area: 'Bengaluru' });
    // The directory is public to every signed-in user: no contact details (rules 4b).
    expect(found).not.toHaveProperty('email');
    expect(found).not.toHaveProperty('phone');
    expect(found).not.toHaveProperty('address');
    expect(list.body).not.toMatch(/password/i);
    expect((await donor.client.get('/api/users?role=volunteer')).statusCode).toBe(403);
    expect((await donor.client.get('/api/users?role=foodbank&limit=101')).statusCode).toBe(400);
    const admin = await signInAsAdmin(t.app);
    expect((await admin.client.get('/api/users?role=volunteer')).statusCode).toBe(200);
  });
});
