import { useEffect, useEffectEvent, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type {
  FieldErrors,
  FieldValues,
  Resolver,
  ResolverOptions,
  ResolverResult,
  UseFormSetError,
} from 'react-hook-form';
import { isApiError } from './api-client';
import type { FieldCodes } from './form-errors';
import { loadFormSchemas, type FormSchemas } from './form-schemas';

/** A zod 4 schema as @hookform/resolvers sees it (types only: zod itself loads on first use). */
interface ZodSchema<Input, Output> {
  _zod: { input: Input; output: Output };
}

/** The field under which a problem of the whole form (no field of its own) is kept. */
export const FORM_ERROR = 'root.form';

/**
 * A react-hook-form resolver that checks a form with one of the domain's schemas, the same one
 * the server checks (decision 0045). The schemas load on first use (decision 0031): the first
 * check waits for them, and a failed load is a form-level NETWORK_ERROR, tried again on the
 * next send. `toInput` turns the form's values (text as typed) into the schema's input; with
 * `raw` the form is handed that input once it passes, else the schema's output.
 */
export function schemaResolver<Values extends FieldValues, Input extends FieldValues, Output>(
  schemaOf: (schemas: FormSchemas) => ZodSchema<Input, Output>,
  toInput: (values: Values) => Input,
  { raw = false }: { raw?: boolean } = {},
): Resolver<Values, unknown, Output> {
  return async (values, context, options) => {
    let schemas: FormSchemas;
    try {
      schemas = await loadFormSchemas();
    } catch {
      return {
        values: {},
        errors: { root: { form: { type: 'load', message: 'NETWORK_ERROR' } } },
      } as unknown as ResolverResult<Values, Output>;
    }
    const schema = schemaOf(schemas);
    const resolve = raw
      ? zodResolver(schema, undefined, { raw: true })
      : zodResolver(schema, undefined, {});
    const result = await resolve(
      toInput(values),
      context,
      options as unknown as ResolverOptions<Input>,
    );
    return result as unknown as ResolverResult<Values, Output>;
  };
}

/** The first message (an error code) found in one field's errors, nested ones included. */
function firstCode(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref' || key === 'types') continue;
    const code = firstCode(value);
    if (code) return code;
  }
  return undefined;
}

/**
 * One error code per field from react-hook-form's errors, in the order the check found them
 * (`pickupCoordinates.lat` counts for `pickupCoordinates`); a problem of the whole form is
 * `_form`, as in the answers' details.
 */
export function errorsToFieldCodes(errors: FieldErrors): FieldCodes {
  const codes: FieldCodes = {};
  for (const [field, error] of Object.entries(errors)) {
    const code = firstCode(error);
    if (code) codes[field === 'root' ? '_form' : field] ??= code;
  }
  return codes;
}

/** Puts problems named by the server (or the series check) on their fields. */
export function setFieldCodes<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  codes: FieldCodes,
): void {
  for (const [field, code] of Object.entries(codes)) {
    const name = (field === '_form' ? FORM_ERROR : field) as Parameters<typeof setError>[0];
    setError(name, { type: 'server', message: code });
  }
}

/** The code of anything an API call threw: its own, or the generic one. */
export function errorCodeOf(error: unknown): string {
  return isApiError(error) ? error.code : 'INTERNAL_ERROR';
}

/**
 * Returns a function that runs `focus` once the render it causes has reached the page: the
 * problems just set are then marked (aria-invalid) and can be focused. A frame's delay is not
 * enough on a slow phone, where the render may come later.
 */
export function useFocusAfterRender(focus: () => void): () => void {
  const [request, setRequest] = useState(0);
  const run = useEffectEvent(focus);
  useEffect(() => {
    if (request) run();
  }, [request]);
  // Asked from a handler whose other updates (the form library's errors) are still on their way
  // in promise callbacks, each rendered as it lands: the request waits for them all (a timer runs
  // after every pending promise callback), so the render it causes already shows the problems.
  return () => void window.setTimeout(() => setRequest((count) => count + 1), 0);
}
