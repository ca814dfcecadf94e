// Both engines: one code verified concurrently gives one session; counters and the outbox claim are SQL on either engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TestSmsc, type ReceivedSms } from '@annasetu/test-kit/smsc';
import { rowsOf } from '../../db/client.js';
import { createTestApp, TestClient, type TestApp } from '../../test/build-app.js';
import { signUp } from '../../test/factories.js';

let smsc: TestSmsc;
let t: TestApp;
let serial = 0;
const nextPhone = () => `+9198765${String(10_000 + ++serial).padStart(5, '0')}`;
const SMS_ENV = (url: string) => ({
  SMS_SMPP_URL: url,
  SMS_SENDER_ID: 'ANNSTU',
  SMS_DLT_ENTITY_ID: '1101234567890123456',
  SMS_DLT_TEMPLATE_OTP: 'en=1107000000000000001,hi=1107000000000000002,ta=1107000000000000003',
  SMS_OTP_PER_ADDRESS_PER_HOUR: '10000',
  SMS_OTP_PER_MINUTE: '10000',
});

const codeIn = (sms: ReceivedSms) => /\b(\d{6})\b/.exec(sms.text)![1]!;
const smsTo = (phone: string, after = 0) =>
  smsc.waitForMessage((m) => m.to === phone && smsc.messages.indexOf(m) >= after);

/** An account whose number was verified through the profile, with the code read off the SMSC. */
async function verifiedUser(language: 'en' | 'hi' | 'ta' = 'en') {
  const phone = nextPhone();
  const { client, user } = await signUp(t.app, 'volunteer', { phone, language });
  const seen = smsc.messages.length;
  const asked = await client.post('/api/me/phone/code', {});
  expect(asked.statusCode, asked.body).toBe(202);
  const sms = await smsTo(phone, seen);
  const verified = await client.post('/api/me/phone/verify', { code: codeIn(sms) });
  expect(verified.statusCode, verified.body).toBe(200);
  expect(verified.json().user).toMatchObject({ phone, phoneVerified: true });
  return { phone, user };
}

async function askCode(phone: string, ip = '10.0.0.1') {
  return new TestClient(t.app, { ip }).post('/api/auth/otp/request', { phone });
}

beforeAll(async () => {
  smsc = await TestSmsc.start();
  t = await createTestApp(SMS_ENV(smsc.url));
  expect(await t.app.sms!.client.whenBound(10_000)).toBe(true);
});
afterAll(async () => {
  await t?.close();
  await smsc?.close();
});

