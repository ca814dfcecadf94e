import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../test/build-app.js';
import { postDonation, signUp } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A donor with two notifications: two receivers requested their donation. */
async function donorWithNotifications() {
  const donor = await signUp(t.app, 'restaurant');
  const donation = await postDonation(donor.client, { foodType: 'Veg pulao' });
  const bank = await signUp(t.app, 'foodbank');
  const farm = await signUp(t.app, 'poultry');
  await bank.client.post(`/api/donations/${donation.id}/requests`, {});
  await farm.client.post(`/api/donations/${donation.id}/requests`, {});
  return { donor, donation, bank };
}

describe('notification centre', () => {
  it('lists newest first with the facts each language needs, and counts unread', async () => {
    const { donor, donation, bank } = await donorWithNotifications();
    const list = await donor.client.get('/api/notifications');
    expect(list.statusCode).toBe(200);
    const items = list.json().items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      type: 'donation_request',
      isRead: false,
      readAt: null,
      data: { donationId: donation.id, foodType: 'Veg pulao' },
    });
    expect(items[1].data.actorName).toBe(bank.body.organizationName);
    expect(new Date(items[0].createdAt).getTime()).toBeGreaterThanOrEqual(
      new Date(items[1].createdAt).getTime(),
    );
    expect((await donor.client.get('/api/notifications/unread-count')).json()).toEqual({
      unread: 2,
    });
  });

  it('filters by type', async () => {
    const { donor } = await donorWithNotifications();
    expect(
      (await donor.client.get('/api/notifications?type=donation_request')).json().items,
    ).toHaveLength(2);
    expect(
      (await donor.client.get('/api/notifications?type=request_accepted')).json().items,
    ).toHaveLength(0);
    expect((await donor.client.get('/api/notifications?type=nonsense')).statusCode).toBe(400);
  });

  it('marks one read (readAt set once), all read, and deletes', async () => {
    const { donor } = await donorWithNotifications();
    const [first, second] = (await donor.client.get('/api/notifications')).json().items;
    const read = await donor.client.post(`/api/notifications/${first.id}/read`);
    expect(read.statusCode).toBe(200);
    const readAt = read.json().notification.readAt;
    expect(readAt).toEqual(expect.any(String));
    const again = await donor.client.post(`/api/notifications/${first.id}/read`);
    expect(again.json().notification.readAt).toBe(readAt);
    expect((await donor.client.get('/api/notifications/unread-count')).json()).toEqual({
      unread: 1,
    });
    expect((await donor.client.post('/api/notifications/read-all')).json()).toEqual({ updated: 1 });
    expect((await donor.client.get('/api/notifications/unread-count')).json()).toEqual({
      unread: 0,
    });
    expect((await donor.client.delete(`/api/notifications/${second.id}`)).statusCode).toBe(204);
    expect(
      (await donor.client.get('/api/notifications')).json().items.map((n: { id: string }) => n.id),
    ).toEqual([first.id]);
  });

  it("never lets a user read, mark or delete someone else's notifications", async () => {
    const { donor } = await donorWithNotifications();
    const [notice] = (await donor.client.get('/api/notifications')).json().items;
    const intruder = await signUp(t.app, 'restaurant');
    expect((await intruder.client.get('/api/notifications')).json().items).toEqual([]);
    expect((await intruder.client.post(`/api/notifications/${notice.id}/read`)).statusCode).toBe(
      404,
    );
    expect((await intruder.client.delete(`/api/notifications/${notice.id}`)).statusCode).toBe(404);
    await intruder.client.post('/api/notifications/read-all');
    expect((await donor.client.get('/api/notifications/unread-count')).json()).toEqual({
      unread: 2,
    });
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('/api/notifications')).statusCode).toBe(401);
    expect((await anonymous.get('/api/notifications/unread-count')).statusCode).toBe(401);
  });
});
