// Both engines: a grab by reply is the app's conditional claim, and a reply code is answered once by a conditional UPDATE; two replies racing must give one grab on either engine.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSmsc, type ReceivedSms } from '@annasetu/test-kit/smsc';
import { runCoverageOnce } from '../../jobs/coverage.js';
import { message } from '../../messages/index.js';
import { phoneReplyFixtures } from './phone-replies.fixtures.js';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { postDonation, signInAsAdmin, signUp } from '../../test/factories.js';
import { answerReply, readReply } from './replies.service.js';

let smsc: TestSmsc;
let t: TestApp;
const { query, centre, unclaimedFood, coverage } = phoneReplyFixtures(() => t, {
  lat: 20,
  lng: 80,
});
let serial = 0;
const nextPhone = () => `+9198123${String(10_000 + ++serial).padStart(5, '0')}`;

beforeAll(async () => {
  smsc = await TestSmsc.start();
  t = await createTestApp({
    SMS_SMPP_URL: smsc.url,
    SMS_SENDER_ID: 'ANNSTU',
    SMS_DLT_TEMPLATE_ALERT: '1107000000000000011',
    SMS_DLT_TEMPLATE_REPLY: '1107000000000000012',
  });
  expect(await t.app.sms!.client.whenBound(10_000)).toBe(true);
});
afterAll(async () => {
  await t?.close();
  await smsc?.close();
});

const smsTo = (phone: string, after: number) =>
  smsc.waitForMessage((m) => m.to === phone && smsc.messages.indexOf(m) >= after);

/** The SMS in answer to `text` sent from `phone`. */
async function replyFrom(phone: string, text: string): Promise<ReceivedSms> {
  const seen = smsc.messages.length;
  smsc.sendFromHandset(phone, text);
  return smsTo(phone, seen);
}

/**
 * A volunteer near `at` whose number was verified by a code and who asked for coverage alerts by
 * SMS only (the app's list, push and email off).
 */
