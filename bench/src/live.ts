// npm run bench (last step), or `npm run bench:live -w @annasetu/bench`: the live event stream.
// (a) How many concurrent GET /api/events streams one instance holds: streams are opened in
//     steps; at each step every stream must have said `ready` and must receive one feed-wide
//     event, and /api/health is measured beside the streams. The run stops at the first step with
//     errors or whose health p99 exceeds the stated factor times the p99 with no streams.
// (b) Notification delivery: with N streams open, and with and without a background write load
//     (autocannon posting donations), a receiver requests a donor's donation and the time from
//     sending that request to the donor's stream carrying the notification event is measured.
// Figures next to /api/health of the same server in the same run. Report in bench/results/.
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { measure, writeReport, type Row } from './load.js';
import { startServer } from './server-process.js';

const STEPS = (process.env.BENCH_LIVE_STEPS ?? '250,500,1000,2000,4000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const P99_FACTOR = Number(process.env.BENCH_LIVE_P99_FACTOR ?? 10);
const LATENCY_STREAMS = Number(process.env.BENCH_LIVE_LATENCY_STREAMS ?? 1000);
const ACTIONS = Number(process.env.BENCH_LIVE_ACTIONS ?? 200);
const HEALTH_SECONDS = Number(process.env.BENCH_LIVE_HEALTH_SECONDS ?? 4);
const WRITE_CONNECTIONS = Number(process.env.BENCH_LIVE_WRITE_CONNECTIONS ?? 10);
const USERS = 50; // streams are spread over this many accounts per role
const OPEN_CONCURRENCY = 50;
const EVENT_TIMEOUT_MS = 15_000;

interface Account {
  id: string;
  cookie: string;
  csrf: string;
}

let sequence = 0;
async function signUp(baseUrl: string, role: string): Promise<Account> {
  sequence += 1;
  const email = `live.${role}.${Date.now().toString(36)}.${sequence}@example.in`;
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      role,
      name: `Live ${role} ${sequence}`,
      email,
      phone: '+91 98765 43210',
      address: 'Connaught Place, New Delhi',
      organizationName: `Live ${role} ${sequence}`,
      password: 'bench-password',
      confirmPassword: 'bench-password',
    }),
  });
  if (response.status !== 201)
    throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  const { user } = (await response.json()) as { user: { id: string } };
  return { id: user.id, cookie, csrf: decodeURIComponent(/csrf_token=([^;]+)/.exec(cookie)![1]!) };
}

function send(baseUrl: string, account: Account, method: string, url: string, body = {}) {
  return fetch(baseUrl + url, {
    method,
    headers: {
      'content-type': 'application/json',
      cookie: account.cookie,
      'x-csrf-token': account.csrf,
    },
    body: JSON.stringify(body),
  });
}

async function call(baseUrl: string, account: Account, method: string, url: string, body = {}) {
  const response = await send(baseUrl, account, method, url, body);
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, { id: string }>;
}

const donationBody = (foodType: string) => ({
  cuisine: 'North Indian',
  foodType,
  vegType: 'veg',
  quantity: 20,
  prepDate: new Date().toISOString().slice(0, 10),
  prepTime: '12:30',
  deliveryMethod: 'volunteer',
});

/** One open event stream, parsed just enough to see which events arrive and when. */
class Stream {
  ready = false;
  failed: string | null = null;
  closed = false;
  private buffer = '';
  private waiters: Array<{ kind: string; resolve: (at: number) => void }> = [];
  private request: http.ClientRequest | undefined;

  constructor(readonly account: Account) {}

