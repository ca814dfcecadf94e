import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES, isDomainError, isErrorCode, type FieldIssue } from '@annasetu/domain';
import { AppError, fieldIssue } from '../lib/errors.js';
import { overloadError, retryAfterFor } from './overload.js';

// Fastify's own error codes mapped to ours.
const FASTIFY_CODES: Record<string, AppError['code']> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_JSON',
};

/**
 * A value the database refused as data (SQLSTATE class 22: out-of-range number or date, bad
 * encoding, invalid text for its type), wherever it was wrapped. Inputs are checked before they
 * reach the database; this keeps one that slipped through a 400 instead of a 500.
 */
function isDataException(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Turns a schema validation failure into field issues with our codes. */
function validationIssues(error: FastifyError & { validationContext?: string }): FieldIssue[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  const prefix =
    error.validationContext && error.validationContext !== 'body'
      ? `${error.validationContext}.`
      : '';
  return error.validation.flatMap((v) => {
    const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (v.keyword === 'unrecognized_keys') {
      const keys = (v.params as { keys?: string[] }).keys ?? [];
      return keys.map((key) =>
        fieldIssue(`${prefix}${path ? `${path}.` : ''}${key}`, 'UNKNOWN_FIELD'),
      );
    }
    return [fieldIssue(`${prefix}${path}`, v.message ?? 'INVALID_VALUE')];
  });
}

/**
 * The one error handler: every failure leaves as `{error, code, details}`. 4xx messages are
 * the catalogue's; 5xx internals are logged with the request id and never sent.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let appError: AppError;
    const overload = overloadError(error);
    if (error instanceof AppError) {
      appError = error;
    } else if (isDomainError(error)) {
      // A rule of the domain package refused the change (e.g. INVALID_TRANSITION).
      appError = new AppError(error.code, error.details, error.message);
    } else if (error.validation) {
      const details = validationIssues(error);
      const first = details[0];
      const code = first && isErrorCode(first.code) ? first.code : 'VALIDATION_FAILED';
      // Schema failures are always 400, whatever code the field carries.
      appError = new AppError(
        code,
        details,
        first?.message ?? ERROR_MESSAGES.VALIDATION_FAILED,
        400,
      );
    } else if (error.code && FASTIFY_CODES[error.code]) {
      appError = new AppError(FASTIFY_CODES[error.code]!);
    } else if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      appError = new AppError('MALFORMED_JSON');
    } else if (isDataException(error)) {
      request.log.warn({ err: error }, 'value refused by the database');
      appError = new AppError('VALIDATION_FAILED');
    } else if (overload) {
      // A slow database or a full / read-only disk: 503 with a code, never a bare 500.
      request.log.warn({ err: error, code: overload.code }, 'request shed');
      appError = overload;
    } else if (error.statusCode === 429) {
      appError = new AppError('RATE_LIMITED');
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      appError = new AppError(error.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED');
      request.log.info({ err: error }, 'client error');
    } else {
      request.log.error({ err: error }, 'unhandled error');
      appError = new AppError('INTERNAL_ERROR');
    }
    if (appError.statusCode >= 500 && error instanceof AppError) {
      request.log.error({ err: error }, 'server error');
    }
    if (appError.code === 'RATE_LIMITED' || appError.code === 'TOO_MANY_LOGIN_ATTEMPTS') {
      request.log.warn({ code: appError.code, ip: request.ip }, 'rate limit reached');
    }
    const retryAfter = retryAfterFor(appError.code);
    if (retryAfter) void reply.header('retry-after', String(retryAfter));
    void reply.code(appError.statusCode).send(appError.toBody());
  });
}
