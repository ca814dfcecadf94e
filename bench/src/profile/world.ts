// What the simulated users share: the HTTP client, the tallies, a seeded random source, and the
// one helper every scenario calls the API through (it times the call and judges the answer).
import type http from 'node:http';
import type { Coordinates, RegistrableRole, UiLanguage } from '@annasetu/domain';
import type { HttpClient, Session } from './http.js';
import type { Outcome, Recorder } from './recorder.js';

export type Kind = 'donor' | 'receiver' | 'volunteer';

/** A donation as a feed showed it, enough to act on it. */
export interface FeedItem {
  id: string;
  donorId: string;
}

/** A volunteer's current carry: grabbed (carrying) or collected (delivering). */
export interface Job {
  donationId: string;
  requestId: string;
  stage: 'carrying' | 'delivering';
  /** The receiver a donor accepted, when the volunteer carries that request. */
  destinationUserId: string | null;
  destinationType: string | null;
}

/** Something that interrupts a user's think time: a push about fresh food to grab. */
export interface Alert {
  donationId: string;
  rush: Rush;
}

/** Several volunteers grabbing one donation at the same moment. */
export interface Rush {
  donationId: string;
  participants: number;
  finished: number;
  winners: number;
  /**
   * Releases of the donation sent by a winner while the rush ran: each frees it for one more
   * winner, legitimately (a slow grab answered after a quick release wins it again).
   */
  releasesSent: number;
}

/**
 * Wins that no release explains: two volunteers holding the donation at once. Counting wins
 * alone misread a winner who released at once, and a late grab then winning, as a double win.
 */
export function unexplainedWins(rush: Rush): number {
  return Math.max(0, rush.winners - 1 - rush.releasesSent);
}

export interface SimUser {
  index: number;
  id: string;
  role: RegistrableRole;
  kind: Kind;
  name: string;
  email: string;
  password: string;
  session: Session;
  /** This user's own connection to the server, like a browser's. */
  agent: http.Agent;
  point: Coordinates;
  language: UiLanguage;
  /** The last available-donations page this user looked at. */
  feed: FeedItem[];
  /** Donations this user already asked for (a real user does not ask twice). */
  requested: Set<string>;
  job: Job | null;
  /** Set while the user is thinking and free: calling it hands the user an alert. */
  wake: ((alert: Alert) => void) | null;
}

export interface Context {
  http: HttpClient;
  recorder: Recorder;
  random: () => number;
  users: SimUser[];
  /** Ids of the simulated users: their donations are the ones posted during the run. */
  donorIds: ReadonlySet<string>;
  /** Mean think time between two actions of one user, in milliseconds. */
  thinkMs: number;
  /** Share of posted volunteer-delivery donations announced to several idle volunteers at once. */
  rushShare: number;
  /** performance.now() after which no new action starts. */
  deadline: number;
  rushes: Rush[];
}

export function pick<T>(random: () => number, items: readonly T[]): T | undefined {
  return items.length ? items[Math.floor(random() * items.length)] : undefined;
}

export interface CallOptions {
  body?: unknown;
  /** Error codes that real users meet when racing each other: counted apart from errors. */
  conflicts?: readonly string[];
}

export interface CallResult {
  outcome: Outcome;
  status: number;
  code: string | undefined;
  body: unknown;
}

/**
 * Calls the API as `user`, records latency and outcome under `endpoint` (the route template,
 * e.g. `POST /api/donations/:id/grab`), and never throws: a failure is data for the report.
 */
export async function call(
  ctx: Context,
  user: SimUser | null,
  method: string,
  endpoint: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const started = performance.now();
  try {
    const answer = await ctx.http.send(method, path, {
      session: user?.session,
      body: options.body,
      agent: user?.agent,
    });
    ctx.recorder.noteSlow(endpoint, path, started, answer.ms);
    const body = answer.body as { code?: unknown; error?: unknown } | null;
    const code = typeof body?.code === 'string' ? body.code : undefined;
    if (answer.status >= 200 && answer.status < 300) {
      ctx.recorder.record(endpoint, answer.ms, 'ok');
      return { outcome: 'ok', status: answer.status, code, body: answer.body };
    }
    const label = `${answer.status} ${code ?? '(no code)'}`;
    if (answer.status === 503 && code === 'SERVICE_BUSY') {
      ctx.recorder.record(endpoint, answer.ms, 'shed', label);
      return { outcome: 'shed', status: answer.status, code, body: answer.body };
    }
    if (code && options.conflicts?.includes(code)) {
      ctx.recorder.record(endpoint, answer.ms, 'conflict', label);
      return { outcome: 'conflict', status: answer.status, code, body: answer.body };
    }
    ctx.recorder.record(endpoint, answer.ms, 'error', label);
    ctx.recorder.sample(
      `${method} ${path} as ${user?.role ?? 'anonymous'} -> ${label}: ${JSON.stringify(answer.body).slice(0, 300)}`,
    );
    return { outcome: 'error', status: answer.status, code, body: answer.body };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    ctx.recorder.record(endpoint, performance.now() - started, 'error', `no answer`);
    ctx.recorder.sample(`${method} ${path} as ${user?.role ?? 'anonymous'} -> ${message}`);
    return { outcome: 'error', status: 0, code: undefined, body: null };
  }
}

/**
 * Think time: exponentially distributed around the mean (capped at 4x), cut short by the end of
 * the run. A volunteer with nothing to carry can be woken by an alert.
 */
export function think(ctx: Context, user: SimUser): Promise<Alert | null> {
  const wanted = -Math.log(1 - ctx.random()) * ctx.thinkMs;
  const ms = Math.max(0, Math.min(wanted, ctx.thinkMs * 4, ctx.deadline - performance.now()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      user.wake = null;
      resolve(null);
    }, ms);
    if (user.kind === 'volunteer' && !user.job) {
      user.wake = (alert) => {
        clearTimeout(timer);
        user.wake = null;
        resolve(alert);
      };
    }
  });
}
