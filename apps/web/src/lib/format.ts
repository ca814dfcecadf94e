import { intlLocale } from './languages';

// Latin digits everywhere: the product shows Indian grouping (1,00,000) without switching to
// native digit systems, which readers of mixed-script screens found harder to compare.
const LATN = { numberingSystem: 'latn' } as const;

/** Formats a number for the language's Indian locale (e.g. 1,00,000 in en-IN). */
export function formatNumber(
  value: number,
  language: string | undefined,
  options: Intl.NumberFormatOptions = {},
): string {
  return new Intl.NumberFormat(intlLocale(language), { ...LATN, ...options }).format(value);
}

/** Formats a date (ISO string or Date) for the language's Indian locale. */
export function formatDate(
  value: string | Date,
  language: string | undefined,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(language), { ...LATN, ...options }).format(date);
}
