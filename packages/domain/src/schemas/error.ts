import { z } from 'zod';
import { ERROR_MESSAGES, type ErrorCode } from '../errors.js';

/** Every error code, as the list the API description enumerates. */
export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as [ErrorCode, ...ErrorCode[]];

/** One problem with one field of an input (`code` is an ErrorCode when the server knows it). */
export const fieldIssueSchema = z.object({
  field: z.string(),
  code: z.string(),
  message: z.string(),
});

/** The body of every error answer, exactly as the server's error handler sends it. */
export const errorBodySchema = z.object({
  error: z.string().describe('English message; the web app shows the translation of `code`'),
  code: z.enum(ERROR_CODES),
  details: z.array(fieldIssueSchema).optional(),
});
