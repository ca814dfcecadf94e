import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { postDonation, signUp } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('request responses', () => {
  it('say whether the donor delivers the food themselves', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const bank = await signUp(t.app, 'foodbank');
    const own = await postDonation(donor.client, {
      deliveryMethod: 'self',
      destinationType: 'foodbank',
      destinationUserId: bank.user.id,
    });
    const incoming = (await bank.client.get('/api/requests/incoming')).json().items as {
      donationId: string;
      isSelfDelivery: boolean;
    }[];
    expect(incoming.find((r) => r.donationId === own.id)?.isSelfDelivery).toBe(true);

    const carried = await postDonation(donor.client);
    const volunteer = await signUp(t.app, 'volunteer');
    const grab = await volunteer.client.post(`/api/donations/${carried.id}/grab`);
    expect(grab.statusCode).toBe(201);
    expect(grab.json().request.isSelfDelivery).toBe(false);

    const mine = (await donor.client.get('/api/requests?filter=all')).json().items as {
      donationId: string;
      isSelfDelivery: boolean;
    }[];
    expect(mine.find((r) => r.donationId === own.id)?.isSelfDelivery).toBe(true);
    expect(mine.find((r) => r.donationId === carried.id)?.isSelfDelivery).toBe(false);
  });
});
