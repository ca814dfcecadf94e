import { describe, expect, it } from 'vitest';
import { covers, fontFor, fontsUsed, runs } from './script-runs';

describe('script runs of PDF text', () => {
  it('sets Tamil in the Tamil font, with the ASCII and signs that font carries', () => {
    expect(runs('அன்னசேது CO2 · 13 கிலோ', 'tamil')).toEqual([
      { text: 'அன்னசேது CO2 · 13 கிலோ', font: 'tamil' },
    ]);
    expect(runs('தாக்கம் मराठी', 'tamil').map((r) => r.font)).toEqual(['tamil', 'devanagari']);
  });

  it('keeps plain ASCII in an Indic report in that font; other scripts get their own', () => {
    expect(runs('अन्नसेतु CO2 रिपोर्ट', 'devanagari')).toEqual([
      { text: 'अन्नसेतु CO2 रिपोर्ट', font: 'devanagari' },
    ]);
    expect(fontFor({ text: 'Café', script: 'latin' }, 'devanagari')).toBe('latin');
    expect(runs('দান by Asha', 'kannada').map((r) => r.font)).toEqual(['bengali', 'kannada']);
  });

  it('sets Latin letters and signs the Gurmukhi and Telugu fonts lack in the Latin font', () => {
    expect(covers('telugu', 'A')).toBe(false);
    expect(covers('telugu', '7')).toBe(true);
    expect(covers('kannada', 'A')).toBe(true);
    expect(runs('పేజీ 1 · Asha', 'telugu')).toEqual([
      { text: 'పేజీ 1 ', font: 'telugu' },
      { text: '·', font: 'latin' },
      { text: ' ', font: 'telugu' },
      { text: 'Asha', font: 'latin' },
    ]);
    expect(runs('ਕੁੱਲ 39 kg', 'gurmukhi').map((r) => r.font)).toEqual(['gurmukhi', 'latin']);
  });

  it('loads the fonts of every script the text uses', () => {
    expect(fontsUsed(['ಕನ್ನಡ', 'বাংলা'], 'en')).toEqual(new Set(['latin', 'kannada', 'bengali']));
  });
});
