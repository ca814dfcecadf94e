import { describe, expect, it } from 'vitest';
import { alphabetOf, concatenationHeader, splitSms } from './sms-segments.js';

describe('splitSms', () => {
  it('keeps plain English in the GSM alphabet, 160 to a single part', () => {
    expect(splitSms('a'.repeat(160))).toEqual({ alphabet: 'gsm', parts: ['a'.repeat(160)] });
    const long = splitSms('a'.repeat(161));
    expect(long.parts.map((p) => p.length)).toEqual([153, 8]);
  });

  it('counts a GSM escape as two and never splits it', () => {
    const parts = splitSms('a'.repeat(152) + '€' + 'b'.repeat(10)).parts;
    expect(parts[0]).toBe('a'.repeat(152));
    expect(parts[1]!.startsWith('€')).toBe(true);
  });

  it('sends Indic text as UCS-2: 70 alone, 67 per concatenated part', () => {
    const hindi = 'आपका अन्नसेतु कोड'; // 17 characters
    expect(alphabetOf(hindi)).toBe('ucs2');
    expect(splitSms('क'.repeat(70)).parts).toHaveLength(1);
    const long = splitSms('क'.repeat(71));
    expect(long.parts.map((p) => p.length)).toEqual([67, 4]);
    const text = 'ఆహారం వృథా కాకుండా చూద్దాం. '.repeat(8);
    const split = splitSms(text);
    expect(split.parts.join('')).toBe(text);
    expect(split.parts.every((p) => p.length <= 67)).toBe(true);
    expect(split.parts).toHaveLength(Math.ceil(text.length / 67));
  });

  it('uses Latin-1 for text outside GSM but within it', () => {
    expect(alphabetOf('Ça coûte ½ roupie')).toBe('latin1');
  });

  it('builds the 6-octet concatenation header', () => {
    expect([...concatenationHeader(300, 3, 2)]).toEqual([5, 0, 3, 44, 3, 2]);
  });
});
