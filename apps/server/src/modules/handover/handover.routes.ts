import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  handoverRecordSchema,
  idParamsSchema,
  registerCsvQuerySchema,
  registerQuerySchema,
  registerSchema,
} from '@annasetu/domain';
import { mediaAnswer } from '../../lib/openapi.js';
import { currentUser, requireAllowed } from '../../plugins/policy.js';
import { mayAttempt, type HandoverAction } from './handover.policy.js';
import { listRegister, readHandover } from './handover.service.js';
import { registerCsv } from './register.csv.js';

/** The route guard of an action: the handover policy's role rule. */
const guard = (action: HandoverAction) => requireAllowed((user) => mayAttempt(user, action));

/**
 * The handover record of a donation and a receiver's register of food received (decision
 * 0063): what a food bank shows an FSSAI inspector.
 */
const handoverRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/donations/:id/handover',
    {
      preValidation: guard('read'),
      // The parties asking before the food left the donor: 409 HANDOVER_NOT_YET.
      config: { errors: [409] },
      schema: {
        tags: ['handover'],
        summary:
          "A donation's handover record: donor and FSSAI number, food, times, checks at pickup, carrier, receiver and condition on arrival (its donor, volunteer, receiver and admins)",
        params: idParamsSchema,
        response: { 200: z.object({ handover: handoverRecordSchema }) },
      },
    },
    async (request) => ({
      handover: await readHandover(app.database, currentUser(request), request.params.id),
    }),
  );

  app.get(
    '/handover/register',
    {
      preValidation: guard('register'),
      schema: {
        tags: ['handover'],
        summary:
          'My register of food received: one handover record per donation delivered to me in the period (India days, both included), oldest first',
        querystring: registerQuerySchema,
        response: { 200: registerSchema },
      },
    },
    async (request) => {
      const { from, to } = request.query;
      return {
        from,
        to,
        items: await listRegister(app.database, currentUser(request), { from, to }),
      };
    },
  );

  app.get(
    '/handover/register.csv',
    {
      preValidation: guard('register'),
      schema: {
        tags: ['handover'],
        summary: 'My register of food received as CSV, headings in my language',
        description:
          'text/csv; charset=utf-8, starting with a byte-order mark so spreadsheet programs read ' +
          'Indic text; CRLF line ends; a heading row, then one row per donation received in the ' +
          'period (the same records as GET /api/handover/register), times as India date and ' +
          'time (YYYY-MM-DD HH:MM). `language` picks the headings and words; the account ' +
          'language when absent.',
        querystring: registerCsvQuerySchema,
        response: { 200: mediaAnswer('text/csv', 'The register as CSV') },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { from, to, language } = request.query;
      const records = await listRegister(app.database, user, { from, to });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="annasetu-register-${from}-${to}.csv"`)
        .send(registerCsv(records, language ?? user.language));
    },
  );
};

export default handoverRoutes;
