/*
 * Prepared statements, named and prepared once per database handle: the hot feed queries skip
 * planning and parsing on every request (decision 0042). Works on node-postgres and PGlite.
 */
import { sql, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/** Values of a feed statement: numbers, or placeholders of a prepared statement. */
export type Value = number | Placeholder;

/** The same keys, each a placeholder of its own name. */
export function placeholders<K extends string>(values: Record<K, number>): Record<K, Value> {
  return Object.fromEntries(
    Object.keys(values).map((key) => [key, sql.placeholder(key)]),
  ) as Record<K, Value>;
}

const statements = new WeakMap<DbOrTx, Map<string, unknown>>();

/** The statement `name` on `db`, prepared on first use (one shape per name). */
export function preparedStatement<T>(db: DbOrTx, name: string, prepare: () => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  if (!byName.has(name)) byName.set(name, prepare());
  return byName.get(name) as T;
}
