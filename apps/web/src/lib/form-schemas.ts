import { ApiError } from './api-client';
import type * as schemas from './form-schemas-list';

/** The schemas the forms check before sending (the same ones the server checks). */
export type FormSchemas = typeof schemas;

let loading: Promise<FormSchemas> | undefined;

/**
 * The form schemas, loaded on first use. With zod they weigh about 25 KB gzip, more than a page's
 * own code, so no page loads them up front: a form starts loading them when it is first focused
 * and waits for them when it is sent (decision 0031). A failed load is a network error the form
 * shows as such, and the next attempt tries again.
 */
export function loadFormSchemas(): Promise<FormSchemas> {
  loading ??= import('./form-schemas-list').catch(() => {
    loading = undefined;
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not load the form checks.');
  });
  return loading;
}

/** Starts loading the schemas (a form's first focus) so sending it does not wait for them. */
export function preloadFormSchemas(): void {
  loadFormSchemas().catch(() => undefined);
}