  open(baseUrl: string): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.failed ??= 'no ready event in time';
        resolve();
      }, EVENT_TIMEOUT_MS);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.request = http.get(
        `${baseUrl}/api/events`,
        { agent: false, headers: { cookie: this.account.cookie, accept: 'text/event-stream' } },
        (res) => {
          if (res.statusCode !== 200) {
            this.failed = `status ${res.statusCode}`;
            res.resume();
            done();
            return;
          }
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            this.buffer += chunk;
            let end: number;
            while ((end = this.buffer.indexOf('\n\n')) >= 0) {
              const block = this.buffer.slice(0, end);
              this.buffer = this.buffer.slice(end + 2);
              const kind = /^event: (.+)$/m.exec(block)?.[1];
              if (!kind) continue;
              if (kind === 'ready') {
                this.ready = true;
                done();
              }
              const at = performance.now();
              this.waiters = this.waiters.filter((w) => {
                if (w.kind !== kind) return true;
                w.resolve(at);
                return false;
              });
            }
          });
          res.on('close', () => {
            this.closed = true;
            done();
          });
        },
      );
      this.request.on('error', (err) => {
        this.failed ??= err.message;
        done();
      });
    });
  }

  /** The arrival time of the next event of this kind (null after a timeout or a cancel). */
  next(kind: string): { arrived: Promise<number | null>; cancel(): void } {
    let cancel = () => {};
    const arrived = new Promise<number | null>((resolve) => {
      const settle = (at: number | null) => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w.resolve !== settle);
        resolve(at);
      };
      const timer = setTimeout(() => settle(null), EVENT_TIMEOUT_MS);
      cancel = () => settle(null);
      this.waiters.push({ kind, resolve: settle });
    });
    return { arrived, cancel };
  }

  close(): void {
    this.request?.destroy();
  }
}

