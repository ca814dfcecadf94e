import type { components, paths } from './schema.gen';

// The server's answers as the API description states them (schema.gen.ts is generated from it
// by `npm run api:types`): a field renamed or retyped in a server schema fails the web
// typecheck wherever the web app reads it.

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The JSON body `method path` answers with `status` (200 unless said). */
export type ApiResponse<
  P extends keyof paths,
  M extends Method & keyof paths[P],
  S extends number = 200,
> = paths[P][M] extends { responses: infer R }
  ? S extends keyof R
    ? R[S] extends { content: { 'application/json': infer Body } }
      ? Body
      : never
    : never
  : never;

/** The JSON body `method path` takes. */
export type ApiRequestBody<
  P extends keyof paths,
  M extends Method & keyof paths[P],
> = paths[P][M] extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** The body of every error answer. */
export type ApiErrorBody = components['schemas']['ErrorBody'];
