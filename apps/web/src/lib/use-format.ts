import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, subscribeNativeDigits, usesNativeDigits } from './format';

/** Number and date formatters bound to the current UI language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  // The digits option is part of every formatter: a change re-renders what shows numbers, and
  // the formatters write the digits this render saw.
  const native = useSyncExternalStore(subscribeNativeDigits, usesNativeDigits, () => false);
  const number = useCallback(
    (value: number, options?: Intl.NumberFormatOptions) =>
      formatNumber(value, language, options, native),
    [language, native],
  );
  const date = useCallback(
    (value: string | Date, options?: Intl.DateTimeFormatOptions) =>
      formatDate(value, language, options, native),
    [language, native],
  );
  return { number, date, language };
}
