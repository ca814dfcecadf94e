import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { donationInput, postDonation, signUp } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://annasetu.example.in' });
});
afterAll(async () => {
  await t?.close();
});

interface ParsedEvent {
  uid: string;
  summary: string;
  location: string | null;
  url: string | null;
  start: Date;
}

/** Fetches a feed by its path and parses it with ical.js (not the library that wrote it). */
async function readFeed(
  url: string,
): Promise<{ status: number; events: ParsedEvent[]; text: string }> {
  const path = new URL(url).pathname;
  const response = await t.app.inject({ method: 'GET', url: path });
  if (response.statusCode !== 200) return { status: response.statusCode, events: [], text: '' };
  expect(response.headers['content-type']).toContain('text/calendar');
  const calendar = new ICAL.Component(ICAL.parse(response.body));
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location ?? null,
      url: (component.getFirstPropertyValue('url') as string | null) ?? null,
      start: event.startDate.toJSDate(),
    };
  });
  return { status: 200, events, text: response.body };
}

describe('calendar feeds', () => {
  it("lists each role's own events, with the pickup address and a link back", async () => {
    const donor = await signUp(t.app, 'restaurant');
    const volunteer = await signUp(t.app, 'volunteer');
    const otherVolunteer = await signUp(t.app, 'volunteer');
    const nursery = await signUp(t.app, 'nursery');

    const grabbed = await postDonation(donor.client, {
      foodType: 'Veg biryani',
      pickupAddress: '12 Brigade Road, Bengaluru',
    });
    expect((await volunteer.client.post(`/api/donations/${grabbed.id}/grab`)).statusCode).toBe(201);
    const open = await postDonation(donor.client, { foodType: 'Chapati' });
    const selfDelivery = await donor.client.post(
      '/api/donations',
      donationInput({
        foodType: 'Vegetable peels',
        deliveryMethod: 'self',
        destinationType: 'nursery',
        destinationUserId: nursery.user.id,
      }),
    );
    expect(selfDelivery.statusCode).toBe(201);
    const series = await donor.client.post('/api/series', {
      template: { cuisine: 'Thali', foodType: 'Night thali', vegType: 'veg', quantity: 25 },
      schedule: { frequency: 'daily', timeOfDay: '21:00' },
    });
    expect(series.statusCode).toBe(201);

    const feeds = {} as Record<string, string>;
    for (const [name, who] of Object.entries({ donor, volunteer, otherVolunteer, nursery })) {
      const made = await who.client.post('/api/calendar');
      expect(made.statusCode).toBe(200);
      const { feed } = made.json();
      expect(feed.webcal).toBe(feed.url.replace('https:', 'webcal:'));
      expect(feed.url.startsWith('https://annasetu.example.in/api/calendar/')).toBe(true);
      feeds[name] = feed.url;
    }

    const pickups = await readFeed(feeds.volunteer!);
    expect(pickups.events).toHaveLength(1);
    expect(pickups.events[0]).toMatchObject({
      summary: 'Pick up: Veg biryani',
      location: '12 Brigade Road, Bengaluru',
    });
    expect(pickups.events[0]!.url).toMatch(/^https:\/\/annasetu\.example\.in\/requests\?focus=/);
    // Nothing of the donor beyond what the pickup card shows: no phone, no email.
    expect(pickups.text).not.toContain(donor.body.email);
    expect(pickups.text).not.toContain('98765');

    expect((await readFeed(feeds.otherVolunteer!)).events).toEqual([]);

    const incoming = await readFeed(feeds.nursery!);
    expect(incoming.events.map((e) => e.summary)).toEqual(['Incoming: Vegetable peels']);

    const donorFeed = await readFeed(feeds.donor!);
    const summaries = donorFeed.events.map((e) => e.summary);
    expect(summaries).toContain('Waiting for pickup: Chapati');
    expect(summaries).not.toContain('Waiting for pickup: Veg biryani');
    const recurring = donorFeed.events.filter(
      (e) => e.summary === 'Recurring donation: Night thali',
    );
    expect(recurring).toHaveLength(14);
    for (const event of recurring) {
      // 21:00 in Asia/Kolkata is 15:30 UTC.
      expect(event.start.toISOString().slice(11, 16)).toBe('15:30');
    }
    expect(donorFeed.events.some((e) => e.uid.includes(open.id))).toBe(true);
  });

  it('stops answering a revoked or replaced address with 404', async () => {
    const volunteer = await signUp(t.app, 'volunteer');
    const first = (await volunteer.client.post('/api/calendar')).json().feed.url as string;
    expect((await readFeed(first)).status).toBe(200);
    const second = (await volunteer.client.post('/api/calendar')).json().feed.url as string;
    expect((await readFeed(first)).status).toBe(404);
    expect((await readFeed(second)).status).toBe(200);
    expect((await volunteer.client.get('/api/calendar')).json().feed.url).toBe(second);

    expect((await volunteer.client.delete('/api/calendar')).statusCode).toBe(204);
    expect((await readFeed(second)).status).toBe(404);
    expect((await volunteer.client.get('/api/calendar')).json()).toEqual({ feed: null });
    expect((await readFeed('https://x/api/calendar/not-a-real-token-000000.ics')).status).toBe(404);
  });
});
