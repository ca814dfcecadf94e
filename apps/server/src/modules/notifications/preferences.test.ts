// Both engines: preference rows read and written directly.
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { createTestApp, TestClient, type TestApp } from '../../test/build-app.js';
import { postDonation, signUp } from '../../test/factories.js';
import { startPushService } from '../../test/push-service.js';

let t: TestApp;
let push: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({}, { pushAgent: push.agent });
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});

async function notificationsOf(userId: string) {
  return rowsOf<{ type: string; is_read: boolean; hold_until: string | null }>(
    await t.database.db.execute(
      sql`select type, is_read, hold_until from notifications where user_id = ${userId} order by created_at`,
    ),
  );
}

/** A donor with a push subscription whose donation a food bank then requests. */
async function donorWithRequest(preferences: Record<string, unknown>) {
  const donor = await signUp(t.app, 'restaurant');
  const browser = await push.subscribe(donor.client);
  const saved = await donor.client.put('/api/notifications/preferences', preferences);
  expect(saved.statusCode, saved.body).toBe(200);
  const donation = await postDonation(donor.client, { foodType: 'Veg pulao' });
  const bank = await signUp(t.app, 'foodbank');
  expect((await bank.client.post(`/api/donations/${donation.id}/requests`, {})).statusCode).toBe(
    201,
  );
  await t.app.push.drain();
  return { donor, browser };
}

/** Quiet hours that are on now in Asia/Kolkata: from an hour ago to two hours ahead. */
function quietNow() {
  const local = DateTime.now().setZone('Asia/Kolkata');
  return {
    from: local.minus({ hours: 1 }).toFormat('HH:mm'),
    to: local.plus({ hours: 2 }).toFormat('HH:mm'),
  };
}

describe('notification preferences', () => {
  it('starts with everything on and no quiet hours, and saves what the user sets', async () => {
    const user = await signUp(t.app, 'volunteer');
    expect((await user.client.get('/api/notifications/preferences')).json()).toEqual({
      preferences: { off: {}, on: {}, quietHours: null, timeZone: 'Asia/Kolkata' },
    });
    const body = {
      off: { coverage_alert: ['email', 'push'], donation_expired: [] },
      on: { coverage_alert: ['sms'], pickup_reminder: [] },
      quietHours: { from: '22:00', to: '07:00' },
      timeZone: 'Europe/London',
    };
    const saved = await user.client.put('/api/notifications/preferences', body);
    expect(saved.json()).toEqual({
      preferences: {
        off: { coverage_alert: ['email', 'push'] },
        on: { coverage_alert: ['sms'] },
        quietHours: { from: '22:00', to: '07:00' },
        timeZone: 'Europe/London',
      },
    });
    expect((await user.client.get('/api/notifications/preferences')).json()).toEqual(saved.json());
  });

  it('sends no push of a type the user turned push off for, and keeps it in the app', async () => {
    const { donor, browser } = await donorWithRequest({ off: { donation_request: ['push'] } });
    expect(browser.inbox()).toEqual([]);
    expect(await notificationsOf(donor.user.id)).toEqual([
      { type: 'donation_request', is_read: false, hold_until: null },
    ]);
  });

  it('still pushes the types left on', async () => {
    const { browser } = await donorWithRequest({ off: { donation_expired: ['push'] } });
    expect(browser.inbox().map((p) => p.type)).toEqual(['donation_request']);
  });

  it('stores a type with the in-app list off as already read, and nothing when all are off', async () => {
    const quiet = await donorWithRequest({ off: { donation_request: ['inApp'] } });
    expect(await notificationsOf(quiet.donor.user.id)).toEqual([
      { type: 'donation_request', is_read: true, hold_until: null },
    ]);
    expect(quiet.browser.inbox().map((p) => p.type)).toEqual(['donation_request']);

    const silent = await donorWithRequest({
      off: { donation_request: ['inApp', 'push', 'email'] },
    });
    expect(await notificationsOf(silent.donor.user.id)).toEqual([]);
    expect(silent.browser.inbox()).toEqual([]);
  });

  it('holds pushes during quiet hours and sends them when the hours end', async () => {
    const { donor, browser } = await donorWithRequest({ quietHours: quietNow() });
    const [held] = await notificationsOf(donor.user.id);
    // In the app at once, unread; the push waits for the end of the quiet hours.
    expect(held).toMatchObject({ type: 'donation_request', is_read: false });
    expect(new Date(held!.hold_until!).getTime()).toBeGreaterThan(Date.now() + 3600_000);
    expect(browser.inbox()).toEqual([]);

    // The quiet hours end (the hold time passes).
    await t.database.db.execute(
      sql`update notifications set hold_until = now() - interval '1 second' where user_id = ${donor.user.id}`,
    );
    await t.app.push.drain();
    expect(browser.inbox().map((p) => p.type)).toEqual(['donation_request']);
  });

  it('refuses bad preferences with a coded 400 and changes nothing', async () => {
    const user = await signUp(t.app, 'restaurant');
    const before = (await user.client.get('/api/notifications/preferences')).json();
    const cases: [unknown, string][] = [
      [{ quietHours: { from: '25:00', to: '07:00' } }, 'QUIET_HOURS_INVALID'],
      [{ quietHours: { from: '22:00', to: '22:00' } }, 'QUIET_HOURS_INVALID'],
      [{ quietHours: { from: '22:00' } }, 'QUIET_HOURS_INVALID'],
      [{ off: { no_such_type: ['push'] } }, 'UNKNOWN_FIELD'],
      [{ off: { donation_request: ['pigeon'] } }, 'INVALID_VALUE'],
      [{ off: { donation_request: 'push' } }, 'INVALID_VALUE'],
      // SMS is turned on, never off; nothing else is turned on.
      [{ off: { donation_request: ['sms'] } }, 'INVALID_VALUE'],
      [{ on: { donation_request: ['push'] } }, 'INVALID_VALUE'],
      [{ on: { no_such_type: ['sms'] } }, 'UNKNOWN_FIELD'],
      [{ timeZone: 'Mars/Olympus' }, 'TIME_ZONE_INVALID'],
      [{ somethingElse: true }, 'UNKNOWN_FIELD'],
    ];
    for (const [body, code] of cases) {
      const response = await user.client.put('/api/notifications/preferences', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code, JSON.stringify(body)).toBe(code);
    }
    expect((await user.client.get('/api/notifications/preferences')).json()).toEqual(before);
    const anonymous = await new TestClient(t.app).put('/api/notifications/preferences', {});
    expect(anonymous.statusCode).toBe(401);
  });
});
