import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { Database } from '../db/client.js';
import { LIVE_CHANNEL, type LiveEvent } from '../lib/live.js';
import { liveSessionExpiries } from '../modules/auth/sessions.queries.js';

/** How often open streams are checked for an expired session. */
const EXPIRY_SWEEP_MS = 500;

/** A connected event stream: one browser tab of one user. */
export interface LiveSubscriber {
  userId: string;
  /** The session's key in `session` events (streamKeyOf). */
  streamKey: string;
  /** The session it was opened with (its id in the sessions table). */
  sessionId: string;
  /**
   * When that session expires, as last read: an idle session's expiry slides forward with the
   * user's other requests, so a passed time is checked again before the stream is closed.
   */
  expiresAt: Date;
  /** The client address it came from (for the per-address cap). */
  address: string;
  /** Whether the user sees an available-donations feed (feed-wide events reach them). */
  seesFeed: boolean;
  send(event: LiveEvent): void;
  /** Ends the stream (server shutting down, or its session ended). */
  close(): void;
}

/**
 * Fans live events out to this instance's streams. Every instance LISTENs on the channel, so a
 * change committed through instance A reaches a browser connected to instance B. Recent events
 * are kept so a stream that reconnects with Last-Event-ID misses nothing.
 */
export class LiveHub {
  private readonly subscribers = new Set<LiveSubscriber>();
  private readonly listeners: Array<(event: LiveEvent) => void> = [];
  private readonly recent: LiveEvent[] = [];
  private lastId = 0;
  static readonly RECENT_LIMIT = 2000;

  get size(): number {
    return this.subscribers.size;
  }

  /** The id of the newest event seen (streams start from here). */
  get latestId(): number {
    return this.lastId;
  }

  /** Open streams of one user and from one address on this instance. */
  countOf(userId: string, address: string): { user: number; address: number } {
    let user = 0;
    let fromAddress = 0;
    for (const s of this.subscribers) {
      if (s.userId === userId) user += 1;
      if (s.address === address) fromAddress += 1;
    }
    return { user, address: fromAddress };
  }

  /**
   * Closes the streams whose session has expired (idle or too old). Only streams whose known
   * expiry has passed are looked up, with one query; a session slid forward meanwhile keeps its
   * stream and the new expiry is remembered.
   */
  async closeExpired(
    lookup: (sessionIds: string[]) => Promise<Map<string, Date>>,
    now = Date.now(),
  ): Promise<number> {
    const due = [...this.subscribers].filter((s) => s.expiresAt.getTime() <= now);
    if (due.length === 0) return 0;
    const live = await lookup([...new Set(due.map((s) => s.sessionId))]);
    let closed = 0;
    for (const subscriber of due) {
      const expiresAt = live.get(subscriber.sessionId);
      if (expiresAt && expiresAt.getTime() > now) {
        subscriber.expiresAt = expiresAt;
      } else if (this.subscribers.delete(subscriber)) {
        subscriber.close();
        closed += 1;
      }
    }
    return closed;
  }

