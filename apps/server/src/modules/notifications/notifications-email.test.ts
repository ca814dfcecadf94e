// Both engines: notification mail waits in the one outbox, claimed under FOR UPDATE SKIP LOCKED and retried or given up by conditional UPDATEs.
import net, { type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { createTestApp, TestClient, type TestApp } from '../../test/build-app.js';
import { postDonation, signUp } from '../../test/factories.js';
import { startSmtpSink, type DeliveredMail } from '../../test/smtp-sink.js';

// Email notifications over a real SMTP conversation: an SMTP server on 127.0.0.1 records what
// the app hands it, and the test decodes the MIME message as a mail client would.
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let delivered: DeliveredMail[];
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpSink();
  delivered = smtp.delivered;
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'AnnaSetu <no-reply@annasetu.test>',
    PUBLIC_URL: 'https://annasetu.test',
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Decodes RFC 2047 encoded words (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`) in a header value. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < source.length; i++) {
    if (source[i] === '=' && /^[0-9A-F]{2}$/i.test(source.slice(i + 1, i + 3))) {
      bytes.push(parseInt(source.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(source[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The subject and the decoded text/plain part of a raw message. */
function readMail(raw: string): { subject: string; text: string } {
  const [head] = raw.split(/\r?\n\r?\n/);
  const unfolded = head!.replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeHeader(/^Subject: (.*)$/im.exec(unfolded)?.[1] ?? '');
  const part = /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)\r?\n--/i.exec(raw);
  const partHead = raw.slice(0, part!.index + part![0].length - part![1]!.length - 2);
  const encoding = /Content-Transfer-Encoding: (\S+)[^]*$/i.exec(partHead)?.[1]?.toLowerCase();
  const body = part![1]!;
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { subject, text };
}

async function mailTo(address: string): Promise<DeliveredMail | undefined> {
  await t.app.notificationMail.drain();
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = delivered.find((d) => d.to.includes(address));
    if (found || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('PATCH /api/me emailNotifications', () => {
  it('is off for a new account and each user turns their own on and off', async () => {
    const user = await signUp(t.app, 'restaurant');
    const other = await signUp(t.app, 'foodbank');
    expect((await user.client.get('/api/me')).json().user.emailNotifications).toBe(false);

    const on = await user.client.patch('/api/me', { emailNotifications: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().user.emailNotifications).toBe(true);
    expect((await user.client.get('/api/me')).json().user.emailNotifications).toBe(true);
    // Nobody else's setting moved.
    expect((await other.client.get('/api/me')).json().user.emailNotifications).toBe(false);

    const off = await user.client.patch('/api/me', { emailNotifications: false });
    expect(off.json().user.emailNotifications).toBe(false);
  });

  it('refuses a value that is not a boolean, or another user, and changes nothing', async () => {
    const user = await signUp(t.app, 'volunteer');
    const other = await signUp(t.app, 'foodbank');
    for (const value of ['yes', 1, null]) {
      const response = await user.client.patch('/api/me', { emailNotifications: value });
      expect(response.statusCode, String(value)).toBe(400);
      expect(response.json().code).toBe('INVALID_VALUE');
      expect(response.json().details).toEqual([
        expect.objectContaining({ field: 'emailNotifications', code: 'INVALID_VALUE' }),
      ]);
    }
    // The setting is always the caller's own: naming another user is an unknown field.
    const foreign = await user.client.patch('/api/me', {
      emailNotifications: true,
      userId: other.user.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details).toEqual([expect.objectContaining({ field: 'userId' })]);
    expect((await user.client.get('/api/me')).json().user.emailNotifications).toBe(false);
    expect((await other.client.get('/api/me')).json().user.emailNotifications).toBe(false);
  });

  it('needs a session and the CSRF token', async () => {
    const anonymous = await new TestClient(t.app).patch('/api/me', { emailNotifications: true });
    expect(anonymous.statusCode).toBe(401);
    const user = await signUp(t.app, 'restaurant');
    const noCsrf = await user.client.patch(
      '/api/me',
      { emailNotifications: true },
      { 'x-csrf-token': 'wrong' },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect((await user.client.get('/api/me')).json().user.emailNotifications).toBe(false);
  });
});

describe('notification emails', () => {
  it('mails a Hindi donor the new request in Hindi over SMTP, with a link to the request', async () => {
    const donor = await signUp(t.app, 'restaurant', { language: 'hi', name: 'सीमा' });
    await donor.client.patch('/api/me', { emailNotifications: true });
    const donation = await postDonation(donor.client, { foodType: 'पनीर करी' });
    const bank = await signUp(t.app, 'foodbank', { organizationName: 'रोटी बैंक' });
    const requested = await bank.client.post(`/api/donations/${donation.id}/requests`, {});
    expect(requested.statusCode).toBe(201);
    const requestId = requested.json().request.id as string;

    const mail = await mailTo(donor.body.email);
    expect(mail).toBeDefined();
    expect(mail!.raw).toMatch(/^From: AnnaSetu <no-reply@annasetu\.test>/m);
    const { subject, text } = readMail(mail!.raw);
    expect(subject).toBe('नया अनुरोध');
    expect(text).toContain('नमस्ते सीमा,');
    expect(text).toContain('रोटी बैंक ने "पनीर करी" माँगा है।');
    expect(text).toContain(`अन्नसेतु में खोलें: https://annasetu.test/requests?focus=${requestId}`);
    expect(text).toContain('https://annasetu.test/profile');
  });

  it('sends nothing to a user who left email off, nor after turning it off', async () => {
    const quiet = await signUp(t.app, 'restaurant');
    const donation = await postDonation(quiet.client);
    const bank = await signUp(t.app, 'foodbank');
    await bank.client.post(`/api/donations/${donation.id}/requests`, {});

    const changed = await signUp(t.app, 'mess');
    await changed.client.patch('/api/me', { emailNotifications: true });
    await changed.client.patch('/api/me', { emailNotifications: false });
    const second = await postDonation(changed.client);
    await bank.client.post(`/api/donations/${second.id}/requests`, {});

    // A user with email on, notified after the others, proves the dispatcher ran past them.
    const listener = await signUp(t.app, 'restaurant');
    await listener.client.patch('/api/me', { emailNotifications: true });
    const third = await postDonation(listener.client);
    await bank.client.post(`/api/donations/${third.id}/requests`, {});
    expect(await mailTo(listener.body.email)).toBeDefined();

    expect((await quiet.client.get('/api/notifications')).json().items).toHaveLength(1);
    expect(delivered.some((d) => d.to.includes(quiet.body.email))).toBe(false);
    expect(delivered.some((d) => d.to.includes(changed.body.email))).toBe(false);
  });
});

