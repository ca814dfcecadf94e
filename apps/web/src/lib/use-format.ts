import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from './format';

/** Number and date formatters bound to the current UI language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const number = useCallback(
    (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, language, options),
    [language],
  );
  const date = useCallback(
    (value: string | Date, options?: Intl.DateTimeFormatOptions) =>
      formatDate(value, language, options),
    [language],
  );
  return { number, date, language };
}
