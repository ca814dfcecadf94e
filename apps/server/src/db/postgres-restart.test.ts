import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/build-app.js';
import { TEST_ENGINE } from '../test/database.js';
import { postDonation, signUp } from '../test/factories.js';
import { openStream } from '../test/sse.js';

// The PostgreSQL server restarts under a running app: the app must not crash, must answer 503
// (not hang) while the database is away, and must recover by itself, live events included.
// It restarts the whole cluster, so it runs on its own (TEST_FAULTS=1), never beside other files.
const restart =
  process.env.TEST_FAULTS === '1' && process.env.TEST_PG_RESTART
    ? (JSON.parse(process.env.TEST_PG_RESTART) as string[])
    : null;

let t: TestApp;
beforeAll(async () => {
  if (TEST_ENGINE !== 'postgres' || !restart) return;
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not recovered within ${timeoutMs} ms`);
}

describe.skipIf(TEST_ENGINE !== 'postgres' || !restart)('a PostgreSQL restart', () => {
  it('is survived: health recovers, writes work again, live events flow again', async () => {
    const donor = await signUp(t.app, 'restaurant');
    const donation = await postDonation(donor.client);
    execFileSync(restart![0]!, restart!.slice(1), { stdio: 'ignore' });
    const recoveredMs = await until(
      async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200,
      15_000,
    );
    console.log(`health back ${recoveredMs} ms after the restart finished`);
    // The listener reconnects too: a new notification reaches an open stream.
    await new Promise((r) => setTimeout(r, 1500));
    const stream = await openStream(t.app, donor.client);
    await stream.waitFor((e) => e.event === 'ready');
    const bank = await signUp(t.app, 'foodbank');
    const request = await bank.client.post(`/api/donations/${donation.id}/requests`, {});
    expect(request.statusCode).toBe(201);
    await stream.waitFor((e) => e.event === 'notification', 5000);
    await stream.close();
  }, 60_000);
});
