import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../test/build-app.js';
import { postDonation, signInAsAdmin, signUp } from '../../test/factories.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signInAsAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAsAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('admin routes: admins only', () => {
  const routes = [
    (c: TestClient, _id: string) => c.get('/api/admin/users'),
    (c: TestClient, id: string) => c.patch(`/api/admin/users/${id}`, { isVerified: true }),
    (c: TestClient, _id: string) => c.get('/api/admin/events'),
  ];
  it.each([
    'restaurant',
    'individual',
    'mess',
    'foodbank',
    'nursery',
    'poultry',
    'volunteer',
  ] as const)('refuses a %s on every admin route, and anonymous callers', async (role) => {
    const user = await signUp(t.app, role);
    for (const call of routes) {
      expect((await call(user.client, user.user.id)).statusCode).toBe(403);
      expect((await call(new TestClient(t.app), user.user.id)).statusCode).toBe(401);
    }
    const [me] = (
      await admin.client.get(`/api/admin/users?search=${encodeURIComponent(user.body.email)}`)
    ).json().items;
    expect(me.isVerified).toBe(false);
  });
});

describe('GET /api/admin/users', () => {
  it('finds users by role and text, with wildcards taken literally', async () => {
    const bank = await signUp(t.app, 'foodbank', { organizationName: 'Annapurna 100% Trust' });
    await signUp(t.app, 'foodbank', { organizationName: 'Annapurna Trust' });
    const byRole = (await admin.client.get('/api/admin/users?role=foodbank&limit=100')).json()
      .items;
    expect(byRole.every((u: { role: string }) => u.role === 'foodbank')).toBe(true);
    const found = (
      await admin.client.get(`/api/admin/users?search=${encodeURIComponent('100%')}`)
    ).json().items;
    expect(found.map((u: { id: string }) => u.id)).toEqual([bank.user.id]);
  });
});

describe('PATCH /api/admin/users/:id', () => {
  it("verifies a donor: the badge shows on that donor's donations for receivers; the action is logged", async () => {
    const donor = await signUp(t.app, 'restaurant');
    const donation = await postDonation(donor.client);
    const bank = await signUp(t.app, 'foodbank');
    const before = (await bank.client.get(`/api/donations/${donation.id}`)).json().donation;
    expect(before.donorVerified).toBe(false);
    const verified = await admin.client.patch(`/api/admin/users/${donor.user.id}`, {
      isVerified: true,
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.isVerified).toBe(true);
    const feed = (await bank.client.get('/api/donations/available?limit=100')).json().items;
    expect(feed.find((d: { id: string }) => d.id === donation.id)?.donorVerified).toBe(true);
    const log = (await admin.client.get('/api/admin/events?entityType=user')).json().items;
    expect(log[0]).toMatchObject({
      action: 'admin.user_updated',
      entityId: donor.user.id,
      actorId: admin.user.id,
    });
  });

  it('suspends (sessions end, sign-in refused) and restores', async () => {
    const user = await signUp(t.app, 'volunteer');
    const suspended = await admin.client.patch(`/api/admin/users/${user.user.id}`, {
      suspended: true,
    });
    expect(suspended.json().user.suspendedAt).toEqual(expect.any(String));
    expect((await user.client.get('/api/me')).statusCode).toBe(401);
    const login = await new TestClient(t.app).post('/api/auth/login', {
      email: user.body.email,
      password: user.body.password,
    });
    expect(login.json().code).toBe('ACCOUNT_SUSPENDED');
    await admin.client.patch(`/api/admin/users/${user.user.id}`, { suspended: false });
    const again = await new TestClient(t.app).post('/api/auth/login', {
      email: user.body.email,
      password: user.body.password,
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses an empty change, an unknown user and suspending oneself', async () => {
    expect((await admin.client.patch(`/api/admin/users/${admin.user.id}`, {})).statusCode).toBe(
      400,
    );
    expect(
      (
        await admin.client.patch('/api/admin/users/00000000-0000-4000-8000-000000000000', {
          isVerified: true,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await admin.client.patch(`/api/admin/users/${admin.user.id}`, { suspended: true }))
        .statusCode,
    ).toBe(403);
    expect(
      (await admin.client.patch(`/api/admin/users/${admin.user.id}`, { role: 'admin' })).statusCode,
    ).toBe(400);
  });
});
