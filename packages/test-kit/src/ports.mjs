// Plain JavaScript so that scripts/*.mjs (run by node without tsx) share it with the TypeScript.
import net from 'node:net';

/** A free TCP port on `host`, chosen by the operating system. */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
