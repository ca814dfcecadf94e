import { z } from 'zod';
import { ONE_TIME_CODE } from '../constants/limits.js';
import { issue, phoneSchema } from './common.js';

const codeSchema = z
  .string(issue('REQUIRED_FIELDS_MISSING'))
  .trim()
  .min(1, issue('REQUIRED_FIELDS_MISSING'))
  .regex(new RegExp(`^[0-9]{${ONE_TIME_CODE.digits}}$`), issue('OTP_INVALID'))
  .describe('The six digits sent by SMS');

/** "Send me a code": answered the same way whether or not the number has an account. */
export const otpRequestInputSchema = z.strictObject({ phone: phoneSchema });
export type OtpRequestInput = z.input<typeof otpRequestInputSchema>;

/** Sign-in with the code; `rememberMe` as with a password. */
export const otpVerifyInputSchema = z.strictObject({
  phone: phoneSchema,
  code: codeSchema,
  rememberMe: z.boolean(issue('INVALID_VALUE')).default(false),
});
export type OtpVerifyInput = z.input<typeof otpVerifyInputSchema>;

/** A code is on its way (or, for a number without an account, nothing is: same answer). */
export const otpSentResponseSchema = z.object({
  ok: z.literal(true),
  /** How long the code works. */
  expiresInSeconds: z.number().int(),
});
export type OtpSentResponse = z.infer<typeof otpSentResponseSchema>;

/** Proving the profile's number with the code sent to it. */
export const phoneVerifyInputSchema = z.strictObject({ code: codeSchema });
export type PhoneVerifyInput = z.input<typeof phoneVerifyInputSchema>;
