import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireSignedIn } from '../../plugins/policy.js';
import { getFeed, renderFeed, resetFeed, revokeFeed } from './calendar.service.js';
import { mediaAnswer } from '../../lib/openapi.js';

const feedSchema = z.object({ url: z.string(), webcal: z.string() });

/**
 * Calendar feeds: each user manages one secret address; the address itself is the only
 * credential of the read-only feed (calendar apps send no cookies).
 */
const calendarRoutes: FastifyPluginAsyncZod<{ baseUrl: string }> = async (app, options) => {
  app.get(
    '',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['calendar'],
        summary: "The user's calendar feed address, or null when there is none",
        response: { 200: z.object({ feed: feedSchema.nullable() }) },
      },
    },
    async (request) => ({
      feed: await getFeed(app.database, currentUser(request), options.baseUrl),
    }),
  );

  app.post(
    '',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['calendar'],
        summary: 'Make a new secret feed address (an older one stops working)',
        response: { 200: z.object({ feed: feedSchema }) },
      },
    },
    async (request) => ({
      feed: await resetFeed(app.database, currentUser(request), options.baseUrl),
    }),
  );

  app.delete(
    '',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['calendar'],
        summary: 'Revoke the calendar feed',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await revokeFeed(app.database, currentUser(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:file',
    {
      config: { access: 'public' },
      schema: {
        tags: ['calendar'],
        summary: 'The iCalendar feed (the secret address; no session)',
        params: z.strictObject({ file: z.string().max(80) }),
        response: { 200: mediaAnswer('text/calendar', 'The iCalendar feed') },
      },
    },
    async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, '');
      const body = await renderFeed(app.database, token, options.baseUrl);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="annasetu.ics"')
        .send(body);
    },
  );
};

export default calendarRoutes;
