#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL cluster: initdb in a temp folder, start it on a
// free local port, export TEST_DATABASE_URL (and DATABASE_URL_FOR_TESTS), run the command, stop
// and delete the cluster. Usage: node scripts/with-postgres.mjs <command> [args...]
// initdb and postgres refuse to run as root, so as root they run as the `postgres` user.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../packages/test-kit/src/ports.mjs';

function findBin(name) {
  const fromPath = spawnSync('sh', ['-c', `command -v ${name}`], {
    encoding: 'utf8',
  }).stdout.trim();
  if (fromPath) return fromPath;
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) {
      const candidate = path.join(root, v, 'bin', name);
      if (fs.existsSync(candidate)) return candidate;
    }
  }
  return undefined;
}

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}
const initdb = findBin('initdb');
const pgCtl = findBin('pg_ctl');
if (!initdb || !pgCtl) {
  console.error(
    'PostgreSQL server binaries (initdb, pg_ctl) not found. On Debian: apt-get install postgresql',
  );
  process.exit(1);
}

const asRoot = process.getuid?.() === 0;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-pg-'));
const dataDir = path.join(dir, 'data');
const socketDir = path.join(dir, 'socket');
fs.mkdirSync(socketDir);
if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
const run = (bin, args) => {
  const full = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  execFileSync(full[0], full[1], { stdio: ['ignore', 'ignore', 'inherit'] });
};

const port = await freePort();
let started = false;
const stop = () => {
  if (started) {
    try {
      run(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    } catch {
      // already stopped
    }
    started = false;
  }
  fs.rmSync(dir, { recursive: true, force: true });
};

try {
  run(initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const options = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off`;
  run(pgCtl, ['-D', dataDir, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  started = true;
} catch (error) {
  console.error('could not start a PostgreSQL cluster:', error.message);
  const log = path.join(dir, 'server.log');
  if (fs.existsSync(log)) console.error(fs.readFileSync(log, 'utf8'));
  stop();
  process.exit(1);
}

const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
const version = execFileSync(initdb, ['--version'], { encoding: 'utf8' }).trim();
console.log(`${version}: throwaway cluster on 127.0.0.1:${port}`);
const child = spawn(command[0], command.slice(1), {
  stdio: 'inherit',
  env: {
    ...process.env,
    TEST_DATABASE_URL: url,
    // Lets fault tests restart the server under a running app.
    TEST_PG_RESTART: JSON.stringify(
      asRoot
        ? ['runuser', '-u', 'postgres', '--', pgCtl, '-D', dataDir, '-m', 'fast', '-w', 'restart']
        : [pgCtl, '-D', dataDir, '-m', 'fast', '-w', 'restart'],
    ),
  },
});
const forward = (signal) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('exit', (code, signal) => {
  stop();
  process.exit(code ?? (signal ? 1 : 0));
});
