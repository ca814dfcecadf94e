import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../test/build-app.js';
import { signUp } from '../test/factories.js';
import { startSmtpSink, type DeliveredMail } from '../test/smtp-sink.js';

// A real SMTP conversation: the app talks to an SMTP server on 127.0.0.1 that records what it
// is given (envelope, headers, body), and the reset link in that mail works end to end.
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

async function waitForMail(count: number): Promise<DeliveredMail[]> {
  const deadline = Date.now() + 10_000;
  while (delivered.length < count && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 25));
  return delivered;
}

describe('mail over SMTP', () => {
  it('sends the reset mail in the account language, and its link sets a new password', async () => {
    const user = await signUp(t.app, 'foodbank', { language: 'kn' });
    await new TestClient(t.app).post('/api/auth/forgot-password', { email: user.body.email });
    const [mail] = await waitForMail(1);
    expect(mail!.from).toBe('no-reply@annasetu.test');
    expect(mail!.to).toEqual([user.body.email]);
    expect(mail!.raw).toMatch(/^Subject: =\?UTF-8\?/m); // a Kannada subject, MIME-encoded
    expect(mail!.raw).toMatch(/Content-Type: multipart\/alternative/);
    const unfolded = mail!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(unfolded)?.[1];
    expect(token).toBeDefined();
    expect(unfolded).toContain('https://annasetu.test/reset-password?token=');
    const reset = await new TestClient(t.app).post('/api/auth/reset-password', {
      token,
      password: 'new-secret-1',
      confirmPassword: 'new-secret-1',
    });
    expect(reset.statusCode).toBe(204);
    const login = await new TestClient(t.app).post('/api/auth/login', {
      email: user.body.email,
      password: 'new-secret-1',
    });
    expect(login.statusCode).toBe(200);
  });
});