describe('POST /api/auth/otp/request and /verify', () => {
  it('signs in with the code from the SMS, in the person’s language, once', async () => {
    const { phone, user } = await verifiedUser('hi');
    const seen = smsc.messages.length;
    const asked = await askCode(phone);
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ ok: true, expiresInSeconds: 300 });
    const sms = await smsTo(phone, seen);
    expect(sms.dataCoding).toBe(8);
    expect(sms.text).toContain('अन्नसेतु');
    expect(sms.from).toBe('ANNSTU');
    expect(sms.entityId).toBe('1101234567890123456');
    expect(sms.templateId).toBe('1107000000000000002');

    const client = new TestClient(t.app);
    const signedIn = await client.post('/api/auth/otp/verify', { phone, code: codeIn(sms) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user.id).toBe(user.id);
    expect(client.cookies.get('sid')).toBeTruthy();
    expect(client.csrfToken).toBeTruthy();
    expect((await client.get('/api/me')).json().user.id).toBe(user.id);
    // A signed-in change needs the CSRF header like any other session.
    const forged = await new TestClient(t.app, { csrf: false }).request({
      method: 'PATCH',
      url: '/api/me',
      payload: { name: 'X' },
      headers: { cookie: `sid=${client.cookies.get('sid')}` },
    });
    expect(forged.statusCode).toBe(403);

    const replay = await new TestClient(t.app).post('/api/auth/otp/verify', {
      phone,
      code: codeIn(sms),
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('OTP_INVALID');
  });

  it('gives one session when the same code is sent five times at once', async () => {
    const { phone } = await verifiedUser();
    const seen = smsc.messages.length;
    await askCode(phone);
    const code = codeIn(await smsTo(phone, seen));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        new TestClient(t.app).post('/api/auth/otp/verify', { phone, code }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(4);
    const [row] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from sessions s join users u on u.id = s.user_id
            where u.phone = ${phone}`,
      ),
    );
    // The session of the sign-up plus the one sign-in by code.
    expect(row!.n).toBe(2);
  });

  it('locks the code after five wrong tries until a new one is asked for', async () => {
    const { phone } = await verifiedUser();
    let seen = smsc.messages.length;
    await askCode(phone);
    const code = codeIn(await smsTo(phone, seen));
    const wrong = code === '000000' ? '111111' : '000000';
    const client = new TestClient(t.app);
    for (let i = 0; i < 5; i += 1) {
      const answer = await client.post('/api/auth/otp/verify', { phone, code: wrong });
      expect(answer.json().code).toBe('OTP_INVALID');
    }
    const locked = await client.post('/api/auth/otp/verify', { phone, code });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('OTP_LOCKED');
    expect(client.cookies.has('sid')).toBe(false);

    seen = smsc.messages.length;
    await askCode(phone);
    const fresh = codeIn(await smsTo(phone, seen));
    if (fresh !== code) {
      const old = await client.post('/api/auth/otp/verify', { phone, code });
      expect(old.json().code).toBe('OTP_INVALID');
    }
    const answer = await client.post('/api/auth/otp/verify', { phone, code: fresh });
    expect(answer.statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const { phone } = await verifiedUser();
    const seen = smsc.messages.length;
    await askCode(phone);
    const code = codeIn(await smsTo(phone, seen));
    await t.database.db.execute(
      sql`update phone_codes set expires_at = now() - interval '1 second' where phone = ${phone}`,
    );
    const answer = await new TestClient(t.app).post('/api/auth/otp/verify', { phone, code });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('OTP_INVALID');
  });

  it('answers a number without an account exactly as one with, and texts nobody', async () => {
    const { phone } = await verifiedUser();
    const stranger = nextPhone();
    const seen = smsc.messages.length;
    const unknown = await askCode(stranger);
    const known = await askCode(phone);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await smsTo(phone, seen);
    await waitForEmptyOutbox();
    expect(smsc.messages.some((m) => m.to === stranger)).toBe(false);
    const queued = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from outbox where recipient = ${stranger}`,
      ),
    );
    expect(queued[0]!.n).toBe(0);
    const guess = await new TestClient(t.app).post('/api/auth/otp/verify', {
      phone: stranger,
      code: '123456',
    });
    expect(guess.statusCode).toBe(400);
    expect(guess.json().code).toBe('OTP_INVALID');
  });

  it('sends at most five codes to one number however often it is asked', async () => {
    const { phone } = await verifiedUser();
    const seen = smsc.messages.length;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => askCode(phone, `10.1.0.${i}`)),
    );
    // Five an hour per number, and verifying the number on the profile took one of them.
    expect(answers.filter((a) => a.statusCode === 202)).toHaveLength(4);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(46);
    expect(refused.every((a) => a.json().code === 'OTP_RATE_LIMITED')).toBe(true);
    await smsTo(phone, seen);
    await waitForEmptyOutbox();
    const texted = smsc.messages.slice(seen).filter((m) => m.to === phone);
    expect(texted.length).toBeGreaterThanOrEqual(1);
    expect(texted.length).toBeLessThanOrEqual(4);
  });

  it('splits a long Indic message into joined UCS-2 parts', async () => {
    const { phone } = await verifiedUser('ta');
    const seen = smsc.messages.length;
    await askCode(phone);
    const sms = await smsTo(phone, seen);
    expect(sms.dataCoding).toBe(8);
    expect(sms.parts).toBe(2);
    expect(sms.headers.map((h) => h.slice(1))).toEqual([
      [2, 1],
      [2, 2],
    ]);
    expect(sms.headers[0]![0]).toBe(sms.headers[1]![0]);
    expect(sms.text).toContain('அன்னசேது');
    const answer = await new TestClient(t.app).post('/api/auth/otp/verify', {
      phone,
      code: codeIn(sms),
    });
    expect(answer.statusCode).toBe(200);
  });

  it('records delivery receipts once', async () => {
    const { phone } = await verifiedUser();
    const seen = smsc.messages.length;
    await askCode(phone);
    const sms = await smsTo(phone, seen);
    const status = async () =>
      rowsOf<{ status: string; delivered: number }>(
        await t.database.db.execute(
          sql`select status, jsonb_array_length(delivered_ids)::int as delivered
              from outbox where message_ids @> ${JSON.stringify(sms.messageIds)}::jsonb`,
        ),
      )[0];
    await waitFor(async () => (await status())?.status === 'sent');
    smsc.sendReceipt(sms, sms.messageIds[0]!, true);
    smsc.sendReceipt(sms, sms.messageIds[0]!, true);
    await waitFor(async () => (await status())?.status === 'delivered');
    expect(await status()).toEqual({ status: 'delivered', delivered: 1 });
  });

  it('binds again after the SMSC drops the link, and sends the message it lost', async () => {
    const { phone } = await verifiedUser();
    const binds = smsc.binds;
    smsc.dropConnections();
    await waitFor(async () => smsc.binds > binds && t.app.sms!.client.isBound);
    smsc.loseNextSubmits(1);
    const seen = smsc.messages.length;
    await askCode(phone);
    const sms = await smsTo(phone, seen);
    expect(smsc.binds).toBeGreaterThan(binds + 1);
    const answer = await new TestClient(t.app).post('/api/auth/otp/verify', {
      phone,
      code: codeIn(sms),
    });
    expect(answer.statusCode).toBe(200);
  }, 30_000);

  it('refuses bad input with a code and changes nothing', async () => {
    const client = new TestClient(t.app);
    for (const body of [{ phone: 'call me' }, { phone: '+91 98765 4321' }, {}, { phone: 5 }]) {
      const answer = await client.post('/api/auth/otp/request', body);
      expect(answer.statusCode).toBe(400);
    }
    const bad = await client.post('/api/auth/otp/request', { phone: '98765 4321' });
    expect(bad.json().details[0].code).toBe('PHONE_INVALID');
    const shortCode = await client.post('/api/auth/otp/verify', {
      phone: '+919876543210',
      code: '12',
    });
    expect(shortCode.statusCode).toBe(400);
    expect(shortCode.json().details[0].code).toBe('OTP_INVALID');
  });
});

