import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, fieldIssue } from '../lib/errors.js';

// Nothing a user types belongs in a path or query with a control character, not even a newline.
// eslint-disable-next-line no-control-regex
const URL_CONTROL = /[\u0000-\u001F\u007F]/;
// In a body, text may carry tab and line breaks (notes, descriptions); no other control character.
// eslint-disable-next-line no-control-regex
const BODY_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Decodes a path or query component; undefined when its %-encoding is broken. */
function decoded(part: string): string | undefined {
  try {
    return decodeURIComponent(part.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

/** The first string (value or key) in a parsed body that holds a control character. */
function controlIn(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return BODY_CONTROL.test(value) ? path || 'body' : undefined;
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const at = path ? `${path}.${key}` : key;
    if (URL_CONTROL.test(key)) return at;
    const found = controlIn(item, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function refuse(field: string): AppError {
  return new AppError('TEXT_INVALID_CHARACTERS', [fieldIssue(field, 'TEXT_INVALID_CHARACTERS')]);
}

/**
 * Refuses, with a coded 400 before any route sees it, a NUL or other control character anywhere
 * in the path, the query or a JSON body (where tab and line breaks stay allowed), and a path or
 * query whose %-encoding is broken. Drivers and the database refuse such strings with errors
 * that would otherwise surface as 500s, and no field of ours needs them.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (request: FastifyRequest) => {
      const url = request.raw.url ?? '/';
      const at = url.indexOf('?');
      const path = at >= 0 ? url.slice(0, at) : url;
      const query = at >= 0 ? url.slice(at + 1) : '';
      const pathText = decoded(path);
      if (pathText === undefined)
        throw new AppError('VALIDATION_FAILED', [fieldIssue('path', 'INVALID_VALUE')]);
      if (URL_CONTROL.test(pathText)) throw refuse('path');
      for (const pair of query.split('&')) {
        const text = decoded(pair);
        if (text === undefined) {
          throw new AppError('VALIDATION_FAILED', [fieldIssue('query', 'INVALID_VALUE')]);
        }
        if (URL_CONTROL.test(text)) throw refuse('query');
      }
    });
    app.addHook('preValidation', async (request) => {
      const field = controlIn(request.body, '');
      if (field) throw refuse(field.slice(0, 200));
    });
  },
  { name: 'input-guard' },
);
