// Both engines: what a killed process leaves committed on disk or on the server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  collectDonation,
  freePort,
  grabDonation,
  postDonation,
  signUp,
  spawnServer,
  stopProcess,
  waitForListening,
  type ServerProcess,
} from '@annasetu/test-kit';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, rowsOf, type Database } from './db/client.js';
import { TEST_ENGINE } from './test/database.js';
import { withDatabase } from './test/global-setup.js';

// kill -9 in the middle of a stream of writes (sign-ups, and donations going through grab and
// collect): every write the server acknowledged must be there after a restart, no workflow step
// may be half-done, and the database must open cleanly. On PGlite the process holds the database
// itself; on PostgreSQL the server dies with transactions open on its connections.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-crash-'));
const servers: ServerProcess[] = [];
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const databaseName = `annasetu_crash_${randomBytes(4).toString('hex')}`;
const databaseUrl = TEST_ENGINE === 'postgres' ? withDatabase(adminUrl, databaseName) : '';

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (TEST_ENGINE === 'postgres') await admin(`CREATE DATABASE ${databaseName}`);
});
afterAll(async () => {
  for (const server of servers) server.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (TEST_ENGINE === 'postgres') {
    await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => undefined);
  }
});

async function start(port: number): Promise<ServerProcess> {
  const server = spawnServer({
    port,
    dataDir,
    databaseUrl,
    webDist: false,
    env: { AUTH_RATE_LIMIT_PER_15_MIN: '100000', RATE_LIMIT_PER_MINUTE: '100000' },
  });
  servers.push(server);
  await waitForListening(server);
  return server;
}

const account = (i: number) => ({
  role: 'volunteer',
  name: `Crash ${i}`,
  email: `crash.${i}@example.in`,
  phone: '+91 98765 43210',
  address: 'Somewhere',
  password: 'crash-pass',
  confirmPassword: 'crash-pass',
});

/** Donations acknowledged at each step of the workflow before the crash. */
interface Acknowledged {
  posted: string[];
  grabbed: string[];
  collected: string[];
}

/** A donor posts, a volunteer grabs and collects to a food bank, over and over. */
async function workflowWriter(
  base: string,
  stopped: () => boolean,
  acknowledged: Acknowledged,
): Promise<void> {
  const { session: donor } = await signUp(base, 'restaurant');
  const { session: volunteer } = await signUp(base, 'volunteer');
  const bank = await signUp(base, 'foodbank');
  try {
    while (!stopped()) {
      const donation = await postDonation(donor, { foodType: 'Dal and rice' });
      acknowledged.posted.push(donation.id);
      const request = await grabDonation(volunteer, donation.id);
      acknowledged.grabbed.push(donation.id);
      await collectDonation(volunteer, {
        donationId: donation.id,
        requestId: request.id,
        destinationType: 'foodbank',
        destinationUserId: bank.user.id,
      });
      acknowledged.collected.push(donation.id);
    }
  } catch {
    // a refused answer, or connection refused or reset: the server is gone
  }
}

async function openDatabase(): Promise<Database> {
  return TEST_ENGINE === 'postgres'
    ? openPostgres(databaseUrl)
    : openPglite({ dataDir: path.join(dataDir, 'db') });
}

describe('a crash during writes', () => {
  it('loses no acknowledged write and leaves no workflow step half-done', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await start(port);
    const acknowledged: number[] = [];
    const workflow: Acknowledged = { posted: [], grabbed: [], collected: [] };
    let stop = false;
    // Four sign-up writers and a workflow writer in parallel until the process dies under them.
    const writers = [0, 1, 2, 3].map(async (w) => {
      for (let i = w; !stop; i += 4) {
        try {
          const response = await fetch(`${base}/api/auth/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(account(i)),
          });
          if (response.status === 201) acknowledged.push(i);
        } catch {
          return; // connection refused or reset: the server is gone
        }
      }
    });
    writers.push(workflowWriter(base, () => stop, workflow));
    while (acknowledged.length < 40 || workflow.collected.length < 3) {
      await new Promise((r) => setTimeout(r, 20));
    }
    server.child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);

    // A new process (on PGlite taking over the dead one's lock) finds every account.
    const restarted = await start(port);
    const missing: number[] = [];
    for (const i of acknowledged) {
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account(i).email, password: 'crash-pass' }),
      });
      if (login.status !== 200) missing.push(i);
    }
    console.log(
      `crash test (${TEST_ENGINE}): ${acknowledged.length} acknowledged sign-ups, ${missing.length} missing after kill -9; ` +
        `${workflow.posted.length} posted, ${workflow.grabbed.length} grabbed, ${workflow.collected.length} collected`,
    );
    expect(missing).toEqual([]);
    await stopProcess(restarted);

    const database = await openDatabase();
    try {
      const donations = rowsOf<{ id: string; status: string; volunteer: string | null }>(
        await database.db.execute(sql`select id, status, volunteer_id as volunteer from donations`),
      );
      const byId = new Map(donations.map((d) => [d.id, d]));
      for (const id of workflow.posted) expect(byId.has(id)).toBe(true);
      for (const id of workflow.grabbed) expect(byId.get(id)!.volunteer).not.toBeNull();
      for (const id of workflow.collected) expect(byId.get(id)!.status).toBe('completed');
      // Whatever the crash cut off, each step happened whole or not at all.
      const halfDone = rowsOf<{ id: string; problem: string }>(
        await database.db.execute(sql`
          select d.id, 'grabbed without its request' as problem from donations d
            where d.volunteer_id is not null and not exists (
              select 1 from requests r where r.donation_id = d.id and r.volunteer_id = d.volunteer_id)
          union all
          select c.donation_id, 'collection without its statuses' from collections c
            join requests r on r.id = c.request_id join donations d on d.id = c.donation_id
            where r.status not in ('collected', 'fulfilled') or d.status <> 'completed'
          union all
          select d.id, 'completed without a collection' from donations d
            where d.status = 'completed'
              and not exists (select 1 from collections c where c.donation_id = d.id)`),
      );
      expect(halfDone).toEqual([]);
      const [tokens] = rowsOf<{ tokens: number; earned: number }>(
        await database.db.execute(sql`
          select u.tokens, 10 * (select count(*)::int from collections c
            join donations d on d.id = c.donation_id
            where d.donor_id = u.id and c.quality = 'good') as earned
          from users u where u.role = 'restaurant'`),
      );
      expect(tokens!.tokens).toBe(tokens!.earned);
    } finally {
      await database.close();
    }
  }, 300_000);
});
