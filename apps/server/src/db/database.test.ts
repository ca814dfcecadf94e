// Both engines: the client, migrations and transactions of each engine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from './client.js';
import { DataDirLockedError, lockDataDir } from './lock.js';
import { createTestDatabase, TEST_ENGINE } from '../test/database.js';
import { users } from './schema/index.js';
import { appendEvent } from '../modules/events/events.queries.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const newUser = (email: string) => ({
  email,
  passwordHash: 'x',
  role: 'volunteer' as const,
  name: 'N',
  phone: '+91 99999 99999',
  address: 'A',
});

describe('transactions', () => {
  it('keep concurrent work out of an open transaction: a rollback undoes only its own writes', async () => {
    const tag = Date.now();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const failing = database.db
      .transaction(async (tx) => {
        await tx.insert(users).values(newUser(`inside.${tag}@example.in`));
        await gate; // another request arrives while this transaction is open
        throw new Error('abort');
      })
      .catch((error: Error) => error.message);
    // Give the transaction time to begin before the outside write is issued.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = database.db.insert(users).values(newUser(`outside.${tag}@example.in`));
    setTimeout(release, 50);
    expect(await failing).toBe('abort');
    await outside;
    const rows = rowsOf<{ email: string }>(
      await database.db.execute(
        sql`select email from users where email like ${`%.${tag}@example.in`}`,
      ),
    );
    expect(rows.map((r) => r.email)).toEqual([`outside.${tag}@example.in`]);
  });
});

describe('event log', () => {
  it('is append-only: updates and deletes are refused by the database', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    await appendEvent(database.db, {
      entityType: 'user',
      entityId: id,
      action: 'user.registered',
      actorId: null,
    });
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => 'succeeded',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(
      await failure(
        database.db.execute(sql`update events set action = 'rewritten' where entity_id = ${id}`),
      ),
    ).toMatch(/append-only/);
    expect(
      await failure(database.db.execute(sql`delete from events where entity_id = ${id}`)),
    ).toMatch(/append-only/);
    const rows = rowsOf<{ action: string }>(
      await database.db.execute(sql`select action from events where entity_id = ${id}`),
    );
    expect(rows).toEqual([{ action: 'user.registered' }]);
  });
});

describe('schema', () => {
  it('has a named index for every query the seed lists', async () => {
    const rows = rowsOf<{ indexname: string }>(
      await database.db.execute(
        sql`select indexname from pg_indexes where schemaname = current_schema()`,
      ),
    );
    const names = rows.map((r) => r.indexname);
    for (const expected of [
      'users_role_created_idx',
      'donations_donor_created_idx',
      'donations_status_created_idx',
      'donations_pending_geo_idx',
      'donations_volunteer_geo_idx',
      'donations_pending_newest_idx',
      'donations_volunteer_newest_idx',
      'donations_pending_expiry_idx',
      'requests_requester_created_idx',
      'requests_volunteer_created_idx',
      'requests_donation_idx',
      'requests_destination_status_idx',
      'collections_volunteer_created_idx',
      'notifications_user_created_idx',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it(`runs on ${TEST_ENGINE}`, async () => {
    const [row] = rowsOf<{ version: string }>(await database.db.execute(sql`select version()`));
    expect(row!.version).toMatch(/PostgreSQL/);
  });
});

describe('data directory lock', () => {
  it('refuses a second holder while the first is alive, and takes over a stale lock', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-lock-'));
    try {
      // A live foreign process (pid 1) holds the lock: refused with a clear message.
      fs.writeFileSync(path.join(dir, 'annasetu.lock'), '1\nother-host\n');
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/in use by another AnnaSetu process \(pid 1\)/);
      // A dead process's lock is stale: taken over.
      fs.writeFileSync(path.join(dir, 'annasetu.lock'), '999999999\n');
      const release = lockDataDir(dir);
      expect(fs.readFileSync(path.join(dir, 'annasetu.lock'), 'utf8')).toMatch(
        new RegExp(`^${process.pid}\\n`),
      );
      release();
      expect(fs.existsSync(path.join(dir, 'annasetu.lock'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
