// Both engines: rows read directly to check what is stored.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { postDonation, signInAsAdmin, signUp } from '../../test/factories.js';

// Admins read private details for moderation; every such read is in the event log (decision
// 0021). The public views (feeds, directory) and a user's own data are not logged.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const readsOf = (entityId: string) =>
  t.app.database.db
    .select()
    .from(events)
    .where(and(eq(events.entityId, entityId), eq(events.action, 'admin.private_details_read')));

describe('admin reads of private details', () => {
  it('logs an admin opening a donation, and not the donor opening their own', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const donation = await postDonation(donor.client);
    const admin = await signInAsAdmin(t.app);

    expect((await donor.client.get(`/api/donations/${donation.id}`)).statusCode).toBe(200);
    expect(await readsOf(donation.id)).toHaveLength(0);

    // The feed gives admins the public view: nothing private read, nothing logged.
    const feed = await admin.client.get('/api/donations/available?sort=newest&limit=50');
    const listed = feed.json().items.find((d: { id: string }) => d.id === donation.id);
    expect(listed).toMatchObject({ donorEmail: null, pickupAddress: null, detailsShown: false });
    expect(await readsOf(donation.id)).toHaveLength(0);

    const opened = await admin.client.get(`/api/donations/${donation.id}`);
    expect(opened.json().donation).toMatchObject({
      donorEmail: donor.body.email,
      detailsShown: true,
    });
    const logged = await readsOf(donation.id);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ entityType: 'donation', actorId: admin.user.id });
  });

  it('logs each user an admin lists in the console, and each request in the support list', async () => {
    const bank = await signUp(t.app, 'foodbank');
    const donor = await signUp(t.app, 'restaurant');
    const donation = await postDonation(donor.client);
    const requested = await bank.client.post(`/api/donations/${donation.id}/requests`, {});
    const requestId = requested.json().request.id as string;
    const admin = await signInAsAdmin(t.app);

    const users = await admin.client.get(
      `/api/admin/users?search=${encodeURIComponent(bank.body.email)}`,
    );
    expect(users.json().items.map((u: { id: string }) => u.id)).toEqual([bank.user.id]);
    expect(await readsOf(bank.user.id)).toHaveLength(1);

    const list = await admin.client.get(`/api/requests?filter=all&donationId=${donation.id}`);
    expect(list.json().items[0]).toMatchObject({ id: requestId, requesterEmail: bank.body.email });
    expect(await readsOf(requestId)).toHaveLength(1);
  });
});
