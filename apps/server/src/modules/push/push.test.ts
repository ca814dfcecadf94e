// Both engines: pushes wait in the one outbox, claimed under FOR UPDATE SKIP LOCKED and retried or given up by conditional UPDATEs.
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
// @ts-expect-error http_ece ships no types; it is the reference implementation of RFC 8188.
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { createTestApp, TestClient, type TestApp } from '../../test/build-app.js';
import { postDonation, signUp } from '../../test/factories.js';
import { startPushService } from '../../test/push-service.js';

let pushService: Awaited<ReturnType<typeof startPushService>>;
let origin: string;
let t: TestApp;

beforeAll(async () => {
  pushService = await startPushService();
  origin = pushService.origin;
  t = await createTestApp({}, { pushAgent: pushService.agent });
});

afterAll(async () => {
  await t?.close();
  await pushService?.close();
});

function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/** Checks an ES256 VAPID JWT against the key sent with it. */
function verifyVapid(authorization: string, audience: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  expect(match).not.toBeNull();
  const [header, claims, signature] = match![1]!.split('.');
  const raw = Buffer.from(match![2]!, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(valid).toBe(true);
  const payload = JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8'));
  expect(payload.aud).toBe(audience);
  expect(payload.exp * 1000).toBeGreaterThan(Date.now());
  return match![2]!;
}

describe('Web Push', () => {
  it('serves a stable VAPID public key', async () => {
    const a = (await new TestClient(t.app).get('/api/push/public-key')).json();
    const b = (await new TestClient(t.app).get('/api/push/public-key')).json();
    expect(a.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(b).toEqual(a);
  });

  it('delivers an encrypted push in the recipient language that only the subscription can read', async () => {
    const donor = await signUp(t.app, 'restaurant', { language: 'hi' });
    const browser = browserKeys();
    const endpoint = `${origin}/push/${randomBytes(8).toString('hex')}`;
    const subscribed = await donor.client.post('/api/push/subscriptions', {
      endpoint,
      expirationTime: null,
      keys: browser.keys,
    });
    expect(subscribed.statusCode).toBe(201);
    expect((await donor.client.get('/api/push/subscriptions')).json()).toEqual({ count: 1 });

    const donation = await postDonation(donor.client, { foodType: 'Paneer curry' });
    const bank = await signUp(t.app, 'foodbank');
    await bank.client.post(`/api/donations/${donation.id}/requests`, {});
    await t.app.push.drain();

    const push = pushService.received.find((r) => r.path === new URL(endpoint).pathname);
    expect(push).toBeDefined();
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.body.toString('utf8')).not.toContain('Paneer');
    const publicKey = verifyVapid(String(push!.headers.authorization), origin);
    expect(publicKey).toBe(
      (await new TestClient(t.app).get('/api/push/public-key')).json().publicKey,
    );
    const plain = ece.decrypt(push!.body, {
      version: 'aes128gcm',
      privateKey: browser.ecdh,
      authSecret: browser.keys.auth,
    });
    const payload = JSON.parse(plain.toString('utf8'));
    expect(payload).toMatchObject({
      type: 'donation_request',
      title: 'नया अनुरोध',
      lang: 'hi',
      url: expect.stringMatching(/^\/requests\?focus=[0-9a-f-]{36}$/),
    });
    expect(payload.body).toContain('Paneer curry');
  });

  it('forgets a subscription the push service answers 410 for, and the action still succeeds', async () => {
    const donor = await signUp(t.app, 'mess');
    const browser = browserKeys();
    await donor.client.post('/api/push/subscriptions', {
      endpoint: `${origin}/gone/${randomBytes(4).toString('hex')}`,
      keys: browser.keys,
    });
    const donation = await postDonation(donor.client);
    const bank = await signUp(t.app, 'foodbank');
    const request = await bank.client.post(`/api/donations/${donation.id}/requests`, {});
    expect(request.statusCode).toBe(201);
    await t.app.push.drain();
    expect((await donor.client.get('/api/push/subscriptions')).json()).toEqual({ count: 0 });
  });

  it('refuses malformed subscriptions and anonymous callers', async () => {
    const user = await signUp(t.app, 'volunteer');
    const { keys } = browserKeys();
    for (const body of [
      { endpoint: 'http://insecure.example/push', keys },
      { endpoint: `${origin}/push/x`, keys: { p256dh: 'short', auth: keys.auth } },
      { endpoint: `${origin}/push/x` },
    ]) {
      expect((await user.client.post('/api/push/subscriptions', body)).statusCode).toBe(400);
    }
    expect(
      (
        await new TestClient(t.app).post('/api/push/subscriptions', {
          endpoint: `${origin}/p`,
          keys,
        })
      ).statusCode,
    ).toBe(401);
  });

  it("refuses another account's endpoint with 409 and keeps it with its owner", async () => {
    const owner = await signUp(t.app, 'restaurant');
    const intruder = await signUp(t.app, 'volunteer');
    const browser = browserKeys();
    const endpoint = `${origin}/push/${randomBytes(8).toString('hex')}`;
    const body = { endpoint, keys: browser.keys };
    expect((await owner.client.post('/api/push/subscriptions', body)).statusCode).toBe(201);
    // The owner refreshing its own endpoint is fine.
    expect((await owner.client.post('/api/push/subscriptions', body)).statusCode).toBe(201);
    const taken = await intruder.client.post('/api/push/subscriptions', {
      endpoint,
      keys: browserKeys().keys,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'PUSH_ENDPOINT_TAKEN' });
    expect((await intruder.client.get('/api/push/subscriptions')).json()).toEqual({ count: 0 });
    expect((await owner.client.get('/api/push/subscriptions')).json()).toEqual({ count: 1 });
    // The intruder cannot remove it either.
    const removed = await intruder.client.request({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint },
    });
    expect(removed.statusCode).toBe(404);
    expect((await owner.client.get('/api/push/subscriptions')).json()).toEqual({ count: 1 });
  });
});

