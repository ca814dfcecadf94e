import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ONE_TIME_CODE,
  otpSentResponseSchema,
  phoneVerifyInputSchema,
  sessionResponseSchema,
} from '@annasetu/domain';
import { z } from 'zod';
import type { OtpLimits } from '../../config/env.js';
import { currentUser, requireSignedIn } from '../../plugins/policy.js';
import {
  confirmPhoneVerification,
  requestPhoneVerification,
  type OtpDeps,
} from '../auth/otp.service.js';
import { presentUser } from '../users/users.presenter.js';

/** "Verify this number": the profile's number proved by a code before any channel uses it. */
const phoneRoutes: FastifyPluginAsyncZod<{ limits: OtpLimits }> = async (app, options) => {
  const deps = (): OtpDeps => ({
    database: app.database,
    counters: app.counters,
    sms: app.sms,
    whatsapp: app.whatsapp,
    limits: options.limits,
    logger: app.log,
  });

  app.post(
    '/code',
    {
      preValidation: requireSignedIn,
      // 429 OTP_RATE_LIMITED, 503 SMS_UNAVAILABLE, 400 PHONE_INVALID (an old unchecked number),
      // 409 PHONE_TAKEN (another account proved this number).
      schema: {
        tags: ['account'],
        summary: 'Send a code (SMS, or WhatsApp without an SMSC) to the number on my profile',
        body: z.strictObject({}).optional(),
        response: { 202: otpSentResponseSchema },
      },
    },
    async (request, reply) => {
      await requestPhoneVerification(deps(), currentUser(request), request.ip);
      return reply
        .code(202)
        .send({ ok: true as const, expiresInSeconds: ONE_TIME_CODE.validSeconds });
    },
  );

  app.post(
    '/verify',
    {
      preValidation: requireSignedIn,
      // 400 OTP_INVALID, 429 OTP_LOCKED, 409 PHONE_TAKEN.
      schema: {
        tags: ['account'],
        summary: 'Prove the number on my profile with the code sent to it',
        body: phoneVerifyInputSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => {
      const user = await confirmPhoneVerification(deps(), currentUser(request), request.body.code);
      return { user: presentUser(user) };
    },
  );
};

export default phoneRoutes;