describe('phone numbers on the profile', () => {
  it('keeps numbers in E.164; a number verified elsewhere cannot be proved again', async () => {
    const { phone } = await verifiedUser();
    const { client } = await signUp(t.app, 'restaurant', { phone: '098765 43210' });
    expect((await client.get('/api/me')).json().user).toMatchObject({
      phone: '+919876543210',
      phoneVerified: false,
    });
    const bad = await client.patch('/api/me', { phone: '+91 98765 4321' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].code).toBe('PHONE_INVALID');
    await client.patch('/api/me', { phone });
    const seen = smsc.messages.length;
    // Refused before a code goes to the owner's phone.
    const taken = await client.post('/api/me/phone/code', {});
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('PHONE_TAKEN');
    await t.app.sms!.outbox.wake();
    expect(smsc.messages.slice(seen).filter((m) => m.to === phone)).toEqual([]);
  });

  it('forgets the verification when the number changes', async () => {
    const phone = nextPhone();
    const { client } = await signUp(t.app, 'volunteer', { phone });
    const seen = smsc.messages.length;
    await client.post('/api/me/phone/code', {});
    const code = codeIn(await smsTo(phone, seen));
    expect((await client.post('/api/me/phone/verify', { code })).statusCode).toBe(200);
    const same = await client.patch('/api/me', { phone: phone.replace('+91', '0') });
    expect(same.json().user.phoneVerified).toBe(true);
    const changed = await client.patch('/api/me', { phone: nextPhone() });
    expect(changed.json().user.phoneVerified).toBe(false);
    const back = await client.patch('/api/me', { phone });
    expect(back.json().user.phoneVerified).toBe(false);
  });
});

describe('the daily SMS budget and the channel switched off', () => {
  it('stops at the budget however many numbers ask', async () => {
    const smscB = await TestSmsc.start();
    const b = await createTestApp({ ...SMS_ENV(smscB.url), SMS_DAILY_BUDGET: '3' });
    try {
      expect(await b.app.sms!.client.whenBound(10_000)).toBe(true);
      const phones: string[] = [];
      for (let i = 0; i < 8; i += 1) {
        const phone = nextPhone();
        const { user } = await signUp(b.app, 'volunteer', { phone });
        await b.database.db.execute(
          sql`update users set phone_verified_at = now() where id = ${user.id}`,
        );
        phones.push(phone);
      }
      const everyone = [...phones, ...Array.from({ length: 12 }, nextPhone)];
      const answers = [];
      for (const [i, phone] of everyone.entries()) {
        const client = new TestClient(b.app, { ip: `10.2.0.${i}` });
        answers.push(await client.post('/api/auth/otp/request', { phone }));
      }
      expect(answers.every((a) => a.statusCode === 202 || a.statusCode === 503)).toBe(true);
      expect(answers.some((a) => a.json().code === 'SMS_UNAVAILABLE')).toBe(true);
      await smscB.waitForMessage(() => smscB.messages.length >= 3);
      await waitFor(async () => {
        await b.app.sms!.outbox.wake();
        const [row] = rowsOf<{ n: number }>(
          await b.database.db.execute(
            sql`select count(*)::int as n from outbox where status = 'queued'`,
          ),
        );
        return row!.n === 0;
      });
      expect(smscB.messages).toHaveLength(3);
    } finally {
      await b.close();
      await smscB.close();
    }
  });

  it('answers 503 SMS_UNAVAILABLE without SMS settings', async () => {
    const off = await createTestApp();
    try {
      expect(off.app.sms).toBeNull();
      const answer = await new TestClient(off.app).post('/api/auth/otp/request', {
        phone: '+919876543210',
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.json().code).toBe('SMS_UNAVAILABLE');
    } finally {
      await off.close();
    }
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function waitForEmptyOutbox(): Promise<void> {
  await waitFor(async () => {
    await t.app.sms!.outbox.wake();
    const [row] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from outbox where status = 'queued'`,
      ),
    );
    return row!.n === 0;
  });
}
