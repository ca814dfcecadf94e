import { basename } from 'node:path';
import { TestSmsc } from '@annasetu/test-kit/smsc';

/** What a test file needs beside its server: settings for the server, and a way to stop. */
interface Extras {
  env: Record<string, string>;
  stop: () => Promise<void>;
}

let fileSmsc: TestSmsc | undefined;

/** The loopback SMSC of this file's server (files listed below with `withSmsc`). */
export function smsc(): TestSmsc {
  if (!fileSmsc)
    throw new Error('This test file has no SMSC: list it in e2e/support/file-servers.ts');
  return fileSmsc;
}

async function withSmsc(): Promise<Extras> {
  fileSmsc = await TestSmsc.start();
  const started = fileSmsc;
  return {
    env: { SMS_SMPP_URL: started.url, SMS_SENDER_ID: 'ANNSTU' },
    stop: () => started.close(),
  };
}

/**
 * Test files whose server needs more than the defaults, by file name: setup.ts starts what is
 * listed here before the file's server and passes its settings to that server.
 */
const EXTRAS: Record<string, () => Promise<Extras>> = {
  'phone-sign-in.test.ts': withSmsc,
};

export async function extrasFor(testPath: string | undefined): Promise<Extras> {
  // This module outlives a file within a worker: the last file's SMSC is not this one's.
  fileSmsc = undefined;
  const start = testPath ? EXTRAS[basename(testPath)] : undefined;
  return start ? start() : { env: {}, stop: async () => undefined };
}
