import type { SwaggerTransformObject } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@annasetu/domain';
import { EXCLUDED_PREFIXES as NOT_REVALIDATED } from '../plugins/conditional-get.js';
import { EXCLUDED_PREFIX as NO_IDEMPOTENCY } from '../plugins/idempotency.js';

/** Error statuses a route can declare beyond those its kind brings (see `describeRoute`). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'public': callable without a session. API routes are for signed-in users otherwise. */
    access?: 'public';
    /** Error statuses the route answers with beyond those of its kind (API description). */
    errors?: readonly ErrorStatus[];
  }
}

/** The OpenAPI version served: 3.1, so response schemas are plain JSON Schema 2020-12. */
export const OPENAPI_VERSION = '3.1.0';

/** Security schemes: the session cookie, and the CSRF header every unsafe call carries. */
export const SECURITY_SCHEMES = {
  session: { type: 'apiKey', in: 'cookie', name: 'sid' },
  csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
} as const;

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const RETRY_AFTER = {
  'retry-after': { type: 'integer', description: 'Seconds to wait before trying again' },
};

// Why each status happens, as the description says it.
const MEANING: Record<number, string> = {
  400: 'Refused input: schema validation (`details` per field), malformed JSON, a bad path or query, or a bad Idempotency-Key. Nothing changed.',
  401: 'Not signed in (no session cookie, or its session ended).',
  403: 'Forbidden: the caller may not do this, or an unsafe call came without the session’s X-CSRF-Token or from another Origin. Nothing changed.',
  404: 'Not found, or not visible to the caller.',
  409: 'Conflict: the record is not in a state that allows this, or a request with the same Idempotency-Key is still running.',
  413: 'The body is too large.',
  415: 'The content type is not accepted (JSON bodies only, multipart for photos).',
  422: 'This Idempotency-Key was already used for a different request. Nothing changed.',
  429: 'Too many requests; Retry-After says when to try again.',
  500: 'Internal error; details are logged with the request id, never sent.',
  502: 'The assistant’s language model answered with an error.',
  503: 'Busy, the database is too slow, or storage is full or read-only; Retry-After says when to try again.',
};

const { $schema: _draft, ...ERROR_BODY } = z.toJSONSchema(errorBodySchema, {
  target: 'draft-2020-12',
  io: 'output',
}) as Record<string, unknown>;

// Error answers carry this mark until `shareErrorBody` points them at one shared schema.
const ERROR_MARK = 'x-error-body';

function errorResponse(status: number): Record<string, unknown> {
  return {
    ...ERROR_BODY,
    [ERROR_MARK]: true,
    description: MEANING[status],
    ...(status === 429 || status === 503 ? { headers: RETRY_AFTER } : {}),
  };
}

const roleRules = new WeakSet<object>();

/**
 * Marks a route guard that refuses some signed-in users with 403 (a role or policy rule, see
 * plugins/policy.ts): the description states 403 for a safe route only when one of its hooks is
 * such a guard, or it declares `errors: [403]` (a rule applied by its service).
 */
export function roleRule<T extends object>(guard: T): T {
  roleRules.add(guard);
  return guard;
}

/** Does one of the route's own hooks refuse some signed-in users? */
function hasRoleRule(route: RouteOptions): boolean {
  return [route.onRequest, route.preValidation, route.preHandler]
    .flat()
    .some((hook) => typeof hook === 'function' && roleRules.has(hook));
}

/** The error statuses of one route, by its kind (public or signed-in, safe or unsafe) plus extras. */
export function errorStatusesOf(
  method: string,
  url: string,
  config: { access?: 'public'; errors?: readonly number[] } | undefined,
  hasBody: boolean,
  roleRuled = false,
): number[] {
  const statuses = new Set<number>([400, 429, 500, 503]);
  const signedIn = config?.access !== 'public';
  const unsafe = UNSAFE.has(method);
  if (unsafe) statuses.add(403); // Origin / CSRF checks
  if (unsafe && hasBody) {
    statuses.add(413);
    statuses.add(415);
  }
  if (signedIn) statuses.add(401);
  if (signedIn && roleRuled) statuses.add(403); // a role or policy rule refuses some callers
  if (signedIn && unsafe && !url.startsWith(NO_IDEMPOTENCY)) {
    statuses.add(409);
    statuses.add(422);
  }
  if (url.includes(':') || url.includes('{')) statuses.add(404);
  for (const status of config?.errors ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions };

/**
 * The swagger transform: the zod schemas as JSON Schema (fastify-type-provider-zod), then what
 * every route of its kind can answer besides success: the shared error body for each error
 * status, 304 for revalidated reads, no body for 204, and the session (plus CSRF header for
 * unsafe methods) as its security requirement.
 */
export function describeRoute(input: TransformInput) {
  const result = jsonSchemaTransform(input);
  const schema = (result.schema ?? {}) as Record<string, unknown> & {
    hide?: boolean;
    response?: Record<string, unknown>;
  };
  if (schema.hide) return result;
  const { route, url } = input;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const method = methods[0]!.toUpperCase();
  const config = route.config as { access?: 'public'; errors?: readonly number[] } | undefined;
  const response: Record<string, unknown> = { ...schema.response };
  for (const [status, body] of Object.entries(response)) {
    // An answer without content (204) is declared as `z.null()`: no media type at all.
    if (status === '204') response[status] = { ...(body as object), type: 'null' };
  }
  const hasBody = schema.body !== undefined || route.schema?.body !== undefined;
  for (const status of errorStatusesOf(method, url, config, hasBody, hasRoleRule(route))) {
    response[String(status)] ??= errorResponse(status);
  }
  const revalidated =
    method === 'GET' && '200' in response && !NOT_REVALIDATED.some((p) => url.startsWith(p));
  if (revalidated) {
    response['304'] ??= {
      type: 'null',
      description: 'Not modified: the If-None-Match tag is still current.',
    };
  }
  const signedIn = config?.access !== 'public';
  return {
    ...result,
    schema: {
      ...schema,
      response,
      ...(signedIn
        ? { security: [UNSAFE.has(method) ? { session: [], csrf: [] } : { session: [] }] }
        : {}),
    },
  };
}

/**
 * A success answer that is not JSON (a file, an image, a stream), for a route's `response`.
 * Fastify sends such a body as it is (a string, buffer or stream); no serializer touches it.
 */
export function mediaAnswer(mediaType: string, description: string) {
  const body = mediaType.startsWith('image/')
    ? z.any().meta({ type: 'string', format: 'binary' })
    : z.string();
  return { description, content: { [mediaType]: { schema: body } } };
}

/**
 * The swagger document transform: every error answer's schema becomes a reference to one
 * `ErrorBody` component, so the description (and the web's generated types) state it once.
 */
export const shareErrorBody: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const openapiObject = document.openapiObject as Record<string, unknown>;
  const ref = { $ref: '#/components/schemas/ErrorBody' };
  const paths = (openapiObject.paths ?? {}) as Record<
    string,
    Record<
      string,
      { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }
    >
  >;
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      for (const response of Object.values(operation.responses ?? {})) {
        const media = response.content?.['application/json'];
        if (media?.schema && ERROR_MARK in media.schema) media.schema = ref;
      }
    }
  }
  const components = (openapiObject.components ?? {}) as Record<string, Record<string, unknown>>;
  return {
    ...openapiObject,
    components: { ...components, schemas: { ...components.schemas, ErrorBody: ERROR_BODY } },
  };
};
