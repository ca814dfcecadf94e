// Both engines: a tap on "Take it" is the app's conditional grab, a repeated webhook is kept out by an INSERT … ON CONFLICT on the received ids, and status callbacks update the outbox with jsonb containment; each must hold on PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSmsc } from '@annasetu/test-kit/smsc';
import { TestWhatsAppCloud, type SentWhatsApp } from '@annasetu/test-kit/whatsapp-cloud';
import { message } from '../../messages/index.js';
import { phoneReplyFixtures } from '../replies/phone-replies.fixtures.js';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { signInAsAdmin, signUp } from '../../test/factories.js';
import { WHATSAPP_TEMPLATES } from '../replies/phone-alerts.js';
import { workflowFixtures } from '../requests/workflow.fixtures.js';
import { WEBHOOK_PATH } from './whatsapp.plugin.js';

let smsc: TestSmsc;
let cloud: TestWhatsAppCloud;
let t: TestApp;
const { query, centre, unclaimedFood } = phoneReplyFixtures(() => t, {
  lat: 12,
  lng: 76,
});
let serial = 0;
const nextPhone = () => `+9198124${String(10_000 + ++serial).padStart(5, '0')}`;

beforeAll(async () => {
  smsc = await TestSmsc.start();
  cloud = await TestWhatsAppCloud.start();
  t = await createTestApp({
    SMS_SMPP_URL: smsc.url,
    SMS_SENDER_ID: 'ANNSTU',
    ...cloud.env,
  });
  expect(await t.app.sms!.client.whenBound(10_000)).toBe(true);
});
afterAll(async () => {
  await t?.close();
  await cloud?.close();
  await smsc?.close();
});

/**
 * Posts a webhook delivery as Meta would; resolves when every message in it was answered and the
 * answers were handed to the Cloud API.
 */
async function deliver(delivery: { payload: string; headers: Record<string, string> }) {
  const response = await t.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    payload: delivery.payload,
    headers: delivery.headers,
  });
  await t.app.replies!.handled();
  await t.app.whatsapp!.outbox.wake();
  return response;
}

const toPhone = (phone: string, after: number) =>
  cloud.waitForMessage((m) => m.to === phone && cloud.sent.indexOf(m) >= after);

/** What WhatsApp sends back to `phone` after they typed or tapped `what`. */
async function answerTo(
  phone: string,
  what: Parameters<TestWhatsAppCloud['messageFrom']>[1],
): Promise<SentWhatsApp> {
  const seen = cloud.sent.length;
  expect((await deliver(cloud.messageFrom(phone, what))).statusCode).toBe(200);
  return toPhone(phone, seen);
}

/**
 * A person whose number was verified and who asked for `type` on WhatsApp only (a volunteer and
 * coverage alerts unless said otherwise).
 */
