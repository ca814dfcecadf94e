// Both engines: a reset token spent once under concurrent use.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CapturingMailer, createTestApp, TestClient, type TestApp } from '../../test/build-app.js';
import { signUp } from '../../test/factories.js';
import { openStream } from '../../test/sse.js';

let t: TestApp;
const mailer = new CapturingMailer();
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://annasetu.example' }, { mailer });
});
afterAll(async () => {
  await t?.close();
});

function tokenFrom(text: string): string {
  const match = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return decodeURIComponent(match[1]!);
}

describe('password reset', () => {
  it('answers the same whether or not the account exists, and mails only real accounts', async () => {
    const before = mailer.sent.length;
    const unknown = await new TestClient(t.app).post('/api/auth/forgot-password', {
      email: 'nobody.here@example.in',
    });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual({ ok: true });
    const { body } = await signUp(t.app, 'restaurant');
    const known = await new TestClient(t.app).post('/api/auth/forgot-password', {
      email: body.email,
    });
    expect(known.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    const sent = await mailer.waitFor(before + 1);
    expect(sent.slice(before).map((m) => m.to)).toEqual([body.email]);
    expect(sent.at(-1)!.text).toContain('https://annasetu.example/reset-password?token=');
  });

  it('never builds a mailed link from a forged Host header', async () => {
    const { body } = await signUp(t.app, 'restaurant');
    const before = mailer.sent.length;
    await new TestClient(t.app).post(
      '/api/auth/forgot-password',
      { email: body.email },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    );
    const [mail] = (await mailer.waitFor(before + 1)).slice(before);
    expect(mail!.text).toContain('https://annasetu.example/reset-password?token=');
    expect(`${mail!.text}${mail!.html}`).not.toContain('evil.example');
  });

  it('links to http://localhost:PORT when PUBLIC_URL is unset, never to the request Host', async () => {
    const local = new CapturingMailer();
    const bare = await createTestApp({ PORT: '4123' }, { mailer: local });
    try {
      expect(bare.config.publicUrl).toBe('http://localhost:4123');
      const { body } = await signUp(bare.app, 'restaurant');
      await new TestClient(bare.app).post(
        '/api/auth/forgot-password',
        { email: body.email },
        { host: 'evil.example' },
      );
      const [mail] = await local.waitFor(1);
      expect(mail!.text).toContain('http://localhost:4123/reset-password?token=');
      expect(`${mail!.text}${mail!.html}`).not.toContain('evil.example');
    } finally {
      await bare.close();
    }
  });

  it("closes the account's open event streams after the reset", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { client, body } = await signUp(t.app, 'restaurant');
    const stream = await openStream(t.app, client);
    await stream.waitFor((e) => e.event === 'ready');
    const before = mailer.sent.length;
    await new TestClient(t.app).post('/api/auth/forgot-password', { email: body.email });
    const token = tokenFrom((await mailer.waitFor(before + 1)).at(-1)!.text);
    const reset = await new TestClient(t.app).post('/api/auth/reset-password', {
      token,
      password: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(reset.statusCode).toBe(204);
    // Closed at once by the reset; the wait is long enough for a loaded machine (how fast is not
    // this test's question).
    const ended = await Promise.race([
      stream.ended.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
    ]);
    expect(ended).toBe(true);
  });

  it('mails in the account language', async () => {
    const { body } = await signUp(t.app, 'foodbank', { language: 'te' });
    const before = mailer.sent.length;
    await new TestClient(t.app).post('/api/auth/forgot-password', { email: body.email });
    const [mail] = (await mailer.waitFor(before + 1)).slice(before);
    expect(mail!.subject).toBe('మీ అన్నసేతు పాస్‌వర్డ్‌ను మార్చుకోండి');
    expect(mail!.html).toContain('lang="te"');
  });

  it('sets the new password once, ends every session, and refuses the link a second time', async () => {
    const { client, body } = await signUp(t.app, 'volunteer');
    const before = mailer.sent.length;
    await new TestClient(t.app).post('/api/auth/forgot-password', { email: body.email });
    const token = tokenFrom((await mailer.waitFor(before + 1)).at(-1)!.text);

    const mismatch = await new TestClient(t.app).post('/api/auth/reset-password', {
      token,
      password: 'brand-new-pass',
      confirmPassword: 'other-pass',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().code).toBe('PASSWORDS_DO_NOT_MATCH');

    const reset = await new TestClient(t.app).post('/api/auth/reset-password', {
      token,
      password: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(reset.statusCode).toBe(204);
    expect((await client.get('/api/me')).statusCode).toBe(401);

    const oldPassword = await new TestClient(t.app).post('/api/auth/login', {
      email: body.email,
      password: body.password,
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await new TestClient(t.app).post('/api/auth/login', {
      email: body.email,
      password: 'brand-new-pass',
    });
    expect(newPassword.statusCode).toBe(200);

    const again = await new TestClient(t.app).post('/api/auth/reset-password', {
      token,
      password: 'third-password',
      confirmPassword: 'third-password',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('RESET_TOKEN_INVALID');
  });

  it('lets only one of two simultaneous uses of one link through', async () => {
    const { body } = await signUp(t.app, 'mess');
    const before = mailer.sent.length;
    await new TestClient(t.app).post('/api/auth/forgot-password', { email: body.email });
    const token = tokenFrom((await mailer.waitFor(before + 1)).at(-1)!.text);
    const attempts = await Promise.all(
      ['first-password', 'second-password'].map((password) =>
        new TestClient(t.app).post('/api/auth/reset-password', {
          token,
          password,
          confirmPassword: password,
        }),
      ),
    );
    expect(attempts.map((r) => r.statusCode).sort()).toEqual([204, 400]);
  });

  it('refuses a made-up token', async () => {
    const response = await new TestClient(t.app).post('/api/auth/reset-password', {
      token: 'x'.repeat(43),
      password: 'whatever1',
      confirmPassword: 'whatever1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('RESET_TOKEN_INVALID');
  });
});

describe('the outbox mailer', () => {
  it('writes a real email file with the reset link when no SMTP server is configured', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-outbox-'));
    const local = await createTestApp({ DATA_DIR: dataDir });
    try {
      const { body } = await signUp(local.app, 'individual');
      await new TestClient(local.app).post('/api/auth/forgot-password', { email: body.email });
      const outbox = path.join(dataDir, 'outbox');
      const deadline = Date.now() + 5_000;
      while (
        !(fs.existsSync(outbox) && fs.readdirSync(outbox).some((f) => f.endsWith('.eml'))) &&
        Date.now() < deadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const [file] = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'));
      const eml = fs.readFileSync(path.join(outbox, file!), 'utf8');
      expect(eml).toMatch(new RegExp(`^To: ${body.email}`, 'm'));
      expect(eml).toMatch(/^Subject: Reset your AnnaSetu password/m);
      expect(eml.replace(/=\r?\n/g, '')).toContain('/reset-password?token=');
    } finally {
      await local.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
