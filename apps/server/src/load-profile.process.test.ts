// Both engines: a whole server under load, on the engine it is given.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkInvariants,
  prepareDataset,
  renderReport,
  runProfile,
  startServer,
  type BenchServer,
  type Dataset,
  type InvariantCheck,
  type ProfileResult,
  unexplainedWins,
} from '@annasetu/bench/profile';

// The short form of `npm run bench:profile`: the same profile module against the real server
// process on generated data, for a few seconds with a few dozen users. It asserts correctness
// only (no unexpected answers, invariants hold), never timings: the machine is shared.
describe('load profile (short)', () => {
  let dataset: Dataset;
  let server: BenchServer | undefined;
  let result: ProfileResult;
  let invariants: InvariantCheck[];
  let serverLog = '';

  beforeAll(async () => {
    dataset = await prepareDataset(2_000);
    server = await startServer(dataset.server);
    try {
      result = await runProfile({
        baseUrl: server.baseUrl,
        users: 30,
        seconds: 5,
        thinkMs: 1000,
        // Every posted volunteer donation is announced to several volunteers at once.
        rushShare: 1,
        idleProbes: 20,
      });
    } finally {
      await server.stop();
      serverLog = server.output().split('\n').slice(-60).join('\n');
    }
    const database = await dataset.open();
    try {
      invariants = await checkInvariants(database);
    } finally {
      await database.close();
    }
  }, 300_000);

  afterAll(async () => {
    await dataset?.drop();
  });

  it('drives the workflow with no unexpected answer (5xx or an undocumented 4xx)', () => {
    const total = result.recorder.total;
    const report = `${renderReport(result, {
      engine: dataset.engine,
      dataset: dataset.summary,
      invariants,
    })}\nserver output:\n${serverLog}`;
    expect(total.ok, report).toBeGreaterThan(0);
    expect(result.recorder.errorSamples, report).toEqual([]);
    expect(total.errors, report).toBe(0);
    expect(result.stoppedUsers).toEqual([]);
    expect(result.aloneErrors).toEqual([]);
    expect(result.loadedHealth.errors).toBe(0);
  });

  it('lets at most one volunteer hold each contended grab at a time', () => {
    for (const rush of result.rushes) {
      expect(rush.finished).toBe(rush.participants);
      // A second win only after the first winner sent a release (it freed the donation).
      expect(unexplainedWins(rush), JSON.stringify(rush)).toBe(0);
    }
  });

  it('leaves the database consistent: one carrier per donation, tokens once, one collection', () => {
    expect(invariants.length).toBeGreaterThanOrEqual(8);
    for (const check of invariants)
      expect({ [check.name]: check.violations }).toEqual({ [check.name]: 0 });
  });
});
