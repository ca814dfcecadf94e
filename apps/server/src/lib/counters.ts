import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.js';

/** A fixed-window counter: rate limits and sign-in failure counts. */
export interface CounterStore {
  /** Adds one to `key` and returns the count in the current window. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  /** The count in the current window without adding to it. */
  peek(key: string): Promise<number>;
  /** Takes one back from `key` in its current window (never below zero). */
  decrement(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** In-process counters: right for one process (the embedded database runs in one). */
export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = Date.now();

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    this.sweep(now);
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      const fresh = { count: 1, resetAt: now + windowMs };
      this.windows.set(key, fresh);
      return { ...fresh };
    }
    current.count += 1;
    return { ...current };
  }

  async peek(key: string) {
    const current = this.windows.get(key);
    return current && current.resetAt > Date.now() ? current.count : 0;
  }

  async decrement(key: string) {
    const current = this.windows.get(key);
    if (current && current.resetAt > Date.now() && current.count > 0) current.count -= 1;
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  // Expired windows are dropped once a minute so the map cannot grow without bound.
  private sweep(now: number) {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, value] of this.windows) if (value.resetAt <= now) this.windows.delete(key);
  }
}

/** Counters in PostgreSQL, shared by every app instance: one atomic upsert per hit. */
export class PostgresCounterStore implements CounterStore {
  constructor(private readonly db: Db) {}

  async hit(key: string, windowMs: number) {
    const rows = rowsOf<{ count: number; reset_at: Date | string }>(
      await this.db.execute(sql`
      insert into rate_limits (key, count, reset_at)
      values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
        reset_at = case when rate_limits.reset_at <= now()
          then now() + ${windowMs} * interval '1 millisecond' else rate_limits.reset_at end
      returning count, reset_at`),
    );
    const row = rows[0]!;
    return { count: Number(row.count), resetAt: new Date(row.reset_at).getTime() };
  }

  async peek(key: string) {
    const [row] = rowsOf<{ count: number }>(
      await this.db.execute(
        sql`select count from rate_limits where key = ${key} and reset_at > now()`,
      ),
    );
    return row ? Number(row.count) : 0;
  }

  async decrement(key: string) {
    await this.db.execute(
      sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key} and reset_at > now()`,
    );
  }

  async reset(key: string) {
    await this.db.execute(sql`delete from rate_limits where key = ${key}`);
  }

  /** Removes expired windows; called by the periodic cleanup. */
  async sweep() {
    await this.db.execute(sql`delete from rate_limits where reset_at <= now()`);
  }
}

/** Adapts a CounterStore to @fastify/rate-limit's store interface. */
export function rateLimitStoreFor(counters: CounterStore) {
  return class CounterRateLimitStore {
    // The plugin constructs the store with its options; routes get children with their prefix.
    constructor(
      _options?: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      counters.hit(this.prefix + key, timeWindow).then(
        ({ count, resetAt }) =>
          callback(null, { current: count, ttl: Math.max(0, resetAt - Date.now()) }),
        (error: Error) => callback(error),
      );
    }

    // @fastify/rate-limit passes the route's merged limit settings, the route under `routeInfo`
    // (or a `groupId` shared by several routes): each route counts in its own window. (Its type
    // declarations describe the route options themselves, which is not what arrives.)
    child(params: object) {
      const { routeInfo, groupId } = params as {
        routeInfo?: { method?: string | string[]; url?: string };
        groupId?: string;
      };
      const scope = groupId ?? `${String(routeInfo?.method)}:${routeInfo?.url}`;
      return new CounterRateLimitStore(undefined, `rl:${scope}:`);
    }
  };
}
