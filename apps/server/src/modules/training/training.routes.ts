import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  hygieneGradeSchema,
  hygieneQuizInputSchema,
  hygieneStatusSchema,
  type HygieneOption,
} from '@annasetu/domain';
import { currentUser, requireAnyRole } from '../../plugins/policy.js';
import { hygieneStatus, takeHygieneQuiz } from './training.service.js';

/** The food hygiene course a volunteer passes before their first grab (decision 0067). */
const trainingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      preValidation: requireAnyRole('volunteer'),
      schema: {
        tags: ['training'],
        summary: "The volunteer's last pass of the hygiene course and until when it holds",
        response: { 200: z.object({ hygiene: hygieneStatusSchema }) },
      },
    },
    async (request) => ({ hygiene: hygieneStatus(currentUser(request).hygienePassedAt) }),
  );

  app.post(
    '/quiz',
    {
      preValidation: requireAnyRole('volunteer'),
      schema: {
        tags: ['training'],
        summary: 'Answer the quiz: 8 of 10 right passes, for a year',
        body: hygieneQuizInputSchema,
        response: { 200: hygieneGradeSchema },
      },
    },
    async (request) =>
      takeHygieneQuiz(
        app.database,
        currentUser(request),
        request.body.answers as Record<string, HygieneOption>,
      ),
  );
};

export default trainingRoutes;
