import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import { smsBudgetLeft } from '../modules/sms/sms-budget.js';
import { outboxCountsByChannel, outboxSummarySince } from '../modules/outbox/outbox.queries.js';
import type { ShedReason } from './overload.js';

/** Background jobs whose runs are counted. */
export type JobName = 'expiry' | 'push' | 'series' | 'coverage' | 'no_shows';

/** What the rest of the app reports to the metrics. */
export interface Metrics {
  readonly registry: Registry;
  /** One run of a background job finished, successfully or not. */
  jobRan(job: JobName, ok: boolean): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameSecret(given: string, expected: string): boolean {
  // Equal-length digests: the comparison takes the same time whatever was sent.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Who may read /metrics. With METRICS_TOKEN set: whoever sends it as a bearer token (401
 * otherwise). Without: only a direct connection from this machine; a request that came through
 * a proxy (it carries X-Forwarded-For or Forwarded) is refused even from loopback, since the
 * proxy would otherwise publish the metrics to everyone. Refusals answer 404, hiding the route.
 */
function authorize(request: FastifyRequest, token: string | undefined): void {
  if (token) {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (!given || !sameSecret(given, token)) throw new AppError('UNAUTHENTICATED');
    return;
  }
  const proxied =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (proxied || !LOOPBACK.has(request.socket.remoteAddress ?? '')) {
    throw new AppError('NOT_FOUND');
  }
}

/**
 * Prometheus metrics at GET /metrics: HTTP requests by route pattern (never the raw URL, so ids
 * do not multiply the series), open event streams, database connections, API requests in
 * flight and shed, background job runs, and the process defaults (CPU, memory, event loop, GC).
 * Each app has its own registry, so several apps in one process (tests) do not mix counts.
 */
export default fp(
  async (
    app,
    options: { database: Database; token: string | undefined; smsDailyBudget: number },
  ) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const registers = [registry];

    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers,
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by route pattern, method and status',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    app.addHook('onResponse', async (request, reply) => {
      const labels = {
        method: request.method,
        // Unmatched URLs (404s, the web app's fallback) share one label: scanners cannot
        // create series.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
    });

    new Gauge({
      name: 'annasetu_event_streams',
      help: 'Open live event streams (GET /api/events) on this instance',
      registers,
      collect() {
        this.set(app.hasDecorator('live') ? app.live.size : 0);
      },
    });
    new Gauge({
      name: 'annasetu_db_connections',
      help: 'Database connections by state: total, idle, and callers waiting for one (PGlite: its one connection)',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const { total, idle, waiting } = options.database.connections();
        this.set({ state: 'total' }, total);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });

    if (app.hasDecorator('overload')) {
      const view = () => app.overload;
      new Gauge({
        name: 'annasetu_http_in_flight',
        help: 'API requests being handled now (the load-shedding cap counts these)',
        registers,
        collect() {
          this.set(view().inFlight);
        },
      });
      const seen: Record<ShedReason, number> = { in_flight: 0, database: 0, storage: 0 };
      new Counter({
        name: 'annasetu_requests_shed_total',
        help: 'Requests answered 503 instead of waiting: in_flight (cap reached), database (no connection or statement in time), storage (disk full or read-only)',
        labelNames: ['reason'] as const,
        registers,
        collect() {
          const { shed } = view();
          for (const reason of Object.keys(seen) as ShedReason[]) {
            this.inc({ reason }, shed[reason] - seen[reason]);
            seen[reason] = shed[reason];
          }
        },
      });
    }

    if (app.hasDecorator('clientLimits')) {
      const limits = () => app.clientLimits;
      const seenRefused = { connection: 0, body_budget: 0, slow_body: 0 };
      new Counter({
        name: 'annasetu_clients_refused_total',
        help: 'Slow or greedy clients turned away: connection (too many open from one address), body_budget (too many bodies arriving from one address), slow_body (body cut for being too slow)',
        labelNames: ['reason'] as const,
        registers,
        collect() {
          const now = {
            connection: limits().connectionsRefused,
            body_budget: limits().bodiesRefused,
            slow_body: limits().bodiesCut,
          };
          for (const reason of Object.keys(seenRefused) as Array<keyof typeof now>) {
            this.inc({ reason }, now[reason] - seenRefused[reason]);
            seenRefused[reason] = now[reason];
          }
        },
      });
    }

