import type { PGlite, Transaction } from '@electric-sql/pglite';

/** A caller waited longer than allowed for the embedded database's one connection. */
export class ConnectionWaitTimeoutError extends Error {
  readonly code = 'DB_WAIT_TIMEOUT';
  constructor(readonly waitedMs: number) {
    super(`waited ${waitedMs} ms for the database connection`);
    this.name = 'ConnectionWaitTimeoutError';
  }
}

/**
 * The embedded database failed in a way this process cannot recover from (a PANIC, e.g. a WAL
 * write on a full disk). Every later call fails at once with this error instead of running.
 */
export class DatabaseBrokenError extends Error {
  readonly code: string;
  constructor(override readonly cause: unknown) {
    super(
      `the embedded database stopped after a fatal error (${(cause as Error)?.message ?? cause}); ` +
        'free disk space or fix the data directory, then restart the server',
    );
    this.name = 'DatabaseBrokenError';
    this.code = String((cause as { code?: unknown })?.code ?? '58000');
  }
}

/** What the metrics and the health check read from the gate. */
export interface ConnectionGate {
  /** Callers waiting for the connection. */
  readonly waiting: number;
  /** Whether someone holds the connection. */
  readonly busy: boolean;
  /** Set once the database can no longer be used in this process. */
  readonly broken: DatabaseBrokenError | undefined;
}

function isFatal(error: unknown): boolean {
  const severity = (error as { severity?: unknown })?.severity;
  return severity === 'PANIC' || severity === 'FATAL';
}

interface Waiter {
  grant(): void;
  fail(error: Error): void;
}

/** One holder at a time, first come first served; a waiter that gives up leaves the queue. */
class Gate implements ConnectionGate {
  private held = false;
  private readonly queue: Waiter[] = [];
  broken: DatabaseBrokenError | undefined;

  constructor(private readonly waitMs: number) {}

  get waiting() {
    return this.queue.length;
  }
  get busy() {
    return this.held;
  }

  private acquire(): Promise<() => void> {
    if (this.broken) return Promise.reject(this.broken);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const next = this.queue.shift();
      if (next) next.grant();
      else this.held = false;
    };
    if (!this.held) {
      this.held = true;
      return Promise.resolve(release);
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve(release);
        },
        fail: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      // The caller gives up and leaves the queue, so its work never runs after it was refused.
      const timer = setTimeout(() => {
        const at = this.queue.indexOf(waiter);
        if (at >= 0) this.queue.splice(at, 1);
        reject(new ConnectionWaitTimeoutError(this.waitMs));
      }, this.waitMs);
      this.queue.push(waiter);
    });
  }

  /** Marks the database unusable and refuses everyone waiting. */
  breakWith(cause: unknown): DatabaseBrokenError {
    this.broken ??= new DatabaseBrokenError(cause);
    for (const waiter of this.queue.splice(0)) waiter.fail(this.broken);
    return this.broken;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } catch (error) {
      if (isFatal(error)) this.breakWith(error);
      throw error;
    } finally {
      release();
    }
  }
}

type Method = (...args: unknown[]) => Promise<unknown>;

/**
 * Puts a bounded wait in front of PGlite's single connection. PGlite queues every caller on its
 * own mutex for as long as it takes; behind this gate a caller that waited `waitMs` gets
 * ConnectionWaitTimeoutError (the server answers 503) and its query never runs. After a PANIC
 * (PostgreSQL's answer to a failed WAL write, e.g. on a full disk) the next query would block
 * the process for good, and a ROLLBACK inside a transaction does too: the gate refuses all later
 * calls and never lets the failed transaction continue to its ROLLBACK. Data committed before
 * stays in the data directory and is recovered on the next start.
 */
export function gatePglite(client: PGlite, waitMs: number): ConnectionGate {
  const gate = new Gate(waitMs);
  const target = client as unknown as Record<'query' | 'exec' | 'transaction', Method>;
  const query = target.query.bind(client);
  const exec = target.exec.bind(client);
  const transaction = client.transaction.bind(client);
  // `sql` calls `query`, and `listen` calls `exec`: both pass through the gate once.
  target.query = (...args) => gate.run(() => query(...args));
  target.exec = (...args) => gate.run(() => exec(...args));
  target.transaction = (...args) => {
    const callback = args[0] as (tx: Transaction) => Promise<unknown>;
    return gate.run(
      () =>
        new Promise((resolve, reject) => {
          const failed = (error: unknown): Promise<never> => {
            reject(gate.breakWith(error));
            return new Promise<never>(() => {});
          };
          transaction((tx) => callback(guardTransaction(tx, failed))).then(resolve, reject);
        }),
    );
  };
  return gate;
}

/** A transaction whose calls hand a fatal error to `failed` instead of to the caller. */
function guardTransaction(tx: Transaction, failed: (error: unknown) => Promise<never>) {
  const guard =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (error) {
        if (isFatal(error)) return failed(error);
        throw error;
      }
    };
  return {
    ...tx,
    query: guard(tx.query.bind(tx)),
    sql: guard(tx.sql.bind(tx)),
    exec: guard(tx.exec.bind(tx)),
    rollback: tx.rollback.bind(tx),
    listen: tx.listen.bind(tx),
    get closed() {
      return tx.closed;
    },
  } as Transaction;
}
