import { describe, expect, it } from 'vitest';
import { scriptOf, splitRuns } from './text-runs';

describe('scriptOf', () => {
  it('knows the five Indic scripts and Latin', () => {
    expect(scriptOf('क')).toBe('devanagari');
    expect(scriptOf('ਕ')).toBe('gurmukhi');
    expect(scriptOf('ক')).toBe('bengali');
    expect(scriptOf('క')).toBe('telugu');
    expect(scriptOf('ಕ')).toBe('kannada');
    expect(scriptOf('K')).toBe('latin');
  });

  it('treats spaces, digits, punctuation, dandas and joiners as neutral', () => {
    for (const c of [' ', '7', ',', '(', '।', '\u200d']) expect(scriptOf(c)).toBeNull();
  });
});

describe('splitRuns', () => {
  it('keeps vowel signs and viramas with their consonants', () => {
    expect(splitRuns('लोगों क्षमता')).toEqual([{ text: 'लोगों क्षमता', script: 'devanagari' }]);
  });

  it('splits mixed text at script changes; neutral characters join the run before', () => {
    expect(splitRuns('आपने 12 किलो CO2 बचाई।')).toEqual([
      { text: 'आपने 12 किलो ', script: 'devanagari' },
      { text: 'CO2 ', script: 'latin' },
      { text: 'बचाई।', script: 'devanagari' },
    ]);
    expect(splitRuns('ಅನ್ನಸೇತು · Priya (ক)')).toEqual([
      { text: 'ಅನ್ನಸೇತು · ', script: 'kannada' },
      { text: 'Priya (', script: 'latin' },
      { text: 'ক)', script: 'bengali' },
    ]);
  });

  it('gives leading neutral characters to the first script run', () => {
    expect(splitRuns('12 ਕਿਲੋ')).toEqual([{ text: '12 ਕਿਲੋ', script: 'gurmukhi' }]);
  });

  it('uses the fallback for text with no letters', () => {
    expect(splitRuns('12 / 30', 'telugu')).toEqual([{ text: '12 / 30', script: 'telugu' }]);
    expect(splitRuns('')).toEqual([]);
  });
});
