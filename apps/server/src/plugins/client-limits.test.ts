import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/build-app.js';

// The connection cap per socket address, on a listening app (app.inject has no sockets).
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ MAX_CONNECTIONS_PER_ADDRESS: '3' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

/** Opens an idle connection from `localAddress`; resolves when it is connected. */
function connect(localAddress: string): Promise<{ socket: net.Socket; closed: () => boolean }> {
  return new Promise((resolve, reject) => {
    let closed = false;
    const socket = net.connect({ host: '127.0.0.1', port, localAddress }, () =>
      resolve({ socket, closed: () => closed }),
    );
    socket.on('close', () => (closed = true));
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

describe.skipIf(process.platform !== 'linux')('connections per address', () => {
  it('closes a connection over the cap at once; other addresses are not affected', async () => {
    const mine = [];
    for (let i = 0; i < 5; i++) mine.push(await connect('127.0.4.1'));
    const other = await connect('127.0.4.2');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mine.map((c) => c.closed())).toEqual([false, false, false, true, true]);
    expect(other.closed()).toBe(false);
    expect(t.app.clientLimits.connectionsRefused).toBe(2);
    // A place freed is a place taken again.
    mine[0]!.socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await connect('127.0.4.1');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(again.closed()).toBe(false);
    for (const c of [...mine, other, again]) c.socket.destroy();
  });
});
