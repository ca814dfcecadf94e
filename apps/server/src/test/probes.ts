/**
 * A check of what the machine can do (mount a tmpfs, run nginx) that a test needs. A failed
 * probe fails the file instead of skipping it: a gate that skipped what it could not run would
 * pass having tested nothing. On a machine that cannot run such tests (no root, no nginx),
 * ALLOW_PROBE_SKIPS=1 skips them with a warning.
 */
export function probed(ok: boolean, what: string): boolean {
  if (ok) return true;
  if (process.env.ALLOW_PROBE_SKIPS === '1') {
    console.warn(`skipped (ALLOW_PROBE_SKIPS=1): ${what}`);
    return false;
  }
  throw new Error(
    `${what}. Install or allow what it needs, or set ALLOW_PROBE_SKIPS=1 to skip such tests.`,
  );
}
