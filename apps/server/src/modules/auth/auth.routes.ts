import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forgotPasswordInputSchema,
  loginInputSchema,
  registerInputSchema,
  resetPasswordInputSchema,
  sessionResponseSchema,
} from '@annasetu/domain';
import { presentUser } from '../users/users.presenter.js';
import { authenticate, registerUser } from './auth.service.js';
import { requestPasswordReset, resetPassword } from './password-reset.service.js';

/** Sign-up, sign-in and sign-out. Both entry points are rate-limited per address. */
const authRoutes: FastifyPluginAsyncZod<{
  authPer15Min: number;
  loginFailuresPer15Min: number;
  publicUrl: string;
}> = async (app, options) => {
  const authLimit = {
    access: 'public' as const,
    rateLimit: { max: options.authPer15Min, timeWindow: 15 * 60_000 },
  };

  app.post(
    '/register',
    {
      // 409 EMAIL_TAKEN.
      config: { ...authLimit, errors: [409] },
      schema: {
        tags: ['auth'],
        summary: 'Create an account and sign in',
        body: registerInputSchema,
        response: { 201: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await registerUser(app.database, request.body, (tx, created) =>
        app.startSession(tx, request, reply, created, false),
      );
      request.log.info({ userId: user.id, role: user.role }, 'account created');
      return reply.code(201).send({ user: presentUser(user) });
    },
  );

  app.post(
    '/login',
    {
      // 401 INVALID_CREDENTIALS.
      config: { ...authLimit, errors: [401] },
      schema: {
        tags: ['auth'],
        summary: 'Sign in; rememberMe keeps the session for 30 days',
        body: loginInputSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await authenticate(
        app.database,
        app.counters,
        request.body,
        options.loginFailuresPer15Min,
      );
      await app.startSession(app.database.db, request, reply, user, request.body.rememberMe);
      return { user: presentUser(user) };
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'Sign out', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await app.endSession(request, reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/forgot-password',
    {
      config: authLimit,
      schema: {
        tags: ['auth'],
        summary:
          'Mail a single-use password reset link (same answer whether or not the account exists)',
        body: forgotPasswordInputSchema,
        response: { 202: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      // Links point at the configured address only, whatever Host the request names.
      const linkBase = options.publicUrl;
      // Not awaited: how long it takes must not reveal whether the account exists.
      void requestPasswordReset(
        { database: app.database, counters: app.counters, mailer: app.mailer },
        request.body,
        linkBase,
      ).catch((err: unknown) => request.log.error({ err }, 'password reset request failed'));
      return reply.code(202).send({ ok: true });
    },
  );

  app.post(
    '/reset-password',
    {
      config: authLimit,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the emailed token; ends every session of the account',
        body: resetPasswordInputSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await resetPassword(app.database, request.body);
      return reply.code(204).send(null);
    },
  );
};

export default authRoutes;
