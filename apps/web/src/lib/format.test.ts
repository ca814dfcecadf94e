import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber, setNativeDigits } from './format';
import { intlLocale, toUiLanguage } from './languages';

describe('formatting for India', () => {
  it('groups in lakhs and crores for every language', () => {
    expect(formatNumber(12345678, 'en')).toBe('1,23,45,678');
    expect(formatNumber(100000, 'hi')).toBe('1,00,000');
  });

  it('keeps Latin digits even where the locale defaults to native digits', () => {
    expect(formatNumber(10000, 'bn')).toBe('10,000');
    expect(formatNumber(10000, 'kn')).toMatch(/^[0-9,]+$/);
    expect(formatNumber(123456, 'mr')).toBe('1,23,456');
  });

  it('groups in lakhs even where CLDR gives the language Western grouping (Kannada)', () => {
    expect(formatNumber(1234567.5, 'kn')).toBe('12,34,567.5');
    expect(formatNumber(100000, 'te')).toBe('1,00,000');
  });

  it('writes native digits only when asked', () => {
    setNativeDigits(true);
    try {
      expect(formatNumber(100000, 'hi')).toBe('१,००,०००');
      expect(formatNumber(25, 'bn')).toBe('২৫');
      expect(formatNumber(25, 'en')).toBe('25');
      expect(formatDate('2025-03-05T12:00:00.000Z', 'te', { day: 'numeric' })).toBe('౫');
    } finally {
      setNativeDigits(false);
    }
    expect(formatNumber(100000, 'hi')).toBe('1,00,000');
  });

  it("writes the time of day in the language's own words, not Latin AM/PM", () => {
    const at = '2025-03-05T12:00:00.000Z';
    for (const language of ['hi', 'pa', 'bn', 'te', 'kn']) {
      const text = formatDate(at, language, { dateStyle: 'medium', timeStyle: 'short' });
      expect(text, language).not.toMatch(/[AaPp]\.?[Mm]\b/);
      expect(text, language).not.toMatch(/[A-Za-z]/);
    }
    expect(formatDate(at, 'en', { timeStyle: 'short', timeZone: 'UTC' })).toMatch(/12:00\spm/);
  });

  it('maps detected tags to our languages and Indian locales', () => {
    expect(toUiLanguage('hi-IN')).toBe('hi');
    expect(toUiLanguage('ta')).toBe('ta');
    expect(toUiLanguage('mr-IN')).toBe('mr');
    expect(toUiLanguage('gu-IN')).toBe('en');
    expect(intlLocale('ta')).toBe('ta-IN');
    expect(intlLocale('kn')).toBe('kn-IN');
    expect(intlLocale(undefined)).toBe('en-IN');
  });

  it('formats dates in the language of the page', () => {
    const date = '2025-03-05T12:00:00.000Z';
    expect(formatDate(date, 'en', { year: 'numeric', month: 'long', day: 'numeric' })).toBe(
      '5 March 2025',
    );
    expect(formatDate(date, 'hi', { month: 'long' })).toBe('मार्च');
    expect(formatDate('not a date', 'en')).toBe('');
  });
});
