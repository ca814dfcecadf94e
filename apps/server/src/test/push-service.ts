import { createECDH, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
// @ts-expect-error http_ece ships no types; it is the reference implementation of RFC 8188.
import ece from 'http_ece';
import type { TestClient } from './build-app.js';

/** A push message as the push service received it. */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A push service on 127.0.0.1 speaking HTTPS with a self-signed certificate, as real ones do;
 * `agent` trusts it. Browsers subscribe with their own P-256 keys and decrypt what arrives.
 */
export async function startPushService() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annasetu-push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const cert = fs.readFileSync(path.join(dir, 'cert.pem'));
  const received: ReceivedPush[] = [];
  /** Paths the service answers with an error status, for the next `times` messages. */
  const failures = new Map<string, { status: number; times: number }>();
  /** Paths of the messages it refused. */
  const refused: string[] = [];
  const server = https.createServer(
    { key: fs.readFileSync(path.join(dir, 'key.pem')), cert },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const failure = failures.get(req.url ?? '');
        if (failure && failure.times > 0) {
          failure.times -= 1;
          refused.push(req.url ?? '');
          res.writeHead(failure.status).end();
          return;
        }
        received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        // An endpoint under /gone/ is a subscription the browser dropped: 410, as real services say.
        res.writeHead(req.url?.startsWith('/gone') ? 410 : 201).end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** Subscribes the client's account from a new "browser"; `inbox()` decrypts its pushes. */
  async function subscribe(client: TestClient) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16).toString('base64url');
    const pathname = `/push/${randomBytes(8).toString('hex')}`;
    const response = await client.post('/api/push/subscriptions', {
      endpoint: `${origin}${pathname}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
    });
    if (response.statusCode !== 201) throw new Error(`subscribe failed: ${response.body}`);
    return {
      pathname,
      inbox(): Record<string, string>[] {
        return received
          .filter((r) => r.path === pathname)
          .map((r) =>
            JSON.parse(
              ece
                .decrypt(r.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth })
                .toString('utf8'),
            ),
          );
      },
    };
  }

  return {
    agent: new https.Agent({ ca: cert }),
    /** The service's https://127.0.0.1:port, for endpoints a test writes itself. */
    origin,
    /** Every message received so far, encrypted, with its headers (the VAPID authorization). */
    received,
    refused,
    subscribe,
    /** Answers the next `times` messages to `pathname` with `status` (429, 503: busy; 400: bad). */
    fail(pathname: string, status: number, times = Infinity) {
      failures.set(pathname, { status, times });
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
