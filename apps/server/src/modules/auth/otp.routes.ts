import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ONE_TIME_CODE,
  otpRequestInputSchema,
  otpSentResponseSchema,
  otpVerifyInputSchema,
  sessionResponseSchema,
} from '@annasetu/domain';
import type { OtpLimits } from '../../config/env.js';
import { presentUser } from '../users/users.presenter.js';
import { requestSignInCode, verifySignInCode, type OtpDeps } from './otp.service.js';

/** Sign-in with a phone number and a one-time code sent by SMS (decision 0060). */
const otpRoutes: FastifyPluginAsyncZod<{ limits: OtpLimits; authPer15Min: number }> = async (
  app,
  options,
) => {
  const deps = (): OtpDeps => ({
    database: app.database,
    counters: app.counters,
    sms: app.sms,
    whatsapp: app.whatsapp,
    limits: options.limits,
    logger: app.log,
  });

  app.post(
    '/request',
    {
      // 429 OTP_RATE_LIMITED, 503 SMS_UNAVAILABLE; the limits are the service's own.
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Text a sign-in code to a verified number (same answer whether or not it has one)',
        body: otpRequestInputSchema,
        response: { 202: otpSentResponseSchema },
      },
    },
    async (request, reply) => {
      await requestSignInCode(deps(), request.body.phone, request.ip);
      return reply
        .code(202)
        .send({ ok: true as const, expiresInSeconds: ONE_TIME_CODE.validSeconds });
    },
  );

  app.post(
    '/verify',
    {
      // 400 OTP_INVALID, 429 OTP_LOCKED, 403 ACCOUNT_SUSPENDED.
      config: {
        access: 'public',
        rateLimit: { max: options.authPer15Min, timeWindow: 15 * 60_000 },
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the code; the code works once, for 5 minutes and 5 tries',
        body: otpVerifyInputSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      const { rememberMe, ...input } = request.body;
      const user = await verifySignInCode(deps(), input, (tx, signedIn) =>
        app.startSession(tx, request, reply, signedIn, rememberMe),
      );
      return { user: presentUser(user) };
    },
  );
};

export default otpRoutes;
