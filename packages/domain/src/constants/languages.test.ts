import { describe, expect, it } from 'vitest';
import { acceptedLanguages, pickUiLanguage } from './languages.js';

describe('pickUiLanguage', () => {
  it('takes the first candidate that is one of our languages, by its base tag', () => {
    expect(pickUiLanguage(['fr-FR', 'hi-IN', 'te'])).toBe('hi');
    expect(pickUiLanguage([undefined, '', 'TA'])).toBe('ta');
    expect(pickUiLanguage(['mr_IN'])).toBe('mr');
  });

  it('falls back to English when nothing matches', () => {
    expect(pickUiLanguage(['fr', 'de-DE'])).toBe('en');
    expect(pickUiLanguage([])).toBe('en');
  });
});

describe('acceptedLanguages', () => {
  it('orders tags by quality, keeping the header order for equal qualities', () => {
    expect(acceptedLanguages('en;q=0.5, hi-IN, bn;q=0.8, te')).toEqual(['hi-IN', 'te', 'bn', 'en']);
  });

  it('drops refused, wildcard and malformed entries', () => {
    expect(acceptedLanguages('hi;q=0, *, ;q=1, kn;q=abc, pa')).toEqual(['pa']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});
