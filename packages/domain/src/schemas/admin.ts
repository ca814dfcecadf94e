import { z } from 'zod';
import { ROLES } from '../constants/roles.js';
import { requiredEnum } from './common.js';
import { userProfileSchema } from './user.js';

/** A user as the admin console lists them: the profile plus when they were suspended. */
export const adminUserSchema = userProfileSchema.extend({ suspendedAt: z.string().nullable() });
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /api/admin/users query: by role, by a search over name, email and organisation. */
export const adminUsersQuerySchema = z.strictObject({
  role: requiredEnum(ROLES).optional(),
  search: z
    .string({ error: 'INVALID_VALUE' })
    .trim()
    .max(100, { error: 'TEXT_TOO_LONG' })
    .optional(),
  limit: z.coerce.number({ error: 'INVALID_VALUE' }).int().min(1).max(100).default(50),
  cursor: z.string().max(512).optional(),
});

/** GET /api/admin/users: one page of users. */
export const adminUserPageSchema = z.object({
  items: z.array(adminUserSchema),
  nextCursor: z.string().nullable(),
});

/**
 * PATCH /api/admin/users/:id: verify or suspend (and restore) an account, or mark its FSSAI number
 * checked (or not).
 */
export const adminUserFlagsInputSchema = z.strictObject({
  isVerified: z.boolean({ error: 'INVALID_VALUE' }).optional(),
  fssaiVerified: z.boolean({ error: 'INVALID_VALUE' }).optional(),
  suspended: z.boolean({ error: 'INVALID_VALUE' }).optional(),
});

/** What the event log records changes of. */
export const EVENT_ENTITY_TYPES = ['user', 'donation', 'request', 'collection', 'session'] as const;

/** GET /api/admin/events query. */
export const adminEventsQuerySchema = z.strictObject({
  entityType: requiredEnum(EVENT_ENTITY_TYPES).optional(),
  limit: z.coerce.number({ error: 'INVALID_VALUE' }).int().min(1).max(200).default(50),
  before: z.coerce.number({ error: 'INVALID_VALUE' }).int().positive().optional(),
});

/** One entry of the event log. */
export const adminEventSchema = z.object({
  id: z.number(),
  entityType: z.string(),
  entityId: z.string(),
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  actorId: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AdminEvent = z.infer<typeof adminEventSchema>;

/** GET /api/admin/events: the newest entries. */
export const adminEventListSchema = z.object({ items: z.array(adminEventSchema) });

/** Text messages of one kind in the last 24 hours, by what became of them. */
const smsCountsSchema = z.object({
  /** Messages (a long one counts once) and the parts they took: what the operator bills. */
  messages: z.number().int(),
  segments: z.number().int(),
  /** Waiting to go (or trying again), accepted by the operator, on the phone, given up. */
  waiting: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
});

/**
 * GET /api/admin/sms: what SMS cost and how it went in the last 24 hours, per kind (one-time
 * codes, alerts, answers to replies), and the day's budget left. `on` is false without an SMSC.
 * `whatsapp`: the same for WhatsApp messages (alerts and answers; no budget, no parts), `on`
 * false without the Cloud API.
 */
export const adminSmsSchema = z.object({
  on: z.boolean(),
  dailyBudget: z.number().int(),
  budgetLeft: z.number().int(),
  total: smsCountsSchema,
  byKind: z.object({ otp: smsCountsSchema, alert: smsCountsSchema, reply: smsCountsSchema }),
  whatsapp: z.object({
    on: z.boolean(),
    total: smsCountsSchema,
    byKind: z.object({ alert: smsCountsSchema, reply: smsCountsSchema }),
  }),
});
export type AdminSms = z.infer<typeof adminSmsSchema>;