    // Text messages cost money: what the outbox did in the last 24 hours and the budget left,
    // read from the database at each scrape (the same on every instance). Zero without an SMSC.
    const smsOn = () => app.hasDecorator('sms') && app.sms !== null;
    const smsDay = async () =>
      outboxSummarySince(options.database.db, new Date(Date.now() - 24 * 3600_000));
    new Gauge({
      name: 'annasetu_sms_messages_24h',
      help: 'Text messages queued in the last 24 hours, by kind (otp, alert, reply) and what became of them (waiting, sent, delivered, failed)',
      labelNames: ['kind', 'status'] as const,
      registers,
      async collect() {
        if (!smsOn()) return;
        const { byKind } = await smsDay();
        for (const [kind, counts] of Object.entries(byKind)) {
          for (const status of ['waiting', 'sent', 'delivered', 'failed'] as const) {
            this.set({ kind, status }, counts[status]);
          }
        }
      },
    });
    // WhatsApp messages the same way (the Cloud API bills conversations, not parts).
    const whatsappOn = () => app.hasDecorator('whatsapp') && app.whatsapp !== null;
    new Gauge({
      name: 'annasetu_whatsapp_messages_24h',
      help: 'WhatsApp messages queued in the last 24 hours, by kind (alert, reply) and what became of them (waiting, sent, delivered, failed)',
      labelNames: ['kind', 'status'] as const,
      registers,
      async collect() {
        if (!whatsappOn()) return;
        const { byKind } = await outboxSummarySince(
          options.database.db,
          new Date(Date.now() - 24 * 3600_000),
          'whatsapp',
        );
        for (const kind of ['alert', 'reply'] as const) {
          for (const status of ['waiting', 'sent', 'delivered', 'failed'] as const) {
            this.set({ kind, status }, byKind[kind][status]);
          }
        }
      },
    });
    // Every channel of the one outbox (decision 0070): what waits, what went, what was given up.
    new Gauge({
      name: 'annasetu_outbox_messages_24h',
      help: 'Messages queued in the last 24 hours on each channel (sms, whatsapp, push, email), by what became of them (waiting, sent, delivered, failed)',
      labelNames: ['channel', 'status'] as const,
      registers,
      async collect() {
        // A database too busy to answer within a second leaves the gauge out of this scrape:
        // /metrics must answer while the database is the trouble (plugins/overload.ts).
        const counts = await Promise.race([
          outboxCountsByChannel(options.database.db, new Date(Date.now() - 24 * 3600_000)),
          new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 1_000).unref()),
        ]).catch(() => undefined);
        if (!counts) return;
        for (const [channel, byStatus] of Object.entries(counts)) {
          for (const [status, n] of Object.entries(byStatus)) this.set({ channel, status }, n);
        }
      },
    });
    new Gauge({
      name: 'annasetu_sms_segments_24h',
      help: 'Message parts the operator accepted in the last 24 hours (what it bills), by kind',
      labelNames: ['kind'] as const,
      registers,
      async collect() {
        if (!smsOn()) return;
        const { byKind } = await smsDay();
        for (const [kind, counts] of Object.entries(byKind)) this.set({ kind }, counts.segments);
      },
    });
    new Gauge({
      name: 'annasetu_sms_budget_left',
      help: "Text messages the day's budget (SMS_DAILY_BUDGET) still allows",
      registers,
      async collect() {
        if (!smsOn()) return;
        this.set(await smsBudgetLeft(app.counters, options.smsDailyBudget));
      },
    });

    const runs = new Counter({
      name: 'annasetu_job_runs_total',
      help: 'Background job runs (expiry, push dispatch)',
      labelNames: ['job'] as const,
      registers,
    });
    const failures = new Counter({
      name: 'annasetu_job_failures_total',
      help: 'Background job runs that failed',
      labelNames: ['job'] as const,
      registers,
    });
    for (const job of ['expiry', 'push'] as const) {
      // Zero from the start, so a rate() over the series works before the first failure.
      runs.inc({ job }, 0);
      failures.inc({ job }, 0);
    }

    app.decorate('metrics', {
      registry,
      jobRan(job: JobName, ok: boolean) {
        runs.inc({ job });
        if (!ok) failures.inc({ job });
      },
    } satisfies Metrics);

    app.get(
      '/metrics',
      {
        config: { rateLimit: false },
        schema: {
          tags: ['operations'],
          summary:
            'Prometheus metrics (Authorization: Bearer METRICS_TOKEN; without a token, loopback only)',
        },
      },
      async (request, reply) => {
        authorize(request, options.token);
        const body = await registry.metrics();
        return reply.type(registry.contentType).header('cache-control', 'no-store').send(body);
      },
    );
  },
  { name: 'metrics' },
);