async function smsVolunteer(at: { lat: number; lng: number }, language: 'en' | 'hi' | 'ta') {
  const phone = nextPhone();
  const v = await signUp(t.app, 'volunteer', { phone, language, coordinates: at });
  const seen = smsc.messages.length;
  expect((await v.client.post('/api/me/phone/code', {})).statusCode).toBe(202);
  const code = /\b(\d{6})\b/.exec((await smsTo(phone, seen)).text)![1]!;
  expect((await v.client.post('/api/me/phone/verify', { code })).statusCode).toBe(200);
  const saved = await v.client.put('/api/notifications/preferences', {
    off: { coverage_alert: ['inApp', 'push', 'email'] },
    on: { coverage_alert: ['sms'] },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().preferences.on).toEqual({ coverage_alert: ['sms'] });
  return { ...v, phone };
}

const codeOf = (sms: ReceivedSms) => /\b1 ([A-Z0-9]{3})\b/.exec(sms.text)?.[1];

describe('coverage alerts by SMS, answered by reply', () => {
  it('lets the first "1" take the food and tells the second, in their languages', async () => {
    const at = centre();
    const tamil = await smsVolunteer(at, 'ta');
    const hindi = await smsVolunteer(at, 'hi');
    const seen = smsc.messages.length;
    const { donation } = await unclaimedFood(at, 'Sambar rice');

    const alertTa = await smsTo(tamil.phone, seen);
    const alertHi = await smsTo(hindi.phone, seen);
    // What, where (the locality, not the house) and until when, in Tamil script as UCS-2.
    expect(alertTa.dataCoding).toBe(8);
    expect(alertTa.text).toContain('Sambar rice');
    expect(alertTa.text).toContain('Mylapore, Chennai');
    expect(alertTa.text).not.toContain('14 Kutchery Road');
    expect(alertTa.text).toMatch(/[\u0B80-\u0BFF]/);
    expect(alertTa.templateId).toBe('1107000000000000011');
    expect(alertHi.text).toMatch(/[\u0900-\u097F]/);
    const code = codeOf(alertTa)!;
    expect(code).toMatch(/^[A-Z]{3}$/);
    // Nothing reached the app's list: the volunteers asked for SMS only.
    expect((await tamil.client.get('/api/notifications/unread-count')).json().unread).toBe(0);

    const taken = await replyFrom(tamil.phone, `1 ${code}`);
    expect(taken.templateId).toBe('1107000000000000012');
    expect(taken.text).toContain('14 Kutchery Road');
    expect(taken.text).toMatch(/[\u0B80-\u0BFF]/);
    const [claimed] = await query<{ volunteer_id: string }>(
      sql`select volunteer_id from donations where id = ${donation.id}`,
    );
    expect(claimed!.volunteer_id).toBe(tamil.user.id);

    // The Hindi volunteer's "1" (no code: their one open alert) is too late.
    const late = await replyFrom(hindi.phone, '1');
    expect(late.text).toBe(message('hi', 'sms.reply.refused.DONATION_UNAVAILABLE'));
    // The same reply delivered again changes nothing.
    const again = await replyFrom(tamil.phone, `1 ${code}`);
    expect(again.text).toBe(message('ta', 'sms.reply.answered'));
    const grabs = await query<{ n: number }>(
      sql`select count(*)::int as n from events where entity_id = ${donation.id} and action = 'donation.grabbed'`,
    );
    expect(Number(grabs[0]!.n)).toBe(1);
    // The app shows the food as the Tamil volunteer's.
    const mine = await tamil.client.get('/api/requests');
    expect(JSON.stringify(mine.json())).toContain(donation.id);
  });

  it('gives one grab when two volunteers answer at the same moment', async () => {
    const at = centre();
    const first = await smsVolunteer(at, 'en');
    const second = await smsVolunteer(at, 'hi');
    const seen = smsc.messages.length;
    const { donation } = await unclaimedFood(at, 'Veg biryani');
    await smsTo(first.phone, seen);
    await smsTo(second.phone, seen);
    const deps = { database: t.database, logger: t.app.log };
    const answers = await Promise.all([
      answerReply(deps, first.phone, '1'),
      answerReply(deps, second.phone, '1'),
    ]);
    const bodies = answers.map((a) => a!.body);
    expect(bodies.filter((b) => b.includes('14 Kutchery Road'))).toHaveLength(1);
    const refused = [
      message('en', 'sms.reply.refused.DONATION_UNAVAILABLE'),
      message('hi', 'sms.reply.refused.DONATION_UNAVAILABLE'),
    ];
    expect(bodies.filter((b) => refused.includes(b))).toHaveLength(1);
    const [row] = await query<{ volunteer_id: string }>(
      sql`select volunteer_id from donations where id = ${donation.id}`,
    );
    expect([first.user.id, second.user.id]).toContain(row!.volunteer_id);
  });

  it('answers what it cannot act on, and strangers not at all', async () => {
    const at = centre();
    const one = await smsVolunteer(at, 'en');
    const other = await smsVolunteer(at, 'en');
    await unclaimedFood(at, 'Curd rice');
    await unclaimedFood(at, 'Lemon rice');
    const codes = [
      codeOf(await smsc.waitForMessage((m) => m.to === one.phone && m.text.includes('Curd'))),
      codeOf(await smsc.waitForMessage((m) => m.to === one.phone && m.text.includes('Lemon'))),
    ];
    // Two open alerts: "1" alone cannot say which; the answer lists them with the choice made.
    const list = `${codes[1]} (Lemon rice), ${codes[0]} (Curd rice)`;
    expect((await replyFrom(one.phone, '1')).text).toBe(
      message('en', 'sms.reply.which', { count: 2, choice: '1', list }),
    );
    // Another person's code is not theirs to answer.
    const othersCode = codeOf(
      await smsc.waitForMessage((m) => m.to === other.phone && m.text.includes('Curd')),
    )!;
    const foreign = codes.includes(othersCode) ? 'ZZZ' : othersCode;
    expect((await replyFrom(one.phone, `1 ${foreign}`)).text).toBe(
      message('en', 'sms.reply.unknownCode', { code: foreign, list }),
    );
    // Help names the person's own newest code, never a made-up one.
    expect((await replyFrom(one.phone, 'what is this?')).text).toBe(
      message('en', 'sms.reply.help', { example: `1 ${codes[1]}` }),
    );
    // Only three answers that merely explain, an hour: an auto-reply cannot spend the budget.
    const explained = smsc.messages.length;
    smsc.sendFromHandset(one.phone, 'I am driving');
    smsc.sendFromHandset(one.phone, 'I am driving');
    await t.app.replies!.handled();
    await t.app.sms!.outbox.wake();
    expect(smsc.messages.slice(explained).filter((m) => m.to === one.phone)).toHaveLength(0);
    // Hindi digits, the code written first and words after are read as "1 <code>".
    const taken = await replyFrom(one.phone, `${codes[1]!.toLowerCase()} १ ok coming`);
    expect(taken.text).toContain('14 Kutchery Road');

    // A number with no verified account gets no answer (an answer would cost; nothing to act on).
    const before = smsc.messages.length;
    smsc.sendFromHandset('+919000012345', '1');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await t.app.replies!.handled();
    expect(smsc.messages.slice(before).filter((m) => m.to === '+919000012345')).toEqual([]);
  });

  it("lets a donor answer 'nobody has taken it yet' by reply: carry it, more time, withdraw", async () => {
    const at = centre();
    const phone = nextPhone();
    const donor = await signUp(t.app, 'restaurant', { phone, language: 'hi' });
    const seen = smsc.messages.length;
    expect((await donor.client.post('/api/me/phone/code', {})).statusCode).toBe(202);
    const otp = /\b(\d{6})\b/.exec((await smsTo(phone, seen)).text)![1]!;
    expect((await donor.client.post('/api/me/phone/verify', { code: otp })).statusCode).toBe(200);
    expect(
      (
        await donor.client.put('/api/notifications/preferences', {
          on: { coverage_unclaimed: ['sms'] },
        })
      ).statusCode,
    ).toBe(200);
    const foodBank = await signUp(t.app, 'foodbank', {
      coordinates: { lat: at.lat + 0.02, lng: at.lng },
    });

    /** Food of this donor nobody took, at 85% of its life: the donor is warned. */
    async function warned(foodType: string) {
      const donation = await postDonation(donor.client, {
        foodType,
        expiryHours: 4,
        pickupCoordinates: at,
        pickupAddress: '3 Station Road, Secunderabad, Hyderabad',
      });
      const [row] = await query<{ created_at: string; expiry_time: string }>(
        sql`select created_at, expiry_time from donations where id = ${donation.id}`,
      );
      const created = new Date(row!.created_at).getTime();
      const life = new Date(row!.expiry_time).getTime() - created;
      const before = smsc.messages.length;
      await runCoverageOnce(t.database, coverage, new Date(created + 0.85 * life));
      await t.app.replies!.alerts.wake();
      const sms = await smsc.waitForMessage(
        (m) => m.to === phone && smsc.messages.indexOf(m) >= before && m.text.includes(foodType),
      );
      return { donation, sms, code: /\b3 ([A-Z0-9]{3})\b/.exec(sms.text)![1]! };
    }

    // 2: two hours more on offer.
    const more = await warned('Khichdi');
    expect(more.sms.text).toMatch(/[\u0900-\u097F]/);
    const [before] = await query<{ expiry_time: string }>(
      sql`select expiry_time from donations where id = ${more.donation.id}`,
    );
    const extended = await replyFrom(phone, `2 ${more.code}`);
    expect(extended.text).toMatch(/[\u0900-\u097F]/);
    const [after] = await query<{ expiry_time: string }>(
      sql`select expiry_time from donations where id = ${more.donation.id}`,
    );
    expect(new Date(after!.expiry_time).getTime() - new Date(before!.expiry_time).getTime()).toBe(
      2 * 3600_000,
    );
    // Answered once: the same reply again extends nothing.
    expect((await replyFrom(phone, `2 ${more.code}`)).text).toBe(
      message('hi', 'sms.reply.answered'),
    );
    const [still] = await query<{ expiry_time: string }>(
      sql`select expiry_time from donations where id = ${more.donation.id}`,
    );
    expect(still!.expiry_time).toEqual(after!.expiry_time);

    // 3: withdrawn.
    const gone = await warned('Pulao');
    expect((await replyFrom(phone, `3 ${gone.code}`)).text).toBe(
      message('hi', 'sms.reply.unclaimed.withdrawn', { food: 'Pulao' }),
    );
    const [deleted] = await query<{ deleted_at: string | null }>(
      sql`select deleted_at from donations where id = ${gone.donation.id}`,
    );
    expect(deleted!.deleted_at).not.toBeNull();

    // 1: the donor carries it to the food bank the alert named; the food bank is told.
    const carry = await warned('Chapati');
    expect(carry.sms.text).toContain(foodBank.body.organizationName ?? foodBank.body.name);
    const carried = await replyFrom(phone, `1 ${carry.code}`);
    expect(carried.text).toContain(foodBank.body.address);
    const [request] = await query<{ destination_user_id: string; is_self_delivery: boolean }>(
      sql`select destination_user_id, is_self_delivery from requests where donation_id = ${carry.donation.id}`,
    );
    expect(request).toEqual({ destination_user_id: foodBank.user.id, is_self_delivery: true });
    // A digit the alert did not offer asks again, naming the choices.
    const other = await warned('Poha');
    expect((await replyFrom(phone, `7 ${other.code}`)).text).toBe(
      message('hi', 'sms.reply.unclaimed.choose', { code: other.code }),
    );
  });

  it('shows admins what text messages cost: messages, parts, outcomes and the budget left', async () => {
    const volunteer = await smsVolunteer(centre(), 'ta');
    await replyFrom(volunteer.phone, 'hello');
    await t.app.sms!.outbox.wake();
    const admin = await signInAsAdmin(t.app);
    const answer = await admin.client.get('/api/admin/sms');
    expect(answer.statusCode, answer.body).toBe(200);
    const sms = answer.json();
    expect(sms.on).toBe(true);
    const [row] = await query<{ n: number; parts: number }>(
      sql`select count(*)::int as n, sum(segments) filter (where status in ('sent', 'delivered'))::int as parts from outbox`,
    );
    expect(sms.total.messages).toBe(Number(row!.n));
    expect(sms.total.segments).toBe(Number(row!.parts));
    expect(sms.byKind.otp.messages).toBeGreaterThan(0);
    expect(sms.byKind.alert.messages).toBeGreaterThan(0);
    expect(sms.byKind.reply.messages).toBeGreaterThan(0);
    expect(sms.total.messages).toBe(
      sms.byKind.otp.messages + sms.byKind.alert.messages + sms.byKind.reply.messages,
    );
    // Every message queued was counted against the day's budget, once.
    expect(sms.budgetLeft).toBe(sms.dailyBudget - sms.total.messages);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toContain(`annasetu_sms_budget_left ${sms.budgetLeft}`);
    expect(metrics.body).toMatch(
      /annasetu_sms_messages_24h\{kind="reply",status="(sent|delivered|waiting)"\} [1-9]/,
    );
    // Admins only.
    expect((await volunteer.client.get('/api/admin/sms')).statusCode).toBe(403);
  });

  it('texts nobody who did not turn SMS on, however the notification was stored', async () => {
    const phone = nextPhone();
    const v = await signUp(t.app, 'volunteer', { phone });
    const seen = smsc.messages.length;
    expect((await v.client.post('/api/me/phone/code', {})).statusCode).toBe(202);
    const code = /\b(\d{6})\b/.exec((await smsTo(phone, seen)).text)![1]!;
    expect((await v.client.post('/api/me/phone/verify', { code })).statusCode).toBe(200);
    // Written straight to the table (as an import or a history would), SMS never asked for.
    await t.database.db.execute(
      sql`insert into notifications (user_id, type, data) values (${v.user.id}, 'delivery_completed', '{"foodType":"Idli"}'::jsonb)`,
    );
    const before = smsc.messages.length;
    await t.app.replies!.alerts.wake();
    await t.app.sms!.outbox.wake();
    const [row] = await query<{ texted_at: string | null }>(
      sql`select texted_at from notifications where user_id = ${v.user.id}`,
    );
    expect(row!.texted_at).not.toBeNull();
    expect(smsc.messages.slice(before).filter((m) => m.to === phone)).toEqual([]);
  });

  it('stops every SMS alert on "STOP", and alerts no volunteer who could not take the food', async () => {
    const at = centre();
    const stopper = await smsVolunteer(at, 'hi');
    const untrained = await smsVolunteer(at, 'ta');
    await t.database.db.execute(
      sql`update users set hygiene_passed_at = null where id = ${untrained.user.id}`,
    );
    const seen = smsc.messages.length;
    const { donation } = await unclaimedFood(at, 'Aloo paratha');
    await smsc.waitForMessage((m) => m.to === stopper.phone && smsc.messages.indexOf(m) >= seen);
    expect((await replyFrom(stopper.phone, 'stop')).text).toBe(message('hi', 'sms.reply.stopped'));
    expect(
      (await stopper.client.get('/api/notifications/preferences')).json().preferences.on,
    ).toEqual({});
    // The alert it had is closed: a "1" now finds nothing open.
    expect((await replyFrom(stopper.phone, '1')).text).toBe(message('hi', 'sms.reply.nothingOpen'));
    // The untrained volunteer got no paid alert for food they would be refused.
    expect(
      smsc.messages.slice(seen).filter((m) => m.to === untrained.phone && m.text.includes('Aloo')),
    ).toEqual([]);
    const [row] = await query<{ volunteer_id: string | null }>(
      sql`select volunteer_id from donations where id = ${donation.id}`,
    );
    expect(row!.volunteer_id).toBeNull();
  });

  it('reads replies as people type them', () => {
    expect(readReply('1')).toEqual({ choice: '1', code: null });
    expect(readReply(' 1 k7p ')).toEqual({ choice: '1', code: 'K7P' });
    expect(readReply('1K7P')).toEqual({ choice: '1', code: 'K7P' });
    expect(readReply('K7P-1')).toEqual({ choice: '1', code: 'K7P' });
    expect(readReply('১ K7P')).toEqual({ choice: '1', code: 'K7P' });
    expect(readReply('௧')).toEqual({ choice: '1', code: null });
    expect(readReply('1 bfu ok coming')).toEqual({ choice: '1', code: 'BFU' });
    expect(readReply('stop')).toEqual({ stop: true });
    expect(readReply('yes please')).toBeNull();
    expect(readReply('')).toBeNull();
    expect(readReply('12')).toBeNull();
  });
});