async function whatsappVolunteer(
  at: { lat: number; lng: number },
  language: 'en' | 'hi' | 'ta' | 'te',
  role: 'volunteer' | 'foodbank' = 'volunteer',
  type = 'coverage_alert',
) {
  const phone = nextPhone();
  const v = await signUp(t.app, role, { phone, language, coordinates: at });
  const seen = smsc.messages.length;
  expect((await v.client.post('/api/me/phone/code', {})).statusCode).toBe(202);
  const sms = await smsc.waitForMessage((m) => m.to === phone && smsc.messages.indexOf(m) >= seen);
  const code = /\b(\d{6})\b/.exec(sms.text)![1]!;
  expect((await v.client.post('/api/me/phone/verify', { code })).statusCode).toBe(200);
  const saved = await v.client.put('/api/notifications/preferences', {
    off: { [type]: ['inApp', 'push', 'email'] },
    on: { [type]: ['whatsapp'] },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { ...v, phone };
}

describe('coverage alerts on WhatsApp, answered with a button', () => {
  it('lets the first tap take the food and tells the second, in their languages', async () => {
    const at = centre();
    const tamil = await whatsappVolunteer(at, 'ta');
    const hindi = await whatsappVolunteer(at, 'hi');
    const seen = cloud.sent.length;
    const smsSeen = smsc.messages.length;
    const { donation } = await unclaimedFood(at, 'Sambar rice');

    const alertTa = await toPhone(tamil.phone, seen);
    const alertHi = await toPhone(hindi.phone, seen);
    // An approved template in the person's language: what, where (the locality) and until when,
    // and a "Take it" button whose payload is the words a reply could type.
    expect(alertTa.type).toBe('template');
    expect(alertTa.text).toBe(WHATSAPP_TEMPLATES.foodAlert);
    expect(alertTa.language).toBe('ta');
    expect(alertHi.language).toBe('hi');
    const [facts, code] = alertTa.parameters;
    expect(facts).toContain('Sambar rice');
    expect(facts).toContain('Mylapore, Chennai');
    expect(facts).not.toContain('Kutchery');
    expect(facts).toMatch(/[\u0B80-\u0BFF]/);
    expect(code).toMatch(/^[A-Z]{3}$/);
    expect(alertTa.buttons).toEqual([`1 ${code}`]);
    // WhatsApp only: no SMS, nothing in the app's list.
    expect(smsc.messages.slice(smsSeen).filter((m) => m.to === tamil.phone)).toEqual([]);
    expect((await tamil.client.get('/api/notifications/unread-count')).json().unread).toBe(0);

    const taken = await answerTo(tamil.phone, { quickReply: alertTa.buttons[0]! });
    expect(taken.type).toBe('text');
    expect(taken.text).toContain('14 Kutchery Road');
    expect(taken.text).toMatch(/[\u0B80-\u0BFF]/);
    const late = await answerTo(hindi.phone, { quickReply: alertHi.buttons[0]! });
    expect(late.text).toBe(message('hi', 'sms.reply.refused.DONATION_UNAVAILABLE'));
    // Typed instead of tapped, the same words do the same: already answered.
    const again = await answerTo(tamil.phone, { text: `1 ${code}` });
    expect(again.text).toBe(message('ta', 'sms.reply.answered'));

    const [row] = await query<{ volunteer_id: string }>(
      sql`select volunteer_id from donations where id = ${donation.id}`,
    );
    expect(row!.volunteer_id).toBe(tamil.user.id);
    const grabs = await query<{ n: number }>(
      sql`select count(*)::int as n from events where entity_id = ${donation.id} and action = 'donation.grabbed'`,
    );
    expect(Number(grabs[0]!.n)).toBe(1);
  });

  it('asks "which one?" with a button per open alert', async () => {
    const at = centre();
    const v = await whatsappVolunteer(at, 'en');
    const seen = cloud.sent.length;
    await unclaimedFood(at, 'Curd rice');
    await unclaimedFood(at, 'Lemon rice');
    const curd = await cloud.waitForMessage(
      (m) => m.to === v.phone && cloud.sent.indexOf(m) >= seen && m.parameters[0]!.includes('Curd'),
    );
    const lemon = await cloud.waitForMessage(
      (m) =>
        m.to === v.phone && cloud.sent.indexOf(m) >= seen && m.parameters[0]!.includes('Lemon'),
    );
    const which = await answerTo(v.phone, { text: '1' });
    expect(which.type).toBe('interactive');
    expect(which.buttons.sort()).toEqual(
      [`1 ${curd.parameters[1]}`, `1 ${lemon.parameters[1]}`].sort(),
    );
    // Tapping one takes that food.
    const taken = await answerTo(v.phone, { buttonReply: `1 ${lemon.parameters[1]}` });
    expect(taken.text).toContain('Lemon rice');
  });
});

describe('STOP on one channel', () => {
  it('ends that channel only, and the alerts stay open to the other', async () => {
    const at = centre();
    const v = await whatsappVolunteer(at, 'hi');
    const both = await v.client.put('/api/notifications/preferences', {
      off: { coverage_alert: ['inApp', 'push', 'email'] },
      on: { coverage_alert: ['sms', 'whatsapp'], pickup_reminder: ['sms'] },
    });
    expect(both.statusCode, both.body).toBe(200);
    const seen = cloud.sent.length;
    const smsSeen = smsc.messages.length;
    const { donation } = await unclaimedFood(at, 'Rajma chawal');
    const alert = await toPhone(v.phone, seen);
    await smsc.waitForMessage((m) => m.to === v.phone && smsc.messages.indexOf(m) >= smsSeen);

    // STOP by SMS: no more SMS; WhatsApp stays as chosen and its button still works.
    smsc.sendFromHandset(v.phone, 'STOP');
    await smsc.waitForMessage(
      (m) => m.to === v.phone && m.text === message('hi', 'sms.reply.stopped'),
    );
    const prefs = async () =>
      (await v.client.get('/api/notifications/preferences')).json().preferences.on;
    expect(await prefs()).toEqual({ coverage_alert: ['whatsapp'] });
    const taken = await answerTo(v.phone, { quickReply: alert.buttons[0]! });
    expect(taken.text).toContain('14 Kutchery Road');
    const [row] = await query<{ volunteer_id: string }>(
      sql`select volunteer_id from donations where id = ${donation.id}`,
    );
    expect(row!.volunteer_id).toBe(v.user.id);

    // STOP on WhatsApp says so in WhatsApp's words, and leaves nothing on.
    const stopped = await answerTo(v.phone, { text: 'stop' });
    expect(stopped.text).toBe(message('hi', 'whatsapp.reply.stopped'));
    expect(await prefs()).toEqual({});
  });
});

describe('an incoming delivery on WhatsApp', () => {
  const { grabbed, noticesOf } = workflowFixtures(() => t);

  it('is accepted by the food bank with a tap, once, and the volunteer and donor are told', async () => {
    const bank = await whatsappVolunteer(centre(), 'te', 'foodbank', 'incoming_delivery');
    const { donor, donation, volunteer, request } = await grabbed();
    const seen = cloud.sent.length;
    const collected = await volunteer.client.post('/api/collections', {
      donationId: donation.id,
      requestId: request.id,
      quality: 'good',
      destinationType: 'foodbank',
      destinationUserId: bank.user.id,
    });
    expect(collected.statusCode, collected.body).toBe(201);
    await t.app.replies!.alerts.wake();
    const alert = await toPhone(bank.phone, seen);
    expect(alert.text).toBe(WHATSAPP_TEMPLATES.incoming);
    expect(alert.language).toBe('te');
    const [facts, code] = alert.parameters;
    expect(facts).toContain(donation.foodType);
    expect(facts).toContain(volunteer.body.name);
    expect(alert.buttons).toEqual([`1 ${code}`]);

    const accepted = await answerTo(bank.phone, { quickReply: alert.buttons[0]! });
    expect(accepted.text).toBe(
      message('te', 'sms.reply.accepted', {
        carrier: volunteer.body.name,
        donor: donation.donorName as string,
        food: donation.foodType as string,
      }),
    );
    const [row] = await query<{ destination_accepted: boolean }>(
      sql`select destination_accepted from requests where id = ${request.id}`,
    );
    expect(row!.destination_accepted).toBe(true);
    expect(await noticesOf(volunteer.user.id, 'delivery_accepted')).toHaveLength(1);
    expect(await noticesOf(donor.user.id, 'delivery_accepted')).toHaveLength(1);
    // The same tap again: already answered, nobody told twice.
    const again = await answerTo(bank.phone, { quickReply: alert.buttons[0]! });
    expect(again.text).toBe(message('te', 'sms.reply.answered'));
    expect(await noticesOf(volunteer.user.id, 'delivery_accepted')).toHaveLength(1);
  });
});

describe('the WhatsApp webhook', () => {
  it("answers Meta's verification only with the verify token", async () => {
    const url = (token: string) =>
      `${WEBHOOK_PATH}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`;
    const ok = await t.app.inject({ method: 'GET', url: url(cloud.account.verifyToken) });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await t.app.inject({ method: 'GET', url: url('guessed-token') });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('FORBIDDEN');
    const noMode = await t.app.inject({ method: 'GET', url: WEBHOOK_PATH });
    expect(noMode.statusCode).toBe(403);
  });

  it('acts on nothing unsigned, wrongly signed, altered or repeated', async () => {
    const at = centre();
    const v = await whatsappVolunteer(at, 'en');
    const seen = cloud.sent.length;
    const { donation } = await unclaimedFood(at, 'Veg pulao');
    const alert = await toPhone(v.phone, seen);
    const tap = cloud.messageFrom(v.phone, { quickReply: alert.buttons[0]! });

    const refused = [
      { ...tap, headers: { 'content-type': 'application/json' } },
      { ...tap, headers: { ...tap.headers, 'x-hub-signature-256': cloud.sign(tap.payload, 'x') } },
      { ...tap, headers: { ...tap.headers, 'x-hub-signature-256': 'sha256=zz' } },
      { ...tap, payload: tap.payload.replace('Test User', 'Test Usex') },
    ];
    for (const forged of refused) {
      const response = await deliver(forged);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    const bad = cloud.messageFrom(v.phone, { text: 'x' });
    const notJson = { payload: '{"object":', headers: { ...bad.headers } };
    notJson.headers['x-hub-signature-256'] = cloud.sign(notJson.payload);
    expect((await deliver(notJson)).statusCode).toBe(400);
    const notWhatsApp = { payload: '{"object":"page","entry":[]}', headers: { ...bad.headers } };
    notWhatsApp.headers['x-hub-signature-256'] = cloud.sign(notWhatsApp.payload);
    expect((await deliver(notWhatsApp)).statusCode).toBe(400);
    const [untouched] = await query<{ volunteer_id: string | null }>(
      sql`select volunteer_id from donations where id = ${donation.id}`,
    );
    expect(untouched!.volunteer_id).toBeNull();
    expect(cloud.sent.slice(seen).filter((m) => m.to === v.phone)).toHaveLength(1);

    // Signed, it is acted on; the same delivery again (Meta retries) is acknowledged and ignored.
    expect((await deliver(tap)).statusCode).toBe(200);
    expect((await deliver(tap)).statusCode).toBe(200);
    const answers = cloud.sent.slice(seen).filter((m) => m.to === v.phone && m.type === 'text');
    expect(answers).toHaveLength(1);
    const [taken] = await query<{ volunteer_id: string | null }>(
      sql`select volunteer_id from donations where id = ${donation.id}`,
    );
    expect(taken!.volunteer_id).toBe(v.user.id);
  });

  it('answers a number with no verified account nothing', async () => {
    const seen = cloud.sent.length;
    expect((await deliver(cloud.messageFrom('+919000000001', { text: '1 ABC' }))).statusCode).toBe(
      200,
    );
    await t.app.whatsapp!.outbox.wake();
    expect(cloud.sent.slice(seen)).toEqual([]);
  });

  it('records delivered and failed from status callbacks, once', async () => {
    const v = await whatsappVolunteer(centre(), 'en');
    const first = await answerTo(v.phone, { text: 'hello' });
    const second = await answerTo(v.phone, { text: 'hello again' });
    const status = async (id: string) =>
      (
        await query<{ status: string }>(
          sql`select status from outbox where message_ids @> ${JSON.stringify([id])}::jsonb`,
        )
      )[0]?.status;
    expect(await status(first.id)).toBe('sent');
    for (const kind of ['sent', 'delivered', 'read', 'delivered'] as const) {
      expect((await deliver(cloud.statusOf(first, kind))).statusCode).toBe(200);
    }
    expect(await status(first.id)).toBe('delivered');
    expect((await deliver(cloud.statusOf(second, 'failed'))).statusCode).toBe(200);
    expect(await status(second.id)).toBe('undelivered');
  });
});

describe('the WhatsApp outbox', () => {
  it('retries what Meta could not take now and gives up on what it refuses', async () => {
    const v = await whatsappVolunteer(centre(), 'en');
    const rows = () =>
      query<{ status: string; attempts: number; last_error: string | null }>(
        sql`select status, attempts, last_error from outbox
            where recipient = ${v.phone} and channel = 'whatsapp' order by created_at`,
      );
    // Throttled (HTTP 400, code 130429): kept, and sent when it is due again.
    cloud.failNextSends(1, 400, 130429);
    const seen = cloud.sent.length;
    await deliver(cloud.messageFrom(v.phone, { text: 'hi' }));
    await t.app.whatsapp!.outbox.wake();
    const [waiting] = await rows();
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting!.last_error).toContain('130429');
    await t.database.db.execute(
      sql`update outbox set next_attempt_at = now() where recipient = ${v.phone}`,
    );
    await t.app.whatsapp!.outbox.wake();
    await toPhone(v.phone, seen);
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2 });

    // Refused for good (131026: not deliverable to this number): failed at once, no retry.
    cloud.failNextSends(1, 400, 131026);
    await deliver(cloud.messageFrom(v.phone, { text: 'hi again' }));
    await t.app.whatsapp!.outbox.wake();
    expect((await rows())[1]).toMatchObject({ status: 'failed', attempts: 1 });
  });
});