describe('Web Push through the outbox', () => {
  /** The outbox rows of one browser's pushes. */
  async function pushesTo(pathname: string) {
    const rows = await t.database.db.execute(
      sql`select o.id, o.status, o.attempts, o.last_error from outbox o
          join push_subscriptions s on s.id::text = o.recipient
          where o.channel = 'push' and s.endpoint = ${origin + pathname}`,
    );
    return rowsOf<{ id: string; status: string; attempts: number; last_error: string | null }>(
      rows,
    );
  }

  it('tries a busy push service again and delivers the push once; gives up on a refusal at once', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const busy = await pushService.subscribe(donor.client);
    const broken = await pushService.subscribe(donor.client);
    pushService.fail(busy.pathname, 503, 1);
    pushService.fail(broken.pathname, 400);
    const donation = await postDonation(donor.client);
    const bank = await signUp(t.app, 'foodbank');
    expect((await bank.client.post(`/api/donations/${donation.id}/requests`, {})).statusCode).toBe(
      201,
    );
    await t.app.push.drain();
    expect(busy.inbox()).toHaveLength(0);
    expect(await pushesTo(busy.pathname)).toEqual([
      expect.objectContaining({
        status: 'queued',
        attempts: 1,
        last_error: expect.stringContaining('503'),
      }),
    ]);
    expect(await pushesTo(broken.pathname)).toEqual([
      expect.objectContaining({
        status: 'failed',
        attempts: 1,
        last_error: expect.stringContaining('400'),
      }),
    ]);

    // The pause before the next attempt is over: the push goes out, once.
    await t.database.db.execute(
      sql`update outbox set next_attempt_at = now() where channel = 'push'`,
    );
    await t.app.push.drain();
    await t.app.push.drain();
    expect(busy.inbox()).toEqual([expect.objectContaining({ type: 'donation_request' })]);
    expect((await pushesTo(busy.pathname))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    // Given up means given up: the refused browser was asked once.
    expect(pushService.refused.filter((p) => p === broken.pathname)).toHaveLength(1);
    expect(broken.inbox()).toHaveLength(0);
  });

  it('sends nothing to a browser removed while its push waited', async () => {
    const donor = await signUp(t.app, 'mess');
    const browser = await pushService.subscribe(donor.client);
    pushService.fail(browser.pathname, 429, 1);
    const donation = await postDonation(donor.client);
    const bank = await signUp(t.app, 'foodbank');
    await bank.client.post(`/api/donations/${donation.id}/requests`, {});
    await t.app.push.drain();
    const [waiting] = await pushesTo(browser.pathname);
    expect(waiting).toMatchObject({ status: 'queued' });

    const removed = await donor.client.request({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint: origin + browser.pathname },
    });
    expect(removed.statusCode).toBe(204);
    await t.database.db.execute(
      sql`update outbox set next_attempt_at = now() where channel = 'push'`,
    );
    await t.app.push.drain();
    expect(browser.inbox()).toHaveLength(0);
    const [row] = rowsOf<{ status: string; last_error: string }>(
      await t.database.db.execute(
        sql`select status, last_error from outbox where id = ${waiting!.id}`,
      ),
    );
    expect(row).toEqual({ status: 'failed', last_error: 'the browser unsubscribed' });
  });
});
