import { UI_LANGUAGES, type UiLanguage } from '@annasetu/domain';
import { createTranslator, readCatalogues } from './translator.js';

/** The server's own texts (push, mail, badge), one JSON catalogue per language. */
export const MESSAGE_CATALOGUES = readCatalogues(
  new URL('./locales/', import.meta.url),
  UI_LANGUAGES,
);

const translator = createTranslator(MESSAGE_CATALOGUES);

/**
 * A server text in the reader's language, English when the language or the key is missing.
 * `key` is a path in `locales/<lang>.json` ("push.request_accepted.title").
 */
export function message(
  language: UiLanguage | string,
  key: string,
  values: Record<string, string | number> = {},
): string {
  return translator.t(key, { ...values, lng: language });
}

/** A group of texts as an object ("badge" -> { brand, meals, ... }). */
export function messageGroup<T extends object>(language: UiLanguage | string, key: string): T {
  return translator.t(key, { lng: language, returnObjects: true }) as T;
}

/**
 * What a pickup message said, in the reader's language: a quick message's words from its code
 * (`thread.quick.<code>`), or the text as typed; empty for any other notification.
 */
export function saidIn(
  language: UiLanguage | string,
  data: { messageCode?: string | undefined; messageText?: string | undefined },
): string {
  if (data.messageCode) return message(language, `thread.quick.${data.messageCode}`);
  return data.messageText ?? '';
}

/**
 * An instant as a time of day on the reader's wall clock, in their language ("4:30 pm"), with
 * the digits every phone shows (Marathi and Bengali would otherwise write their own).
 */
export function timeOfDay(language: UiLanguage | string, timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat(`${language}-IN-u-nu-latn`, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(at);
}
