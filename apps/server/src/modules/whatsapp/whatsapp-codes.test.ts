// Both engines: a code is stored hashed and used up by one conditional UPDATE, and the number's proof is a unique index; both must hold on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestWhatsAppCloud } from '@annasetu/test-kit/whatsapp-cloud';
import { createTestApp, TestClient, type TestApp } from '../../test/build-app.js';
import { signUp } from '../../test/factories.js';

// A deployment with WhatsApp and no SMSC: numbers are proved, and people sign in, with codes sent
// as Meta's authentication template.
let cloud: TestWhatsAppCloud;
let t: TestApp;
let serial = 0;
const nextPhone = () => `+9198125${String(10_000 + ++serial).padStart(5, '0')}`;

beforeAll(async () => {
  cloud = await TestWhatsAppCloud.start();
  t = await createTestApp({ ...cloud.env });
});
afterAll(async () => {
  await t?.close();
  await cloud?.close();
});

/** The next code WhatsApp carried to `phone` after `after` messages, checked as Meta would. */
async function codeTo(phone: string, after: number) {
  await t.app.whatsapp!.outbox.wake();
  const sent = await cloud.waitForMessage((m) => m.to === phone && cloud.sent.indexOf(m) >= after);
  expect(sent).toMatchObject({ type: 'template', text: 'annasetu_code' });
  // The copy button carries the same code as the text.
  expect(sent.buttons).toEqual(sent.parameters);
  expect(sent.parameters[0]).toMatch(/^\d{6}$/);
  return { code: sent.parameters[0]!, language: sent.language };
}

describe('one-time codes by WhatsApp where there is no SMSC', () => {
  it('tells the web app phone sign-in is offered, by WhatsApp and not SMS', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/config.js' })).body;
    expect(config).toContain('"phoneSignIn":true');
    expect(config).toContain('"sms":false');
    expect(config).toContain('"whatsapp":true');
  });

  it("proves a Telugu volunteer's number, then signs them in with a code; a wrong code proves nothing", async () => {
    const phone = nextPhone();
    const user = await signUp(t.app, 'volunteer', { phone, language: 'te' });
    let seen = cloud.sent.length;
    expect((await user.client.post('/api/me/phone/code', {})).statusCode).toBe(202);
    const proof = await codeTo(phone, seen);
    expect(proof.language).toBe('te');
    const wrong = proof.code === '000000' ? '111111' : '000000';
    const refused = await user.client.post('/api/me/phone/verify', { code: wrong });
    expect(refused.statusCode).toBe(400);
    expect((await user.client.get('/api/me')).json().user.phoneVerified).toBe(false);
    const verified = await user.client.post('/api/me/phone/verify', { code: proof.code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.phoneVerified).toBe(true);

    seen = cloud.sent.length;
    const browser = new TestClient(t.app, { ip: '203.0.113.71' });
    expect((await browser.post('/api/auth/otp/request', { phone })).statusCode).toBe(202);
    const signIn = await codeTo(phone, seen);
    const session = await browser.post('/api/auth/otp/verify', { phone, code: signIn.code });
    expect(session.statusCode).toBe(200);
    expect((await browser.get('/api/me')).json().user.id).toBe(user.user.id);
    // Used once: the same code again is refused.
    const again = await new TestClient(t.app, { ip: '203.0.113.72' }).post('/api/auth/otp/verify', {
      phone,
      code: signIn.code,
    });
    expect(again.statusCode).toBe(400);
  });

  it('answers a number without an account as it answers one with, and sends it nothing', async () => {
    const stranger = nextPhone();
    const seen = cloud.sent.length;
    const answer = await new TestClient(t.app, { ip: '203.0.113.73' }).post(
      '/api/auth/otp/request',
      { phone: stranger },
    );
    expect(answer.statusCode).toBe(202);
    await t.app.whatsapp!.outbox.wake();
    expect(cloud.sent.slice(seen).filter((m) => m.to === stranger)).toEqual([]);
  });
});
