import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber } from './format';
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
