import type { FastifySerializerCompiler } from 'fastify';
import fastJson, { type Schema } from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * The route's zod response schema as the JSON schema fast-json-stringify compiles: the shape
 * only. Nullable fields are marked `nullable` (an `anyOf` with null would make the serializer try
 * each branch with a validator on every value), and formats and patterns are dropped: they describe strings
 * the presenter already built, and fast-json-stringify would reformat a `date-time` string.
 */
export function serializationSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-07',
    unrepresentable: 'throw',
  }) as JsonSchema;
  delete json.$schema;
  return simplify(json) as JsonSchema;
}

function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    if (key === 'format' || key === 'pattern') continue;
    out[key] = simplify(value);
  }
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullAt = anyOf.findIndex((branch) => branch.type === 'null');
    const other = anyOf[1 - nullAt];
    if (nullAt >= 0 && other && typeof other.type === 'string') {
      delete out.anyOf;
      return { ...out, ...other, nullable: true };
    }
  }
  return out;
}

/**
 * A route-level serializer compiler for hot read routes (the nearby feed): the response's zod
 * schema is turned into a JSON schema once, at start, and compiled by fast-json-stringify, instead
 * of a zod pass over every answer followed by `JSON.stringify`. Only the schema's properties are
 * written, so what leaves the server is still exactly what the schema (and the OpenAPI document
 * built from it) declares; which values a caller may see is the presenter's job, as before. A
 * missing required field still fails the answer (500) rather than sending a partial body.
 */
export const compiledSerializerCompiler = ({
  schema,
}: Parameters<FastifySerializerCompiler<unknown>>[0]): ((data: unknown) => string) =>
  fastJson(serializationSchema(schema as z.ZodType) as unknown as Schema);
