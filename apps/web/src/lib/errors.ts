import type { TFunction } from 'i18next';
import { isApiError } from './api-client';

/** The translated message for an error code, falling back to the generic one. */
export function translateCode(t: TFunction, code: string): string {
  const key = `errors.${code}`;
  return t(key, { defaultValue: t('errors.INTERNAL_ERROR') });
}

/** The translated message for anything thrown by an API call. */
export function translateError(t: TFunction, error: unknown): string {
  if (isApiError(error)) return translateCode(t, error.code);
  return t('errors.INTERNAL_ERROR');
}
