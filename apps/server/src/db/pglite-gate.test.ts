// Both engines: the one-connection gate against the pool, with concurrent callers.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { classifyOverload } from '../plugins/overload.js';
import { TEST_ENGINE } from '../test/database.js';
import { openPglite, rowsOf } from './client.js';
import { ConnectionWaitTimeoutError, DatabaseBrokenError } from './pglite-gate.js';
import { probed } from '../test/probes.js';

const dump = () => new Blob([fs.readFileSync(inject('pgliteDumpFile'))]);

/** What a query failed with (Drizzle wraps the driver's error in `cause`). */
const failureOf = (query: PromiseLike<unknown>): Promise<unknown> =>
  Promise.resolve(query).then(
    () => undefined,
    (error: unknown) => error,
  );
const causeOf = (error: unknown): unknown => (error as { cause?: unknown })?.cause ?? error;

describe.skipIf(TEST_ENGINE !== 'pglite')('the embedded database connection gate', () => {
  it('refuses a caller that waited too long, and its query never runs afterwards', async () => {
    const database = await openPglite({ loadDataDir: dump(), acquireTimeoutMs: 100 });
    try {
      await database.db.execute(sql`create table gate_probe (n int)`);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      const holder = database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into gate_probe values (1)`);
        started();
        await held;
      });
      await running;
      expect(database.connections()).toEqual({ total: 1, idle: 0, waiting: 0 });
      const refused = await failureOf(database.db.execute(sql`insert into gate_probe values (2)`));
      release();
      await holder;
      expect(causeOf(refused)).toBeInstanceOf(ConnectionWaitTimeoutError);
      expect(classifyOverload(refused)?.code).toBe('SERVICE_BUSY');
      const rows = rowsOf<{ n: number }>(
        await database.db.execute(sql`select n from gate_probe order by n`),
      );
      expect(rows.map((r) => r.n)).toEqual([1]);
      expect(database.connections()).toEqual({ total: 1, idle: 1, waiting: 0 });
    } finally {
      await database.close();
    }
  });

  it('serves waiters in order once the connection is free', async () => {
    const database = await openPglite({ loadDataDir: dump(), acquireTimeoutMs: 5_000 });
    try {
      await database.db.execute(sql`create table gate_order (n int)`);
      const inserts = [1, 2, 3, 4, 5].map((n) =>
        database.db.execute(sql`insert into gate_order values (${n})`),
      );
      await Promise.all(inserts);
      const rows = rowsOf<{ n: number }>(
        await database.db.execute(sql`select n from gate_order order by ctid`),
      );
      expect(rows.map((r) => r.n)).toEqual([1, 2, 3, 4, 5]);
    } finally {
      await database.close();
    }
  });
});

// A WAL write on a full disk makes PostgreSQL PANIC. After a PANIC in a single statement PGlite
// answers with the error, but the next statement would block the process for good. (A PANIC
// inside an explicit transaction blocks PGlite at once, out of reach of JavaScript: that is why
// the server refuses writes while free space is still above DISK_MIN_FREE_MB.) This fills a real
// tmpfs (mounted here, removed after) with single-statement writes until the PANIC.
const mountDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-wal-full-'));
let mounted = false;
if (TEST_ENGINE === 'pglite') {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=60m', 'tmpfs', mountDir], {
      stdio: 'ignore',
    });
    mounted = true;
  } catch {
    mounted = false;
  }
}
afterAll(() => {
  if (mounted) execFileSync('umount', ['-l', mountDir]);
  fs.rmSync(mountDir, { recursive: true, force: true });
});

describe.skipIf(
  TEST_ENGINE !== 'pglite' || !probed(mounted, 'this test mounts a tmpfs (root needed)'),
)('the embedded database on a disk that fills up', () => {
  it('fails the write with STORAGE_UNAVAILABLE, refuses later work at once instead of hanging, and keeps every commit', async () => {
    const dataDir = path.join(mountDir, 'db');
    const database = await openPglite({ dataDir, loadDataDir: dump() });
    await database.db.execute(sql`create table wal_fill (id serial primary key, v text)`);
    let committed = 0;
    let failure: unknown;
    try {
      for (let i = 0; i < 2_000; i++) {
        await database.db.execute(
          sql`insert into wal_fill (v) select repeat(md5(random()::text), 30) from generate_series(1, 200)`,
        );
        committed += 1;
      }
    } catch (error) {
      failure = error;
    }
    expect(failure, 'the disk never filled').toBeDefined();
    expect(classifyOverload(failure)?.code).toBe('STORAGE_UNAVAILABLE');
    const fatal = failure as { severity?: string; cause?: { severity?: string } };
    expect(fatal.severity ?? fatal.cause?.severity).toBe('PANIC');
    // Nothing else runs in this process; callers are refused at once.
    expect(causeOf(await failureOf(database.db.execute(sql`select 1`)))).toBeInstanceOf(
      DatabaseBrokenError,
    );
    expect(await database.ping()).toBe(false);
    await database.close();

    // A restart with room to spare (a copy on the big disk) recovers every committed batch.
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-wal-copy-'));
    try {
      fs.cpSync(dataDir, path.join(copy, 'db'), { recursive: true });
      fs.rmSync(path.join(copy, 'db', 'annasetu.lock'), { force: true });
      const reopened = await openPglite({ dataDir: path.join(copy, 'db') });
      try {
        const [row] = rowsOf<{ n: number }>(
          await reopened.db.execute(sql`select count(*)::int as n from wal_fill`),
        );
        expect(row!.n).toBeGreaterThanOrEqual(committed * 200);
        console.log(
          `WAL full: ${committed} batches committed before ${(failure as Error).name}: ${(failure as Error).message.slice(0, 120)}; ${row!.n} rows after restart`,
        );
      } finally {
        await reopened.close();
      }
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  }, 240_000);
});