describe('WhatsApp in the admin console and the metrics', () => {
  it('counts WhatsApp messages apart from SMS, admins only', async () => {
    const v = await whatsappVolunteer(centre(), 'en');
    await answerTo(v.phone, { text: 'hello' });
    const admin = await signInAsAdmin(t.app);
    const answer = await admin.client.get('/api/admin/sms');
    expect(answer.statusCode, answer.body).toBe(200);
    const { whatsapp, total } = answer.json();
    const count = async (channel: string) =>
      Number(
        (
          await query<{ n: number }>(
            sql`select count(*)::int as n from outbox where channel = ${channel}`,
          )
        )[0]!.n,
      );
    expect(whatsapp.on).toBe(true);
    expect(whatsapp.total.messages).toBe(await count('whatsapp'));
    expect(whatsapp.byKind.reply.messages).toBeGreaterThan(0);
    expect(whatsapp.total.messages).toBe(
      whatsapp.byKind.alert.messages + whatsapp.byKind.reply.messages,
    );
    expect(total.messages).toBe(await count('sms'));
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(
      /annasetu_whatsapp_messages_24h\{kind="reply",status="(sent|delivered)"\} [1-9]/,
    );
    expect((await v.client.get('/api/admin/sms')).statusCode).toBe(403);
  });
});

describe('WhatsApp in the notification settings', () => {
  it('is a channel a person turns on, with SMS or alone', async () => {
    const v = await signUp(t.app, 'volunteer');
    const both = await v.client.put('/api/notifications/preferences', {
      on: { coverage_alert: ['sms', 'whatsapp'] },
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().preferences.on).toEqual({ coverage_alert: ['sms', 'whatsapp'] });
    const unknown = await v.client.put('/api/notifications/preferences', {
      on: { coverage_alert: ['telegram'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('INVALID_VALUE');
  });
});
