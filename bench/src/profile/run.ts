// One run of the load profile against a running server: sign up the simulated users, measure
// /api/health alone, then let every user act in a loop (weighted actions, think times, alerts
// that make several volunteers grab one donation at once) for a fixed time while a light probe
// keeps measuring /api/health next to the load.
import type { Agent } from 'node:http';
import { HttpClient } from './http.js';
import { Recorder, percentile } from './recorder.js';
import { act, answerAlert, measureAlone } from './scenarios.js';
import { signUpUsers } from './users.js';
import { prng } from '@annasetu/test-kit';
import { think, type Context, type Rush, type SimUser } from './world.js';

export interface ProfileOptions {
  baseUrl: string;
  /** Simulated users (default 300). */
  users?: number;
  /** Seconds of load (default 30). */
  seconds?: number;
  /** Mean think time between a user's actions in ms (default 3000). */
  thinkMs?: number;
  /** Share of posted volunteer donations announced to 2-5 idle volunteers at once (0.4). */
  rushShare?: number;
  /** Milliseconds between two health probes during the run (default 250). */
  probeEveryMs?: number;
  /** Sequential health probes before the run, with nothing else going on (default 200). */
  idleProbes?: number;
  /** Sequential calls of each read endpoint before the run (default 5). */
  aloneRuns?: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface LatencyFigures {
  count: number;
  errors: number;
  /** 503 answers: the database was too busy to answer the health check in time. */
  busy: number;
  p50: number;
  p99: number;
}

export interface ProfileResult {
  users: SimUser[];
  seconds: number;
  thinkMs: number;
  signUp: { p50: number; p99: number; milliseconds: number };
  /** /api/health alone before the run. */
  idleHealth: LatencyFigures;
  /** /api/health probed during the run. */
  loadedHealth: LatencyFigures;
  /** p50 of each read endpoint called alone, one request at a time, before the run. */
  alone: Map<string, number>;
  /** Unexpected answers while measuring reads alone. */
  aloneErrors: string[];
  /** Wall-clock seconds from the first action to the last answer. */
  elapsedSeconds: number;
  /** performance.now() when the load began. */
  startedAt: number;
  /** Each probe during the run: when it was sent and how long it took. */
  probes: { sentAt: number; ms: number }[];
  recorder: Recorder;
  rushes: Rush[];
  /** Users whose loop stopped on an exception (a bug in the flow or a lost session). */
  stoppedUsers: string[];
}

// Enough for probes sent every 250 ms while health answers within 2 s; beyond that they queue.
const PROBE_CONNECTIONS = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function probeHealth(
  http: HttpClient,
  samples: number[],
  sentAt?: number[],
  agent?: Agent,
): Promise<'ok' | 'busy' | 'error'> {
  const sent = performance.now();
  try {
    const answer = await http.send('GET', '/api/health', { agent });
    samples.push(answer.ms);
    sentAt?.push(sent);
    // 503: the database did not answer within the health check's 2 s, or the server shed it.
    return answer.status === 200 ? 'ok' : answer.status === 503 ? 'busy' : 'error';
  } catch {
    return 'error';
  }
}

function figures(samples: number[], errors: number, busy = 0): LatencyFigures {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    errors,
    busy,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

export async function runProfile(options: ProfileOptions): Promise<ProfileResult> {
  const log = options.log ?? (() => undefined);
  const total = options.users ?? 300;
  const seconds = options.seconds ?? 30;
  const thinkMs = options.thinkMs ?? 3000;
  const random = prng(options.seed ?? 20_240_611);
  const http = new HttpClient(options.baseUrl);
  try {
    log(`signing up ${total} users ...`);
    const signUp = await signUpUsers(http, random, total, 8);
    log(`signed up in ${(signUp.milliseconds / 1000).toFixed(1)} s`);

    // Health alone: a short warm-up, then one request at a time.
    const idleSamples: number[] = [];
    let idleErrors = 0;
    for (let i = 0; i < 20; i++) await probeHealth(http, []);
    for (let i = 0; i < (options.idleProbes ?? 200); i++) {
      if ((await probeHealth(http, idleSamples)) !== 'ok') idleErrors++;
    }

    // The probe's connections are opened now, so no probe during the run waits on a handshake.
    const probeAgent = http.browser(PROBE_CONNECTIONS);
    await Promise.all(
      Array.from({ length: PROBE_CONNECTIONS }, () => probeHealth(http, [], [], probeAgent)),
    );

    // Each read alone, one request at a time: its own cost, before any queue.
    const alone = new Recorder();
    await measureAlone(
      {
        http,
        recorder: alone,
        random,
        users: signUp.users,
        donorIds: new Set(),
        thinkMs,
        rushShare: 0,
        deadline: 0,
        rushes: [],
      },
      options.aloneRuns ?? 5,
    );

    const recorder = new Recorder();
    const started = performance.now();
    const ctx: Context = {
      http,
      recorder,
      random,
      users: signUp.users,
      donorIds: new Set(signUp.users.map((u) => u.id)),
      thinkMs,
      rushShare: options.rushShare ?? 0.4,
      deadline: started + seconds * 1000,
      rushes: [],
    };
    log(`running ${seconds} s with ${total} users ...`);

    const loadedSamples: number[] = [];
    const probeSentAt: number[] = [];
    let loadedErrors = 0;
    let loadedBusy = 0;
    // Open loop: a probe leaves every 250 ms whether or not the previous one has come back, so a
    // queue in the server shows in the samples instead of thinning them out.
    const probe = (async () => {
      const sent: Promise<void>[] = [];
      while (performance.now() < ctx.deadline) {
        sent.push(
          probeHealth(http, loadedSamples, probeSentAt, probeAgent).then((outcome) => {
            if (outcome === 'busy') loadedBusy++;
            if (outcome === 'error') loadedErrors++;
          }),
        );
        await sleep(options.probeEveryMs ?? 250);
      }
      await Promise.all(sent);
    })();

    const stoppedUsers: string[] = [];
    const loop = async (user: SimUser) => {
      // Users are mid-session when the clock starts: each first acts after up to one mean think
      // time, so the opening second brings no burst beyond the steady rate.
      await sleep(random() * Math.min(thinkMs, (seconds * 1000) / 2));
      try {
        while (performance.now() < ctx.deadline) {
          await act(ctx, user);
          const alert = await think(ctx, user);
          if (alert) await answerAlert(ctx, user, alert.donationId, alert.rush);
        }
      } catch (error) {
        stoppedUsers.push(`${user.role} ${user.email}: ${(error as Error).message}`);
      } finally {
        user.wake = null;
      }
    };
    await Promise.all([...signUp.users.map(loop), probe]);
    const elapsedSeconds = (performance.now() - started) / 1000;
    return {
      users: signUp.users,
      seconds,
      thinkMs,
      signUp,
      idleHealth: figures(idleSamples, idleErrors),
      alone: new Map(alone.endpoints().map((e) => [e.endpoint, e.p50])),
      aloneErrors: alone.errorSamples,
      loadedHealth: figures(loadedSamples, loadedErrors, loadedBusy),
      elapsedSeconds,
      startedAt: started,
      probes: probeSentAt.map((sentAt, i) => ({ sentAt, ms: loadedSamples[i]! })),
      recorder,
      rushes: ctx.rushes,
      stoppedUsers,
    };
  } finally {
    http.close();
  }
}
