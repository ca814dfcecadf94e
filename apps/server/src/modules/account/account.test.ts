// Both engines: account deletion and export read and erase rows directly.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { createTestApp, TestClient, type TestApp } from '../../test/build-app.js';
import { postDonation, signUp } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/me/export', () => {
  it('downloads my profile, donations, requests and notifications, and nothing of anyone else', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const donation = await postDonation(donor.client, { foodType: 'Khichdi' });
    const bank = await signUp(t.app, 'foodbank');
    await bank.client.post(`/api/donations/${donation.id}/requests`, {});
    const response = await donor.client.get('/api/me/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="annasetu-my-data-/,
    );
    const data = response.json();
    expect(data.profile.email).toBe(donor.body.email);
    expect(data.donations.map((d: { foodType: string }) => d.foodType)).toEqual(['Khichdi']);
    expect(data.notifications).toHaveLength(1);
    expect(response.body).not.toMatch(/password_?hash|argon2/i);
    expect((await new TestClient(t.app).get('/api/me/export')).statusCode).toBe(401);
  });
});

describe('DELETE /api/me', () => {
  it('needs the password', async () => {
    const user = await signUp(t.app, 'volunteer');
    const wrong = await user.client.request({
      method: 'DELETE',
      url: '/api/me',
      payload: { password: 'not-mine' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('PASSWORD_INCORRECT');
    expect((await user.client.get('/api/me')).statusCode).toBe(200);
  });

  it('anonymises the account everywhere, keeps impact totals, withdraws open donations and frees the email', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const open = await postDonation(donor.client, { foodType: 'Open rice' });
    const bank = await signUp(t.app, 'foodbank');
    await bank.client.post(`/api/donations/${open.id}/requests`, {});
    await t.database.db.execute(sql`update donations set co2_saved = 13 where id = ${open.id}`);
    const response = await donor.client.request({
      method: 'DELETE',
      url: '/api/me',
      payload: { password: donor.body.password },
    });
    expect(response.statusCode).toBe(204);
    expect((await donor.client.get('/api/me')).statusCode).toBe(401);
    const login = await new TestClient(t.app).post('/api/auth/login', {
      email: donor.body.email,
      password: donor.body.password,
    });
    expect(login.statusCode).toBe(401);
    const [user] = rowsOf<{ name: string; phone: string; deleted_at: string | null }>(
      await t.database.db.execute(
        sql`select name, phone, deleted_at from users where id = ${donor.user.id}`,
      ),
    );
    expect(user).toMatchObject({ name: 'Deleted user', phone: '' });
    expect(user!.deleted_at).not.toBeNull();
    const [donation] = rowsOf<{
      donor_name: string;
      donor_email: string;
      co2_saved: number;
      deleted_at: string | null;
    }>(
      await t.database.db.execute(
        sql`select donor_name, donor_email, co2_saved, deleted_at from donations where id = ${open.id}`,
      ),
    );
    expect(donation).toMatchObject({ donor_name: 'Deleted user', donor_email: '', co2_saved: 13 });
    expect(donation!.deleted_at).not.toBeNull();
    const bankNotices = rowsOf<{ type: string }>(
      await t.database.db.execute(
        sql`select type from notifications where user_id = ${bank.user.id} and type = 'donation_deleted'`,
      ),
    );
    expect(bankNotices).toHaveLength(1);
    const again = await new TestClient(t.app).post('/api/auth/register', { ...donor.body });
    expect(again.statusCode).toBe(201);
  });
});

describe('recurring donations, availability and calendar feeds of an account', () => {
  it('are in the export and gone with the account (the feed address stops answering)', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const series = await donor.client.post('/api/series', {
      template: { cuisine: 'Thali', foodType: 'Night thali', vegType: 'veg', quantity: 20 },
      schedule: { frequency: 'daily', timeOfDay: '21:00' },
    });
    expect(series.statusCode).toBe(201);
    const volunteer = await signUp(t.app, 'volunteer');
    await volunteer.client.put('/api/availability', {
      weekdays: ['MO'],
      fromTime: '18:00',
      toTime: '22:00',
      radiusKm: 8,
    });
    const feedUrl = (await volunteer.client.post('/api/calendar')).json().feed.url as string;
    const feedPath = new URL(feedUrl).pathname;

    const donorData = (await donor.client.get('/api/me/export')).json();
    expect(donorData.recurringDonations.map((s: { rrule: string }) => s.rrule)).toEqual([
      'FREQ=DAILY',
    ]);
    const volunteerData = (await volunteer.client.get('/api/me/export')).json();
    expect(volunteerData.availability.radiusKm).toBe(8);
    expect(volunteerData.calendarFeed).not.toBeNull();

    for (const who of [donor, volunteer]) {
      const gone = await who.client.request({
        method: 'DELETE',
        url: '/api/me',
        payload: { password: who.body.password },
      });
      expect(gone.statusCode).toBe(204);
    }
    const left = rowsOf<{ series: number; availability: number; feeds: number }>(
      await t.database.db.execute(sql`select
        (select count(*)::int from donation_series where donor_id = ${donor.user.id}) as series,
        (select count(*)::int from volunteer_availability where user_id = ${volunteer.user.id}) as availability,
        (select count(*)::int from calendar_feeds where user_id = ${volunteer.user.id}) as feeds`),
    );
    expect(left[0]).toEqual({ series: 0, availability: 0, feeds: 0 });
    expect((await t.app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(404);
  });
});