describe('notification emails when the mail server is down', () => {
  it('still completes the action and keeps the notification', async () => {
    // A port that refuses connections: the SMTP client fails at once.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const donor = await signUp(down.app, 'restaurant', { language: 'hi' });
      await donor.client.patch('/api/me', { emailNotifications: true });
      const donation = await postDonation(donor.client);
      const bank = await signUp(down.app, 'foodbank');
      const requested = await bank.client.post(`/api/donations/${donation.id}/requests`, {});
      expect(requested.statusCode).toBe(201);
      await down.app.notificationMail.drain();
      expect(down.app.notificationMail.sent).toBe(0);
      // The mail waits in the outbox for the server to come back.
      const [waiting] = rowsOf<{ status: string; attempts: number }>(
        await down.database.db.execute(
          sql`select status, attempts from outbox where channel = 'email' and recipient = ${donor.body.email}`,
        ),
      );
      expect(waiting).toEqual({ status: 'queued', attempts: 1 });
      const items = (await donor.client.get('/api/notifications')).json().items;
      expect(items).toHaveLength(1);
      expect(items[0].type).toBe('donation_request');
    } finally {
      await down.close();
    }
  });
});

describe('notification emails through the outbox', () => {
  async function mailsTo(address: string) {
    return rowsOf<{ status: string; attempts: number; last_error: string | null }>(
      await t.database.db.execute(
        sql`select status, attempts, last_error from outbox
            where channel = 'email' and recipient = ${address}`,
      ),
    );
  }

  it('mails once when the server takes it after "try later" (451), and gives up on "no such mailbox" (550)', async () => {
    const later = await signUp(t.app, 'restaurant');
    const nobody = await signUp(t.app, 'mess');
    smtp.refuse(later.body.email, 451, 1);
    smtp.refuse(nobody.body.email, 550);
    const bank = await signUp(t.app, 'foodbank');
    for (const donor of [later, nobody]) {
      await donor.client.patch('/api/me', { emailNotifications: true });
      const donation = await postDonation(donor.client);
      await bank.client.post(`/api/donations/${donation.id}/requests`, {});
    }
    await t.app.notificationMail.drain();
    expect(await mailsTo(later.body.email)).toEqual([
      { status: 'queued', attempts: 1, last_error: expect.stringContaining('451') },
    ]);
    expect(await mailsTo(nobody.body.email)).toEqual([
      { status: 'failed', attempts: 1, last_error: expect.stringContaining('550') },
    ]);

    await t.database.db.execute(
      sql`update outbox set next_attempt_at = now() where channel = 'email' and status = 'queued'`,
    );
    const mail = await mailTo(later.body.email);
    expect(readMail(mail!.raw).subject).toBe('New request');
    await t.app.notificationMail.drain();
    expect(delivered.filter((d) => d.to.includes(later.body.email))).toHaveLength(1);
    expect((await mailsTo(later.body.email))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(delivered.some((d) => d.to.includes(nobody.body.email))).toBe(false);

    // Operators see it: the outbox's gauge counts the mail given up.
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const failed = /^annasetu_outbox_messages_24h\{channel="email",status="failed"\} (\d+)$/m.exec(
      metrics,
    );
    expect(Number(failed?.[1])).toBeGreaterThanOrEqual(1);
  });
});
