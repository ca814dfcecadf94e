import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Append-only log of state changes: who did what to which entity, from which state to which.
 * A trigger (migration 0001) refuses UPDATE and DELETE, so history cannot be rewritten.
 */
export const events = pgTable(
  'events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    actorId: uuid('actor_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_entity_idx').on(t.entityType, t.entityId, t.createdAt),
    index('events_created_idx').on(t.createdAt),
    index('events_actor_idx').on(t.actorId, t.createdAt),
  ],
);

export type EventRow = typeof events.$inferSelect;
