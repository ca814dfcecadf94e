import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { postDonation, registrationFor, signInAsAdmin, signUp } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NUMBER = '10019022000123';

describe('FSSAI numbers at registration', () => {
  it('keeps a 14-digit number, printed with spaces, unverified', async () => {
    const donor = await signUp(t.app, 'restaurant', { fssaiNumber: '1001 9022 0001 23' });
    const me = (await donor.client.get('/api/me')).json().user;
    expect(me).toMatchObject({ fssaiNumber: NUMBER, fssaiVerifiedAt: null });
  });

  it.each([
    ['1001902200012', 'FSSAI_NUMBER_INVALID'],
    ['100190220001234', 'FSSAI_NUMBER_INVALID'],
    ['1001902200012A', 'FSSAI_NUMBER_INVALID'],
  ])('refuses %s with %s and creates no account', async (fssaiNumber, code) => {
    const body = registrationFor('foodbank', { fssaiNumber });
    const answer = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().details).toContainEqual(
      expect.objectContaining({ field: 'fssaiNumber', code }),
    );
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: body.password },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('exempts individuals: a number from one is refused', async () => {
    const body = registrationFor('individual', { fssaiNumber: NUMBER });
    const answer = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().details[0]).toMatchObject({
      field: 'fssaiNumber',
      code: 'FSSAI_NOT_FOR_ROLE',
    });
  });
});

describe('FSSAI numbers in the profile and the admin check', () => {
  it('lets only an admin verify, and a new number needs checking again', async () => {
    const bank = await signUp(t.app, 'foodbank');
    const added = await bank.client.patch('/api/me', { fssaiNumber: NUMBER });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().user).toMatchObject({ fssaiNumber: NUMBER, fssaiVerifiedAt: null });

    // The owner cannot verify themselves, nor can another organisation.
    for (const caller of [bank, await signUp(t.app, 'restaurant')]) {
      const tried = await caller.client.patch(`/api/admin/users/${bank.user.id}`, {
        fssaiVerified: true,
      });
      expect(tried.statusCode).toBe(403);
    }
    expect((await bank.client.get('/api/me')).json().user.fssaiVerifiedAt).toBeNull();

    const admin = await signInAsAdmin(t.app);
    const verified = await admin.client.patch(`/api/admin/users/${bank.user.id}`, {
      fssaiVerified: true,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().user.fssaiVerifiedAt).toEqual(expect.any(String));

    // The same number keeps its check; another one loses it.
    await bank.client.patch('/api/me', { fssaiNumber: NUMBER, name: 'Roti Bank' });
    expect((await bank.client.get('/api/me')).json().user.fssaiVerifiedAt).not.toBeNull();
    await bank.client.patch('/api/me', { fssaiNumber: '20019022000999' });
    expect((await bank.client.get('/api/me')).json().user).toMatchObject({
      fssaiNumber: '20019022000999',
      fssaiVerifiedAt: null,
    });
    // '' removes it.
    await bank.client.patch('/api/me', { fssaiNumber: '' });
    expect((await bank.client.get('/api/me')).json().user.fssaiNumber).toBeNull();
  });

  it('refuses a bad number, a number from an exempt role, and verifying an account without one', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const bad = await donor.client.patch('/api/me', { fssaiNumber: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].code).toBe('FSSAI_NUMBER_INVALID');
    expect((await donor.client.get('/api/me')).json().user.fssaiNumber).toBeNull();

    const volunteer = await signUp(t.app, 'volunteer');
    const exempt = await volunteer.client.patch('/api/me', { fssaiNumber: NUMBER });
    expect(exempt.statusCode).toBe(400);
    expect(exempt.json().details[0].code).toBe('FSSAI_NOT_FOR_ROLE');

    const admin = await signInAsAdmin(t.app);
    const none = await admin.client.patch(`/api/admin/users/${donor.user.id}`, {
      fssaiVerified: true,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().details[0].code).toBe('FSSAI_NUMBER_MISSING');
  });

  it('shows the donor’s number and its check on the donation', async () => {
    const donor = await signUp(t.app, 'mess', { fssaiNumber: NUMBER });
    const donation = await postDonation(donor.client, { holding: 'hot' });
    const before = await donor.client.get(`/api/donations/${donation.id}`);
    expect(before.json().donation.donorFssai).toEqual({ number: NUMBER, verified: false });

    const admin = await signInAsAdmin(t.app);
    await admin.client.patch(`/api/admin/users/${donor.user.id}`, { fssaiVerified: true });
    const volunteer = await signUp(t.app, 'volunteer');
    const seen = await volunteer.client.get(`/api/donations/${donation.id}`);
    expect(seen.json().donation.donorFssai).toEqual({ number: NUMBER, verified: true });

    const noNumber = await signUp(t.app, 'restaurant');
    const other = await postDonation(noNumber.client);
    const missing = await noNumber.client.get(`/api/donations/${other.id}`);
    expect(missing.json().donation.donorFssai).toBeNull();
  });
});
