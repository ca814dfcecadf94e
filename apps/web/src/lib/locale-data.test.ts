import { UI_LANGUAGES } from '@annasetu/domain';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { formatDate, formatRelativeTime } from './format';
import {
  LOCALE_DATA_LANGUAGES,
  installLocaleData,
  localeDataPolyfilled,
  nativeLocaleDataMissing,
} from './locale-data';

// An Indian reader's clock: the app's data has no time-zone database, so this checks the shift.
// Set back afterwards: the next file in this process would run on it.
vi.stubEnv('TZ', 'Asia/Kolkata');
afterAll(() => vi.unstubAllEnvs());

// Node carries full ICU data: its output is the reference the app's own data must match once
// it has replaced the engine's (as it does in browsers whose data lacks a language).
const instants = ['2026-11-24T06:41:00.000Z', '2026-01-05T15:05:00.000Z', '2025-07-31T20:30:00Z'];
const styles: Intl.DateTimeFormatOptions[] = [
  { dateStyle: 'medium', timeStyle: 'short' },
  { dateStyle: 'medium' },
  { day: 'numeric', month: 'short' },
  { month: 'short', year: 'numeric', timeZone: 'UTC' },
  { hour: 'numeric', minute: '2-digit' },
];

// ICU puts a narrow no-break space before am/pm, CLDR's JSON an ordinary one.
const spaces = (text: string) => text.replace(/\s/g, ' ');

function sample(language: string) {
  const now = Date.parse('2026-11-24T12:00:00.000Z');
  return {
    dates: instants.flatMap((instant) =>
      styles.map((style) => spaces(formatDate(instant, language, style))),
    ),
    relative: [-12_000, -90_000, -7_200_000, -3 * 86_400_000, 86_400_000].map((offset) =>
      spaces(formatRelativeTime(new Date(now + offset), language, now)),
    ),
  };
}

describe('locale data the app carries', () => {
  it('finds nothing missing in a full ICU engine', () => {
    for (const language of UI_LANGUAGES) expect(nativeLocaleDataMissing(language)).toBe(false);
  });

  it("formats in the reader's time zone", () => {
    expect(
      formatDate('2026-11-24T06:41:00.000Z', 'en', { hour: 'numeric', minute: '2-digit' }),
    ).toMatch(/^12:11\spm$/);
  });

  it('writes Punjabi dates and times in Punjabi', async () => {
    await installLocaleData('pa');
    const stamp = formatDate('2026-11-24T06:41:00.000Z', 'pa', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    expect(stamp).toContain('ਨਵੰ');
    expect(stamp).toContain('ਦੁਪਹਿਰ');
    expect(stamp).toMatch(/12:11/);
    expect(
      formatRelativeTime('2026-11-24T06:40:48.000Z', 'pa', Date.parse('2026-11-24T06:41:00Z')),
    ).toBe('12 ਸਕਿੰਟ ਪਹਿਲਾਂ');
  });

  it('has data for every UI language', () => {
    for (const language of UI_LANGUAGES) expect(LOCALE_DATA_LANGUAGES).toContain(language);
  });

  it('writes the same dates, times and relative times as full ICU in every language', async () => {
    const reference = Object.fromEntries(UI_LANGUAGES.map((l) => [l, sample(l)]));
    for (const language of UI_LANGUAGES) await installLocaleData(language);
    expect(localeDataPolyfilled()).toBe(true);
    for (const language of UI_LANGUAGES) {
      const ours = sample(language);
      const expected = reference[language]!;
      // CLDR releases differ in punctuation and an occasional word; the figures must agree.
      const figures = (texts: string[]) => texts.map((text) => text.match(/\d+/g)?.join(' '));
      expect(figures(ours.dates), language).toEqual(figures(expected.dates));
      expect(figures(ours.relative), language).toEqual(figures(expected.relative));
      if (language === 'en') expect(ours).toEqual(expected);
      for (const text of [...ours.dates, ...ours.relative]) {
        expect(text, language).not.toMatch(/\bM\d|^-/);
        if (language !== 'en') expect(text, `${language}: ${text}`).not.toMatch(/[A-Za-z]/);
      }
    }
  });
});
