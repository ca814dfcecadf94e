import type { i18n as I18n, TFunction } from 'i18next';
import { ChatRequestError } from '../api/send-chat-message';

/**
 * The message of a failed chat call, as the seed words it: a JSON error body shows its error
 * (in the reader's language when its code, or its first field's code, has a translation), else
 * "An unknown API error occurred."; no readable answer shows "Could not connect to the API
 * server. Please ensure it's running."
 */
export function chatErrorText(t: TFunction, i18n: I18n, error: unknown): string {
  if (!(error instanceof ChatRequestError)) return t('errors.CHAT_UNKNOWN_ERROR');
  const { failure } = error;
  if (failure.kind === 'connection') return t('errors.CHAT_CONNECTION_FAILED');

  const translated = (code: string | undefined) =>
    code && i18n.exists(`errors.${code}`) ? t(`errors.${code}`) : undefined;
  // A refused message names the field's problem ("too long", "no HTML"): more useful than the
  // general "some fields are invalid".
  const fieldText =
    failure.code === 'VALIDATION_FAILED' ? translated(failure.details[0]?.code) : undefined;
  return fieldText ?? translated(failure.code) ?? failure.error ?? t('errors.CHAT_UNKNOWN_ERROR');
}
