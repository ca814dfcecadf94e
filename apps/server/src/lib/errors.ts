import {
  ERROR_MESSAGES,
  isErrorCode,
  statusForCode,
  type ErrorBody,
  type ErrorCode,
  type FieldIssue,
} from '@annasetu/domain';

/**
 * The one error type services throw. It carries a stable code; the HTTP status and the English
 * message come from the domain catalogue, so every route answers the same way for the same fault.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly details?: FieldIssue[],
    message?: string,
    statusCode?: number,
  ) {
    super(message ?? ERROR_MESSAGES[code]);
    this.name = 'AppError';
    this.statusCode = statusCode ?? statusForCode(code);
  }

  toBody(): ErrorBody {
    return {
      error: this.message,
      code: this.code,
      ...(this.details && this.details.length > 0 ? { details: this.details } : {}),
    };
  }
}

/** A field problem whose code is an ErrorCode when the schema used one as its message. */
export function fieldIssue(field: string, codeOrMessage: string): FieldIssue {
  if (isErrorCode(codeOrMessage)) {
    return { field, code: codeOrMessage, message: ERROR_MESSAGES[codeOrMessage] };
  }
  return { field, code: 'INVALID_VALUE', message: codeOrMessage };
}

/** 400 for a single field, e.g. a rule only the database can check. */
export function invalidField(field: string, code: ErrorCode): AppError {
  return new AppError(code, [fieldIssue(field, code)]);
}
