// Both engines: a full or unwritable disk under each engine.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  HttpSession,
  freePort,
  spawnServer,
  stopProcess,
  waitForListening,
  type ServerProcess,
} from '@annasetu/test-kit';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT_DATA_DIR_UNWRITABLE } from './config/data-dir.js';
import { SERVER_ROOT } from './config/paths.js';
import { TEST_ENGINE } from './test/database.js';
import { probed } from './test/probes.js';

// The real server on a real file system that is read-only, immutable or full. Each small file
// system is a tmpfs mounted in a private mount namespace (unshare -m): it is invisible to the rest
// of the machine and disappears with the process that holds it. The server enters that namespace
// with nsenter; the test reaches the files through /proc/<pid>/root.

function can(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const canMount = can('unshare', [
  '-m',
  '--propagation',
  'private',
  'sh',
  '-c',
  'd=$(mktemp -d) && mount -t tmpfs -o size=1m tmpfs "$d" && umount "$d" && rmdir "$d"',
]);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-storage-'));

/** Whether this file system takes the immutable flag (ext4 does; tmpfs and overlayfs may not). */
function canChattr(): boolean {
  const probe = path.join(work, 'chattr-probe');
  fs.writeFileSync(probe, '');
  const ok = can('chattr', ['+i', probe]) && can('chattr', ['-i', probe]);
  fs.rmSync(probe, { force: true });
  return ok;
}
const processes: ChildProcess[] = [];
afterAll(() => {
  for (const child of processes) child.kill('SIGKILL');
  fs.rmSync(work, { recursive: true, force: true });
});

/** A tmpfs of `size` at `dir` inside a new mount namespace, held by a sleeping process. */
async function holdTmpfs(dir: string, options: string): Promise<{ pid: number; root: string }> {
  fs.mkdirSync(dir, { recursive: true });
  const holder = spawn(
    'unshare',
    [
      '-m',
      '--propagation',
      'private',
      'sh',
      '-c',
      `mount -t tmpfs -o ${options} tmpfs "${dir}" && echo mounted && exec sleep 100000`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  processes.push(holder);
  await new Promise<void>((resolve, reject) => {
    holder.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('mounted')) resolve();
    });
    holder.on('exit', (code) => reject(new Error(`mount failed (${code})`)));
  });
  return { pid: holder.pid!, root: `/proc/${holder.pid}/root${dir}` };
}

/** Starts the server (inside the mount namespace of `namespacePid` when given). */
function startServer(
  dataDir: string,
  port: number,
  namespacePid?: number,
  env: Record<string, string> = {},
): ServerProcess {
  const server = spawnServer({
    port,
    dataDir,
    webDist: path.join(work, 'no-web'),
    env: { AUTH_RATE_LIMIT_PER_15_MIN: '100000', S3_BUCKET: '', ...env },
    ...(namespacePid === undefined
      ? {}
      : { wrapper: ['nsenter', '-t', String(namespacePid), '-m', `--wd=${SERVER_ROOT}`, '--'] }),
  });
  processes.push(server.child);
  return server;
}

const account = (i: number, role = 'foodbank') => ({
  role,
  name: `Disk ${i}`,
  email: `disk.${role}.${i}@example.in`,
  phone: '+91 98765 43210',
  address: 'Somewhere',
  organizationName: 'Disk test',
  password: 'disk-pass',
  confirmPassword: 'disk-pass',
});

async function photo(seed: number): Promise<FormData> {
  const jpeg = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: seed % 255, g: 90, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'food.jpg');
  return form;
}

/** Writes zeros into `file` until the file system refuses: the disk is then full. */
function fillUp(file: string): number {
  const chunk = Buffer.alloc(256 * 1024);
  const fd = fs.openSync(file, 'w');
  let written = 0;
  try {
    for (;;) written += fs.writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(fd);
  }
  return written;
}

