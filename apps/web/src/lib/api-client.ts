import type { ErrorBody, FieldIssue } from '@annasetu/domain';
import { CSRF_COOKIE, readCookie } from './csrf-cookie';
import { pendingSignOut, sendPendingSignOut } from './pending-sign-out';

/** Codes the web app raises itself when no server answer can be read. */
export const CLIENT_ERROR_CODES = ['NETWORK_ERROR'] as const;

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export { CSRF_COOKIE, readCookie };
const CSRF_HEADER = 'X-CSRF-Token';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A fresh key for one unsafe call; a queued action keeps its key for every retry. */
export function newIdempotencyKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** An API call that did not succeed: the HTTP status, the stable code and any field issues. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: FieldIssue[];

  constructor(status: number, code: string, message: string, details: FieldIssue[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function codeForStatus(status: number): string {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 502 || status === 503 || status === 504) return 'SERVICE_UNAVAILABLE';
  if (status >= 500) return 'INTERNAL_ERROR';
  return 'VALIDATION_FAILED';
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorBody).code === 'string' &&
    typeof (value as ErrorBody).error === 'string'
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Sent as Idempotency-Key on unsafe methods; a fresh one is made when absent. */
  idempotencyKey?: string;
}

/**
 * The one way the web app talks to the API: same-origin cookies, JSON both ways, the CSRF
 * header and an Idempotency-Key on every unsafe method, and failures turned into ApiError with a
 * stable code.
 */
export async function apiRequest<T>(
  method: string,
  path: string,
  { body, signal, idempotencyKey }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const form = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  if (UNSAFE_METHODS.has(method)) {
    // A sign-out made with no signal goes first: until the server has heard it, the old
    // session's cookie would make the server refuse this call for want of that session's token.
    if (!readCookie(CSRF_COOKIE) && pendingSignOut()) await sendPendingSignOut();
    const token = readCookie(CSRF_COOKIE);
    if (token) headers[CSRF_HEADER] = token;
    // Every unsafe call carries a key: a retry after a lost answer then changes nothing twice.
    headers[IDEMPOTENCY_HEADER] = idempotencyKey ?? newIdempotencyKey();
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : form ? (body as FormData) : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server.');
  }

  const data = await readBody(response);
  if (response.ok) return data as T;
  if (isErrorBody(data)) {
    throw new ApiError(response.status, data.code, data.error, data.details ?? []);
  }
  throw new ApiError(response.status, codeForStatus(response.status), response.statusText);
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};