async function openStreams(baseUrl: string, accounts: Account[], count: number, into: Stream[]) {
  const start = into.length;
  const pending: Stream[] = [];
  for (let i = start; i < count; i++) pending.push(new Stream(accounts[i % accounts.length]!));
  for (let i = 0; i < pending.length; i += OPEN_CONCURRENCY) {
    await Promise.all(pending.slice(i, i + OPEN_CONCURRENCY).map((s) => s.open(baseUrl)));
  }
  into.push(...pending);
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');

/** Resident memory of the process listening on the port, from /proc (Linux), in MB. */
function serverRssMb(baseUrl: string): number {
  try {
    const port = new URL(baseUrl).port;
    const out = execFileSync('ss', ['-Htlnp', `sport = :${port}`], { encoding: 'utf8' });
    const pid = /pid=(\d+)/.exec(out)?.[1];
    if (!pid) return NaN;
    const status = execFileSync('cat', [`/proc/${pid}/status`], { encoding: 'utf8' });
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
  } catch {
    return NaN;
  }
}

const health = (baseUrl: string): Promise<Row> =>
  measure(
    baseUrl,
    { name: 'health', method: 'GET', path: '/api/health', connections: 10 },
    HEALTH_SECONDS,
  );

// ---------------------------------------------------------------------------------------------

const server = await startServer();
const lines: string[] = [
  `# Live event stream ${new Date().toISOString()} (${server.engine})`,
  '',
  `${os.cpus().length} cores, Node ${process.version}. One server process; the streams, the load ` +
    'and the measurements come from one client process on the same machine. Load average ' +
    `at the start: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ')} (other work on the machine shows up in every figure).`,
  '',
];
const streams: Stream[] = [];
try {
  const base = server.baseUrl;
  // ---- (a) capacity --------------------------------------------------------------------------
  const receivers = await Promise.all(
    Array.from({ length: USERS }, () => signUp(base, 'foodbank')),
  );
  const donor = await signUp(base, 'restaurant');
  const baseline = await health(base);
  const rssBaseline = serverRssMb(base);
  console.log(`health with no streams: p50 ${baseline.p50} ms, p99 ${baseline.p99} ms`);
  lines.push(
    '## (a) Concurrent streams on one instance',
    '',
    `Streams of ${USERS} food-bank accounts (they see the available-donations feed), opened ` +
      `${OPEN_CONCURRENCY} at a time. At each step: every stream must answer 200 and send ` +
      '`ready`; then a donor posts a donation and every stream must receive that `donation` ' +
      `event (fan-out: time until the first, median and last stream has it); then ` +
      `\`/api/health\` is loaded for ${HEALTH_SECONDS} s with 10 connections beside the open ` +
      `streams. Stop at the first step with any error, or when health p99 exceeds ` +
      `${P99_FACTOR}× its p99 with no streams (${baseline.p99} ms).`,
    '',
    '| streams | open ok | event to all | fan-out first / p50 / last ms | health req/s (ratio to no streams) | health p50 ms | health p99 ms (ratio) | server RSS MB | verdict |',
    '|---:|---:|---:|---|---:|---:|---:|---:|---|',
    `| 0 | – | – | – | ${Math.round(baseline.requestsPerSecond)} (1.000) | ${baseline.p50} | ${baseline.p99} (1.0) | ${ms(rssBaseline)} | baseline |`,
  );
  let held = 0;
  let stoppedBy = `all steps passed (largest step ${STEPS.at(-1)})`;
  for (const step of STEPS) {
    process.stdout.write(`opening ${step} streams ... `);
    const openedAt = performance.now();
    await openStreams(base, receivers, step, streams);
    const openSeconds = (performance.now() - openedAt) / 1000;
    const openOk = streams.filter((s) => s.ready && !s.failed && !s.closed).length;
    const arrivals = streams.map((s) => s.next('donation').arrived);
    const sentAt = performance.now();
    await call(base, donor, 'POST', '/api/donations', donationBody(`Live step ${step}`));
    const times = (await Promise.all(arrivals)).filter((t): t is number => t !== null);
    const fanOut = times.map((t) => t - sentAt);
    const row = await health(base);
    const rss = serverRssMb(base);
    const p99Ratio = baseline.p99 > 0 ? row.p99 / baseline.p99 : NaN;
    const problems: string[] = [];
    if (openOk < step) problems.push(`${step - openOk} streams failed to open`);
    if (times.length < step) problems.push(`${step - times.length} streams missed the event`);
    if (row.errors || row.non2xx) problems.push(`health errors ${row.errors + row.non2xx}`);
    if (p99Ratio > P99_FACTOR) problems.push(`health p99 ${p99Ratio.toFixed(1)}× baseline`);
    const failedReasons = [...new Set(streams.filter((s) => s.failed).map((s) => s.failed))];
    if (failedReasons.length) problems.push(`(${failedReasons.slice(0, 3).join('; ')})`);
    const verdict = problems.length ? `stop: ${problems.join(', ')}` : 'ok';
    console.log(
      `${openOk}/${step} open in ${openSeconds.toFixed(1)} s, event to ${times.length}, ` +
        `fan-out last ${ms(Math.max(...fanOut))} ms, health p99 ${row.p99} ms: ${verdict}`,
    );
    lines.push(
      `| ${step} | ${openOk} | ${times.length} | ${ms(Math.min(...fanOut))} / ${ms(percentile(fanOut, 50))} / ${ms(Math.max(...fanOut))} | ${Math.round(row.requestsPerSecond)} (${(row.requestsPerSecond / baseline.requestsPerSecond).toFixed(3)}) | ${row.p50} | ${row.p99} (${p99Ratio.toFixed(1)}) | ${ms(rss)} | ${verdict} |`,
    );
    if (problems.length) {
      stoppedBy = `stopped at ${step} streams: ${problems.join(', ')}`;
      break;
    }
    held = step;
  }
  lines.push(
    '',
    `Result: one instance held **${held}** streams with every check passing; ${stoppedBy}.`,
    '',
  );
  for (const s of streams) s.close();
  streams.length = 0;
  await new Promise((r) => setTimeout(r, 1000));

  // ---- (b) delivery latency ------------------------------------------------------------------
  const filler = Math.max(0, Math.min(LATENCY_STREAMS, held || STEPS[0]!) - 1);
  const donors = await Promise.all(Array.from({ length: USERS }, () => signUp(base, 'restaurant')));
  const watched = await signUp(base, 'restaurant');
  const requester = await signUp(base, 'foodbank');
  const writer = await signUp(base, 'restaurant');
  // Filler streams are donors: the background donations do not reach them, so the load is the
  // writes themselves (and the feed fan-out was measured in (a)).
  await openStreams(base, donors, filler, streams);
  const watchedStream = new Stream(watched);
  await watchedStream.open(base);
  streams.push(watchedStream);
  const openOk = streams.filter((s) => s.ready && !s.failed).length;
  console.log(`latency: ${openOk}/${filler + 1} streams open`);

  async function postDonations(label: string) {
    const donations: string[] = [];
    for (let i = 0; i < ACTIONS; i++) {
      const { donation } = await call(
        base,
        watched,
        'POST',
        '/api/donations',
        donationBody(`Live latency ${label} ${i}`),
      );
      donations.push(donation!.id);
    }
    return donations;
  }

  async function deliveryRound(donations: string[]) {
    const delivery: number[] = [];
    const response: number[] = [];
    const afterResponse: number[] = [];
    let missed = 0;
    let refused = 0;
    for (const id of donations) {
      const arrival = watchedStream.next('notification');
      const sentAt = performance.now();
      const answer = await send(base, requester, 'POST', `/api/donations/${id}/requests`, {});
      await answer.arrayBuffer();
      const respondedAt = performance.now();
      response.push(respondedAt - sentAt);
      if (!answer.ok) {
        // Refused (e.g. 503 when the database pool is saturated): nothing to deliver. A pause
        // lets any stray event pass before the next action starts waiting.
        refused += 1;
        arrival.cancel();
        await new Promise((r) => setTimeout(r, 500));
        continue;
      }
      const at = await arrival.arrived;
      if (at === null) missed += 1;
      else {
        delivery.push(at - sentAt);
        afterResponse.push(at - respondedAt);
      }
    }
    return { delivery, response, afterResponse, missed, refused };
  }

  // Every donation is posted before any load, so the load cannot refuse the setup.
  const quietDonations = await postDonations('quiet');
  const busyDonations = await postDonations('busy');
  const quiet = await deliveryRound(quietDonations);
  const healthQuiet = await health(base);
  console.log(`delivery without load: p50 ${ms(percentile(quiet.delivery, 50))} ms`);

  // Background writes: donations posted as fast as WRITE_CONNECTIONS connections allow.
  let loadDone!: (result: autocannon.Result) => void;
  const loadResult$ = new Promise<autocannon.Result>((resolve) => (loadDone = resolve));
  const load = autocannon(
    {
      url: `${base}/api/donations`,
      method: 'POST',
      connections: WRITE_CONNECTIONS,
      duration: 600,
      headers: {
        'content-type': 'application/json',
        cookie: writer.cookie,
        'x-csrf-token': writer.csrf,
      },
      body: JSON.stringify(donationBody('Background load')),
    },
    (_err, result) => loadDone(result),
  );
  await new Promise((r) => setTimeout(r, 2000));
  const busy = await deliveryRound(busyDonations);
  const healthBusy = await health(base);
  load.stop();
  const loadResult = await loadResult$;
  console.log(`delivery under load: p50 ${ms(percentile(busy.delivery, 50))} ms`);

  const deliveryRow = (label: string, r: typeof quiet, h: Row) =>
    `| ${label} | ${r.delivery.length} | ${r.refused} | ${r.missed} | ${ms(percentile(r.delivery, 50))} | ${ms(percentile(r.delivery, 99))} | ${ms(Math.max(...r.delivery))} | ${ms(percentile(r.response, 50))} | ${ms(percentile(r.response, 99))} | ${ms(percentile(r.afterResponse, 50))} / ${ms(percentile(r.afterResponse, 99))} | ${h.p50} / ${h.p99} | ${h.p50 > 0 ? (percentile(r.delivery, 50) / h.p50).toFixed(1) : 'n/a'} |`;
  lines.push(
    '## (b) Notification delivery latency',
    '',
    `${openOk} streams open (${filler} other donors plus the watched donor). ${ACTIONS} times ` +
      'per row, one after another: a food bank requests a donation of the watched donor ' +
      '(`POST /api/donations/:id/requests`); delivery is the time from sending that request to ' +
      "the `notification` event arriving on the donor's stream (the action commits, NOTIFY " +
      'reaches the listener, the event is written to the stream). "Under write load": ' +
      `autocannon posts donations (\`POST /api/donations\`) with ${WRITE_CONNECTIONS} ` +
      `connections the whole time (${Math.round(loadResult.requests.average)} writes/s, ` +
      `${loadResult.non2xx + loadResult.errors} failed). Health p50/p99 measured right after ` +
      'each row under the same conditions. "Event after response": from the action\'s HTTP ' +
      'response to the event (negative when the event overtook the response). "Action refused": ' +
      'the request answered with an error (e.g. 503 when the server sheds load); nothing to deliver.',
    '',
    '| condition | delivered | action refused | missed | delivery p50 ms | p99 ms | max ms | action response p50 ms | p99 ms | event after response p50 / p99 ms | health p50 / p99 ms | delivery p50 ÷ health p50 |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---:|',
    deliveryRow('no other load', quiet, healthQuiet),
    deliveryRow(`under write load (${WRITE_CONNECTIONS} connections)`, busy, healthBusy),
    '',
  );
} finally {
  for (const s of streams) s.close();
  await server.stop();
}

const report = lines.join('\n');
console.log(`\n${report}`);
const file = writeReport(`live-${server.engine}`, report);
console.log(`report written to ${path.relative(process.cwd(), file)}`);
