import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { TEST_ENGINE } from '../test/database.js';
import { openPglite, rowsOf, type Database } from './client.js';

const dump = () => new Blob([fs.readFileSync(inject('pgliteDumpFile'))]);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-buffers-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function sharedBuffers(database: Database): Promise<string> {
  const [row] = rowsOf<{ shared_buffers: string }>(
    await database.pglite!.query('show shared_buffers'),
  );
  return row!.shared_buffers;
}

describe.skipIf(TEST_ENGINE !== 'pglite')("the embedded database's buffer cache", () => {
  it('takes the size asked for at each start only, leaving postgresql.conf as it was', async () => {
    const first = await openPglite({ dataDir, loadDataDir: dump() });
    expect(await sharedBuffers(first)).toBe('128MB');
    await first.close();
    const conf = path.join(dataDir, 'postgresql.conf');
    const written = fs.readFileSync(conf, 'utf8');

    const small = await openPglite({ dataDir, sharedBuffers: '16MB' });
    expect(await sharedBuffers(small)).toBe('16MB');
    await small.close();
    expect(fs.readFileSync(conf, 'utf8')).toBe(written);

    const again = await openPglite({ dataDir });
    expect(await sharedBuffers(again)).toBe('128MB');
    await again.close();
  });
});
