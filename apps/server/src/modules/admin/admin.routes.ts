import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminEventListSchema,
  adminEventsQuerySchema,
  adminSmsSchema,
  adminUserFlagsInputSchema,
  adminUserPageSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  idParamsSchema,
} from '@annasetu/domain';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { AppError, invalidField } from '../../lib/errors.js';
import { currentUser, requireAllowed } from '../../plugins/policy.js';
import { deleteUserSessions } from '../auth/sessions.queries.js';
import { appendEvent, logPrivateReads } from '../events/events.queries.js';
import { smsBudgetLeft } from '../sms/sms-budget.js';
import { outboxSummarySince } from '../outbox/outbox.queries.js';
import { mayVerifyFssai } from '../users/fssai.policy.js';
import { findUserById } from '../users/users.queries.js';
import { presentUser } from '../users/users.presenter.js';
import { can, isPrivateRead, mayUseConsole } from './admin.policy.js';
import { recentEvents, searchUsers, setUserFlags } from './admin.queries.js';

/**
 * The admin console: find users, verify them (a badge across the app), suspend and restore them
 * (a suspended user's sessions end and sign-in is refused), and read the event log. Every admin
 * action is itself logged; and see what text messages cost. Admin only.
 */
const adminRoutes: FastifyPluginAsyncZod<{ smsDailyBudget: number }> = async (app, options) => {
  const consoleOnly = requireAllowed(mayUseConsole);

  app.get(
    '/users',
    {
      preValidation: consoleOnly,
      schema: {
        tags: ['admin'],
        summary: 'Users by role and search text, newest first',
        querystring: adminUsersQuerySchema,
        response: {
          200: adminUserPageSchema,
        },
      },
    },
    async (request) => {
      const { role, search, limit, cursor } = request.query;
      const after = cursor
        ? (decodeCursor(cursor, ['string', 'string'] as const) as [string, string])
        : undefined;
      const rows = await searchUsers(app.database.db, {
        role,
        search: search || undefined,
        limit: limit + 1,
        after,
      });
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      const admin = currentUser(request);
      await logPrivateReads(
        app.database.db,
        admin.id,
        'user',
        items.filter((u) => isPrivateRead(admin, u)).map((u) => u.id),
      );
      return {
        items: items.map((u) => ({
          ...presentUser(u),
          suspendedAt: u.suspendedAt?.toISOString() ?? null,
        })),
        nextCursor:
          rows.length > limit && last
            ? encodeCursor([last.createdAt.toISOString(), last.id])
            : null,
      };
    },
  );

  app.patch(
    '/users/:id',
    {
      preValidation: consoleOnly,
      schema: {
        tags: ['admin'],
        summary: 'Verify or unverify, suspend or restore a user',
        params: idParamsSchema,
        body: adminUserFlagsInputSchema,
        response: { 200: z.object({ user: adminUserSchema }) },
      },
    },
    async (request) => {
      const admin = currentUser(request);
      const { isVerified, suspended, fssaiVerified } = request.body;
      if (isVerified === undefined && suspended === undefined && fssaiVerified === undefined)
        throw new AppError('NOTHING_TO_UPDATE');
      if (!can(admin, 'updateUser', { userId: request.params.id, suspend: suspended }))
        throw new AppError('FORBIDDEN');
      const user = await app.database.db.transaction(async (tx) => {
        if (fssaiVerified) {
          // Only a number on file can be checked.
          const target = await findUserById(tx, request.params.id);
          if (!target) throw new AppError('NOT_FOUND');
          if (!mayVerifyFssai(target)) throw invalidField('fssaiVerified', 'FSSAI_NUMBER_MISSING');
        }
        const updated = await setUserFlags(tx, request.params.id, {
          ...(isVerified !== undefined ? { isVerified } : {}),
          ...(fssaiVerified !== undefined
            ? {
                fssaiVerifiedAt: fssaiVerified ? new Date() : null,
                fssaiVerifiedBy: fssaiVerified ? admin.id : null,
              }
            : {}),
          ...(suspended !== undefined ? { suspendedAt: suspended ? new Date() : null } : {}),
        });
        if (!updated) throw new AppError('NOT_FOUND');
        if (suspended) await deleteUserSessions(tx, updated.id);
        await appendEvent(tx, {
          entityType: 'user',
          entityId: updated.id,
          action: 'admin.user_updated',
          actorId: admin.id,
          data: request.body,
        });
        return updated;
      });
      return {
        user: { ...presentUser(user), suspendedAt: user.suspendedAt?.toISOString() ?? null },
      };
    },
  );

  app.get(
    '/events',
    {
      preValidation: consoleOnly,
      schema: {
        tags: ['admin'],
        summary: 'Recent state changes from the event log, newest first',
        querystring: adminEventsQuerySchema,
        response: {
          200: adminEventListSchema,
        },
      },
    },
    async (request) => {
      const rows = await recentEvents(app.database.db, {
        entityType: request.query.entityType,
        limit: request.query.limit,
        beforeId: request.query.before,
      });
      return { items: rows.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })) };
    },
  );

  app.get(
    '/sms',
    {
      preValidation: consoleOnly,
      schema: {
        tags: ['admin'],
        summary:
          'Text messages of the last 24 hours (sent, delivered, failed, parts) and the budget left',
        response: { 200: adminSmsSchema },
      },
    },
    async () => {
      const since = new Date(Date.now() - 24 * 3600_000);
      const summary = await outboxSummarySince(app.database.db, since);
      const whatsapp = await outboxSummarySince(app.database.db, since, 'whatsapp');
      return {
        on: app.sms !== null,
        dailyBudget: options.smsDailyBudget,
        budgetLeft: await smsBudgetLeft(app.counters, options.smsDailyBudget),
        ...summary,
        whatsapp: {
          on: app.whatsapp !== null,
          total: whatsapp.total,
          byKind: { alert: whatsapp.byKind.alert, reply: whatsapp.byKind.reply },
        },
      };
    },
  );
};

export default adminRoutes;
