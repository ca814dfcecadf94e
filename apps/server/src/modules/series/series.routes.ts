import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createSeriesInputSchema,
  idParamsSchema,
  seriesSchema,
  skipOccurrenceInputSchema,
  updateSeriesInputSchema,
} from '@annasetu/domain';
import { currentUser, requireAllowed } from '../../plugins/policy.js';
import { mayAttempt, type SeriesAction } from './series.policy.js';
import {
  createSeries,
  endSeries,
  keepSeries,
  listSeries,
  skipOccurrence,
  updateSeries,
} from './series.service.js';

/** Recurring donations: a donor's own series only (another donor's series is not found). */
const seriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const allowed = (action: SeriesAction) => requireAllowed((user) => mayAttempt(user, action));
  const seriesBody = z.object({ series: seriesSchema });

  app.get(
    '',
    {
      preValidation: allowed('list'),
      schema: {
        tags: ['series'],
        summary: "The donor's recurring donations with their next occurrences",
        response: { 200: z.object({ items: z.array(seriesSchema) }) },
      },
    },
    async (request) => ({ items: await listSeries(app.database, currentUser(request)) }),
  );

  app.post(
    '',
    {
      preValidation: allowed('create'),
      schema: {
        tags: ['series'],
        summary: 'Save a donation as a recurring series (posted automatically at each occurrence)',
        body: createSeriesInputSchema,
        response: { 201: seriesBody },
      },
    },
    async (request, reply) => {
      const series = await createSeries(app.database, currentUser(request), request.body);
      return reply.code(201).send({ series });
    },
  );

  app.patch(
    '/:id',
    {
      preValidation: allowed('update'),
      schema: {
        tags: ['series'],
        summary: 'Change the food or the schedule, pause or resume a series',
        params: idParamsSchema,
        body: updateSeriesInputSchema,
        response: { 200: seriesBody },
      },
    },
    async (request) => ({
      series: await updateSeries(
        app.database,
        currentUser(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  app.post(
    '/:id/skip',
    {
      preValidation: allowed('skip'),
      schema: {
        tags: ['series'],
        summary: 'Skip one occurrence (the next one unless another is named)',
        params: idParamsSchema,
        body: skipOccurrenceInputSchema,
        response: { 200: seriesBody },
      },
    },
    async (request) => ({
      series: await skipOccurrence(
        app.database,
        currentUser(request),
        request.params.id,
        request.body.occurrenceAt,
      ),
    }),
  );

  app.post(
    '/:id/keep',
    {
      preValidation: allowed('keep'),
      schema: {
        tags: ['series'],
        summary: 'Keep a series whose last occurrences went unclaimed',
        params: idParamsSchema,
        response: { 200: seriesBody },
      },
    },
    async (request) => ({
      series: await keepSeries(app.database, currentUser(request), request.params.id),
    }),
  );

  app.delete(
    '/:id',
    {
      preValidation: allowed('end'),
      schema: {
        tags: ['series'],
        summary: 'End a series (donations already posted stay)',
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await endSeries(app.database, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default seriesRoutes;
