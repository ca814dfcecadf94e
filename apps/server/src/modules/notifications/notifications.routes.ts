import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationSchema,
  unreadCountSchema,
} from '@annasetu/domain';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { AppError } from '../../lib/errors.js';
import { currentUser, requireSignedIn } from '../../plugins/policy.js';
import {
  countUnread,
  deleteNotification,
  listNotifications,
  markAllRead,
  markRead,
} from './notifications.queries.js';
import { ownerScope } from './notifications.policy.js';
import { presentNotification } from './notifications.presenter.js';
import { readPreferences, savePreferences } from './preferences.queries.js';

/** The owner whose rows the request reaches (the notifications policy's scope). */
const ownerOf = (request: Parameters<typeof currentUser>[0]) => ownerScope(currentUser(request));

/** The notification centre: a user only ever reads, marks or deletes their own notifications. */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireSignedIn);

  app.get(
    '/preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: 'My notification preferences: channels turned off per type, quiet hours',
        response: { 200: z.object({ preferences: notificationPreferencesSchema }) },
      },
    },
    async (request) => ({
      preferences: await readPreferences(app.database.db, ownerOf(request)),
    }),
  );

  app.put(
    '/preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Replace my notification preferences',
        body: notificationPreferencesSchema,
        response: { 200: z.object({ preferences: notificationPreferencesSchema }) },
      },
    },
    async (request) => ({
      preferences: await savePreferences(app.database.db, ownerOf(request), request.body),
    }),
  );

  app.get(
    '',
    {
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest first (50 a page), optionally one type or unread only',
        querystring: notificationListQuerySchema,
        response: { 200: notificationPageSchema },
      },
    },
    async (request) => {
      const { type, unreadOnly, limit, cursor } = request.query;
      const after = cursor
        ? (decodeCursor(cursor, ['string', 'string'] as const) as [string, string])
        : undefined;
      const rows = await listNotifications(app.database.db, {
        userId: ownerOf(request),
        type,
        unreadOnly,
        limit: limit + 1,
        after,
      });
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      return {
        items: items.map((row) => presentNotification(row, currentUser(request).language)),
        nextCursor:
          rows.length > limit && last
            ? encodeCursor([last.createdAt.toISOString(), last.id])
            : null,
      };
    },
  );

  app.get(
    '/unread-count',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Unread count for the badges',
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => ({ unread: await countUnread(app.database.db, ownerOf(request)) }),
  );

  app.post(
    '/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark all my notifications read',
        response: { 200: z.object({ updated: z.number().int() }) },
      },
    },
    async (request) => ({ updated: await markAllRead(app.database.db, ownerOf(request)) }),
  );

  app.post(
    '/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark one notification read (readAt set once)',
        params: idParamsSchema,
        response: { 200: z.object({ notification: notificationSchema }) },
      },
    },
    async (request) => {
      const row = await markRead(app.database.db, ownerOf(request), request.params.id);
      if (!row) throw new AppError('NOT_FOUND');
      return { notification: presentNotification(row, currentUser(request).language) };
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Delete one notification',
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      if (!(await deleteNotification(app.database.db, ownerOf(request), request.params.id))) {
        throw new AppError('NOT_FOUND');
      }
      return reply.code(204).send(null);
    },
  );
};

export default notificationRoutes;
