/** How long a benchmark waits at most for the server to work off what the last run left queued. */
const SETTLE_MAX_S = 300;

/**
 * Waits until the server has worked off what the last run left queued (three quick health
 * answers in a row): autocannon stops sending at the deadline, but requests already accepted
 * still run (on PGlite one at a time) and would slow the next scenario's first seconds.
 */
export async function settle(baseUrl: string): Promise<void> {
  const deadline = Date.now() + SETTLE_MAX_S * 1000;
  let quick = 0;
  while (quick < 3) {
    const start = performance.now();
    const answered = await fetch(`${baseUrl}/api/health`, {
      signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
    })
      .then((r) => r.arrayBuffer())
      .then(
        () => true,
        () => false,
      );
    if (!answered || Date.now() > deadline) {
      console.log(`  (server still busy after ${SETTLE_MAX_S} s; later figures include that work)`);
      return;
    }
    quick = performance.now() - start < 50 ? quick + 1 : 0;
  }
}