  subscribe(subscriber: LiveSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Events after `afterId` for this subscriber, or null when they are no longer all kept. */
  /** Ends every stream, so a shutting-down server does not wait on them. */
  closeAll(): void {
    for (const subscriber of [...this.subscribers]) subscriber.close();
    this.subscribers.clear();
  }

  replay(
    subscriber: Pick<LiveSubscriber, 'userId' | 'seesFeed'>,
    afterId: number,
  ): LiveEvent[] | null {
    const oldest = this.recent[0]?.id;
    if (afterId < this.lastId && oldest !== undefined && afterId < oldest - 1) return null;
    return this.recent.filter((e) => e.id > afterId && reaches(e, subscriber));
  }

  /** Server-side reactions to committed changes (e.g. the push dispatcher). */
  onEvent(listener: (event: LiveEvent) => void): void {
    this.listeners.push(listener);
  }

  dispatch(event: LiveEvent): void {
    if (event.kind === 'session') {
      this.endStreams(event);
      return;
    }
    for (const listener of this.listeners) listener(event);
    if (event.id > this.lastId) this.lastId = event.id;
    this.recent.push(event);
    if (this.recent.length > LiveHub.RECENT_LIMIT)
      this.recent.splice(0, this.recent.length - LiveHub.RECENT_LIMIT);
    for (const subscriber of this.subscribers) {
      if (reaches(event, subscriber)) subscriber.send(event);
    }
  }

  // A session ended somewhere: its streams (or all of its user's) close here too.
  private endStreams(event: LiveEvent): void {
    const key = event.data?.stream;
    for (const subscriber of [...this.subscribers]) {
      if ((key && subscriber.streamKey === key) || event.userIds?.includes(subscriber.userId)) {
        this.subscribers.delete(subscriber);
        subscriber.close();
      }
    }
  }
}

function reaches(
  event: LiveEvent,
  subscriber: Pick<LiveSubscriber, 'userId' | 'seesFeed'>,
): boolean {
  if (event.userIds?.includes(subscriber.userId)) return true;
  return event.audience === 'feed' && subscriber.seesFeed;
}

function parse(payload: string, logger: FastifyBaseLogger): LiveEvent | undefined {
  try {
    const { id, event } = JSON.parse(payload) as {
      id: number | string;
      event: Omit<LiveEvent, 'id'>;
    };
    return { ...event, id: Number(id) };
  } catch (err) {
    logger.warn({ err }, 'unreadable live event');
    return undefined;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
  }
}

/**
 * Starts listening. PGlite delivers NOTIFY in-process. On PostgreSQL a dedicated connection
 * LISTENs and reconnects with backoff when the server goes away.
 */
export default fp(
  async (app, options: { database: Database }) => {
    const hub = new LiveHub();
    app.decorate('live', hub);
    // Streams of sessions that expire (12 idle hours, or a remembered session's 30 days) close
    // within a second, as ended ones do through `session` events.
    let sweeping = false;
    const sweep = setInterval(() => {
      if (sweeping) return;
      sweeping = true;
      hub
        .closeExpired((ids) => liveSessionExpiries(options.database.db, ids))
        .then((closed) => {
          if (closed > 0) app.log.info({ closed }, 'event streams of expired sessions closed');
        })
        .catch((err: unknown) => app.log.warn({ err }, 'could not check event stream sessions'))
        .finally(() => {
          sweeping = false;
        });
    }, EXPIRY_SWEEP_MS);
    sweep.unref();
    app.addHook('preClose', async () => {
      clearInterval(sweep);
      hub.closeAll();
    });
    const onPayload = (payload: string) => {
      const event = parse(payload, app.log);
      if (event) hub.dispatch(event);
    };

    if (options.database.kind === 'pglite') {
      const unlisten = await options.database.pglite!.listen(LIVE_CHANNEL, onPayload);
      app.addHook('onClose', async () => {
        await unlisten().catch(() => undefined);
      });
      return;
    }

    // Its own connection, not a pool client: a LISTEN lasts as long as the server does.
    const url = options.database.url!;
    let client: pg.Client | undefined;
    let closed = false;
    let retryMs = 500;
    const connect = async (): Promise<void> => {
      if (closed) return;
      try {
        client = new pg.Client({ connectionString: url, application_name: 'annasetu-live' });
        await client.connect();
        client.on('notification', (message) => {
          if (message.channel === LIVE_CHANNEL && message.payload) onPayload(message.payload);
        });
        client.on('error', (err) => {
          app.log.warn({ err }, 'live event connection lost; reconnecting');
          void client?.end().catch(() => undefined);
          client = undefined;
          setTimeout(() => void connect(), retryMs).unref();
        });
        await client.query(`LISTEN ${LIVE_CHANNEL}`);
        retryMs = 500;
      } catch (err) {
        void client?.end().catch(() => undefined);
        client = undefined;
        retryMs = Math.min(retryMs * 2, 15_000);
        app.log.warn({ err, retryMs }, 'could not listen for live events; retrying');
        setTimeout(() => void connect(), retryMs).unref();
      }
    };
    await connect();
    app.addHook('onClose', async () => {
      closed = true;
      if (client) {
        await client.end().catch(() => undefined);
      }
    });
  },
  { name: 'live', dependencies: ['database'] },
);
