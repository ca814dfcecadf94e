// Every answer a test app gives, checked against the API description it serves: the status must
// be documented for that operation, the media type too, and a JSON body must match its schema.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as (ajv: Ajv2020) => void;

interface MediaObject {
  schema?: object;
}
interface ResponseObject {
  content?: Record<string, MediaObject>;
}
interface Document {
  paths: Record<string, Record<string, { responses?: Record<string, ResponseObject> }>>;
  components?: { schemas?: Record<string, object> };
}

/** The schema with `#/components/schemas/...` references replaced by what they point at. */
function inline(schema: unknown, document: Document): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inline(s, document));
  if (typeof schema !== 'object' || schema === null) return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    const found = document.components?.schemas?.[ref.slice('#/components/schemas/'.length)];
    if (!found) throw new Error(`${ref} is not in the document`);
    return inline(found, document);
  }
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, inline(value, document)]),
  );
}

// One compiler and one validator per documented answer for the whole test process: every test
// app serves the same document, so each schema is compiled once, however many apps check it.
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();

function validatorFor(
  route: string,
  status: number,
  schema: object,
  document: Document,
): ValidateFunction {
  const key = `${route} ${status} ${JSON.stringify(schema)}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(inline(schema, document) as object);
    validators.set(key, validate);
  }
  return validate;
}

/** What a test app's answers did that its API description does not allow. */
export class ContractCheck {
  private readonly found = new Set<string>();
  /** `METHOD /path status` of every answer checked. */
  readonly seen = new Set<string>();
  private document: Document | undefined;

  /** One line per disagreement (each once): `METHOD /path status: what`. */
  get problems(): string[] {
    return [...this.found];
  }

  /** Checks one answer; `routeUrl` is Fastify's pattern (`/api/donations/:id`). */
  check(
    app: FastifyInstance,
    method: string,
    routeUrl: string,
    status: number,
    contentType: string | undefined,
    body: string | undefined,
  ): void {
    this.document ??= app.swagger() as unknown as Document;
    const path = routeUrl.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const route = `${method} ${path}`;
    const operation = this.document.paths[path]?.[method.toLowerCase()];
    if (!operation) return; // not part of the API (the web app, /config.js, the docs)
    this.seen.add(`${route} ${status}`);
    const response = operation.responses?.[String(status)];
    if (!response) {
      this.found.add(`${route} ${status}: status not documented ${(body ?? '').slice(0, 120)}`);
      return;
    }
    const hasBody = body !== undefined && body.length > 0;
    if (!response.content) {
      if (hasBody) this.found.add(`${route} ${status}: documented without a body, sent one`);
      return;
    }
    const media = (contentType ?? '').split(';')[0]!.trim();
    const documented = response.content[media];
    if (!documented) {
      this.found.add(
        `${route} ${status}: media type ${media || '(none)'} not documented (${Object.keys(response.content).join(', ')})`,
      );
      return;
    }
    if (media !== 'application/json' || !documented.schema) return;
    let value: unknown;
    try {
      value = JSON.parse(body ?? '');
    } catch {
      this.found.add(`${route} ${status}: the body is not JSON`);
      return;
    }
    const validate = validatorFor(route, status, documented.schema, this.document);
    if (!validate(value)) {
      const errors = (validate.errors ?? [])
        .slice(0, 3)
        .map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`)
        .join('; ');
      this.found.add(`${route} ${status}: body does not match the schema: ${errors}`);
    }
  }
}

const bodies = new WeakMap<FastifyRequest, string | undefined>();

/**
 * Hooks `check` into an app before its routes are registered: the body is read as it leaves
 * (onSend), the status once it is final (onResponse: a 200 may still become a 304).
 */
export function observeAnswers(app: FastifyInstance, check: ContractCheck): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    bodies.set(
      request,
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? '(binary)' : undefined,
    );
    return payload;
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.routeOptions.url;
    if (!url) return;
    const type = reply.getHeader('content-type');
    // Fastify never writes a body for 204 or 304, whatever the handler passed to send().
    const empty = reply.statusCode === 204 || reply.statusCode === 304;
    const body = empty ? undefined : bodies.get(request);
    check.check(
      request.server,
      request.method,
      url,
      reply.statusCode,
      typeof type === 'string' ? type : undefined,
      body === '(binary)' ? undefined : body,
    );
  });
}
