import { intlLocale } from '../../../lib/languages';

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/** "5 minutes ago" in the reader's language; "now" for the last few seconds. */
export function relativeTime(iso: string, language: string, now = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  let value = (then - now) / 1000;
  const format = new Intl.RelativeTimeFormat(intlLocale(language), {
    numeric: 'auto',
    numberingSystem: 'latn',
  } as Intl.RelativeTimeFormatOptions);
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return '';
}