describe.skipIf(
  TEST_ENGINE !== 'pglite' ||
    !probed(canMount, 'the storage tests mount a tmpfs in a mount namespace (root needed)'),
)('an unwritable data directory', () => {
  it('at start: a read-only mount stops the server with one clear line and exit code 73', async () => {
    const dir = path.join(work, 'readonly');
    const ns = await holdTmpfs(dir, 'ro,size=1m');
    const server = startServer(dir, await freePort(), ns.pid);
    expect(await server.exited).toBe(EXIT_DATA_DIR_UNWRITABLE);
    expect(server.output()).toContain(`Cannot write to the data directory ${dir}`);
    expect(server.output()).toContain('read-only');
    expect(server.output()).not.toMatch(/^\s+at /m); // no stack trace
  }, 60_000);

  it.skipIf(
    TEST_ENGINE !== 'pglite' ||
      !canMount ||
      !probed(canChattr(), 'this test needs a file system that takes chattr +i'),
  )(
    'at start: an immutable directory (chattr +i; root ignores permissions) does the same',
    async () => {
      const dir = path.join(work, 'immutable');
      fs.mkdirSync(dir);
      execFileSync('chattr', ['+i', dir]);
      try {
        const server = startServer(dir, await freePort());
        expect(await server.exited).toBe(EXIT_DATA_DIR_UNWRITABLE);
        expect(server.output()).toContain('not permitted');
        expect(server.output()).not.toMatch(/^\s+at /m);
      } finally {
        execFileSync('chattr', ['-i', dir]);
      }
    },
    60_000,
  );

  it('at run time: a full disk answers 503 STORAGE_UNAVAILABLE, and every acknowledged write survives a restart', async () => {
    const dir = path.join(work, 'full');
    const ns = await holdTmpfs(dir, 'size=96m');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // First without the free-space guard, so the disk really runs out under the photo store and
    // the database.
    let server = startServer(dir, port, ns.pid, { DISK_MIN_FREE_MB: '0' });
    await waitForListening(server, 120_000);

    const volunteer = new HttpSession(base);
    expect(
      (await volunteer.send('POST', '/api/auth/register', account(0, 'volunteer'))).status,
    ).toBe(201);
    const kept = await volunteer.send('POST', '/api/uploads/photos', await photo(1));
    expect(kept.status).toBe(201);
    const { photoId } = (await kept.json()) as { photoId: string };
    const acknowledged: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const response = await new HttpSession(base).send('POST', '/api/auth/register', account(i));
      expect(response.status).toBe(201);
      acknowledged.push(i);
    }

    // The disk fills up (someone else's file, a log gone wild...).
    expect(fillUp(path.join(ns.root, 'filler'))).toBeGreaterThan(0);

    const refusedPhoto = await volunteer.send('POST', '/api/uploads/photos', await photo(2));
    expect(refusedPhoto.status).toBe(503);
    expect(((await refusedPhoto.json()) as { code: string }).code).toBe('STORAGE_UNAVAILABLE');
    expect(refusedPhoto.headers.get('retry-after')).toBe('60');
    expect(fs.readdirSync(path.join(ns.root, 'uploads')).filter((f) => f.endsWith('.tmp'))).toEqual(
      [],
    );

    // Database writes go on until PostgreSQL needs a new page or WAL file, then get 503 too.
    const statuses = new Map<number, number>();
    let refusal: { status: number; code: string } | undefined;
    for (let i = 100; i < 400 && !refusal; i++) {
      const response = await new HttpSession(base).send('POST', '/api/auth/register', account(i));
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 201) acknowledged.push(i);
      else
        refusal = {
          status: response.status,
          code: ((await response.json()) as { code: string }).code,
        };
    }
    expect(refusal, JSON.stringify([...statuses])).toEqual({
      status: 503,
      code: 'STORAGE_UNAVAILABLE',
    });

    // Still full: the next write is refused the same way, at once (no hung database).
    const next = await new HttpSession(base).send('POST', '/api/auth/register', account(998));
    expect(next.status).toBe(503);
    await next.text();
    // The process still answers, and stops cleanly when asked.
    const health = await fetch(`${base}/api/health`);
    expect([200, 503]).toContain(health.status);
    const databaseState = ((await health.json()) as { database: string }).database;
    expect(await stopProcess(server)).not.toBeNull();

    // Space is freed; after a restart everything acknowledged is there and writes work again.
    fs.rmSync(path.join(ns.root, 'filler'));
    server = startServer(dir, port, ns.pid, { DISK_MIN_FREE_MB: '8' });
    await waitForListening(server, 120_000);
    const missing: number[] = [];
    for (const i of acknowledged) {
      const login = await new HttpSession(base).send('POST', '/api/auth/login', {
        email: account(i).email,
        password: 'disk-pass',
      });
      if (login.status !== 200) missing.push(i);
    }
    expect(missing).toEqual([]);
    const again = new HttpSession(base);
    expect(
      (
        await again.send('POST', '/api/auth/login', {
          email: account(0, 'volunteer').email,
          password: 'disk-pass',
        })
      ).status,
    ).toBe(200);
    const stored = await again.send('GET', `/api/uploads/photos/${photoId}`);
    expect(stored.status).toBe(200);
    expect((await stored.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect((await again.send('POST', '/api/uploads/photos', await photo(3))).status).toBe(201);
    expect(
      (await new HttpSession(base).send('POST', '/api/auth/register', account(999))).status,
    ).toBe(201);

    // The free-space guard (DISK_MIN_FREE_MB, 8 MB here): writes stop while there is still
    // room, so the database never meets a full disk; reads go on.
    const stats = fs.statfsSync(ns.root);
    const leave = 4 * 1024 * 1024;
    fs.writeFileSync(
      path.join(ns.root, 'filler'),
      Buffer.alloc(Math.max(0, stats.bavail * stats.bsize - leave)),
    );
    // The server looks the free space up at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const guarded = await new HttpSession(base).send('POST', '/api/auth/register', account(997));
    expect(guarded.status).toBe(503);
    expect(((await guarded.json()) as { code: string }).code).toBe('STORAGE_UNAVAILABLE');
    const photoGuarded = await again.send('POST', '/api/uploads/photos', await photo(4));
    expect(photoGuarded.status).toBe(503);
    await photoGuarded.text();
    expect((await again.send('GET', '/api/me')).status).toBe(200);
    const healthy = await fetch(`${base}/api/health`);
    expect(((await healthy.json()) as { database: string }).database).toBe('up');
    console.log(
      `disk full: ${acknowledged.length} acknowledged sign-ups kept; answers while full: ${JSON.stringify([...statuses])}; database then ${databaseState}`,
    );
    await stopProcess(server);
  }, 300_000);
});
