import { describe, expect, it } from 'vitest';
import { catalogueProblems, messagesOf } from '../../../messages/catalogue-checks.js';
import { CHAT_LANGS } from '../engine/types.js';
import { PHRASE_FILES, phrasesFor } from './phrases.js';

// Latin letters every reader sees: the CO2 formula.
const LATIN_ALLOWED = new Set(['CO2']);

describe('assistant phrase files', () => {
  for (const lang of CHAT_LANGS) {
    it(`${lang}: say every sentence of the English file, translated, with its variables`, () => {
      expect(
        catalogueProblems(lang, PHRASE_FILES[lang], PHRASE_FILES.en, {
          latinAllowed: LATIN_ALLOWED,
        }),
      ).toEqual([]);
    });
  }

  it('cover every audience, unit and next step the renderer asks for', () => {
    const keys = [...messagesOf(PHRASE_FILES.en).keys()];
    for (const unit of ['meals', 'kg', 'liters', 'packs'])
      expect(keys).toContain(`quantity.${unit}`);
    for (const side of ['donor', 'volunteer', 'everyone']) {
      expect(keys).toContain(`tokens.${side}`);
      expect(keys).toContain(`nothingOpen.${side}`);
    }
    expect(keys.filter((k) => k.startsWith('next.'))).toHaveLength(10);
  });

  it('pick plural forms by the count, 0 included', () => {
    const en = phrasesFor('en');
    expect(en.donationsSummary(1, '1 completed')).toBe('You have posted 1 donation (1 completed).');
    expect(en.donationsSummary(0, '')).toBe('You have posted 0 donations ().');
    expect(en.quantity('1.5', 'liters', 1.5)).toBe('1.5 liters');
    expect(en.quantity('1', 'liters', 1)).toBe('1 liter');
    const hi = phrasesFor('hi');
    // Hindi's rules read 0 as singular; the file says 0 as it says 2.
    expect(hi.tokens(0, 'volunteer')).toMatch(/^आपके पास 0 टोकन हैं।/);
    expect(hi.tokens(1, 'volunteer')).toMatch(/^आपके पास 1 टोकन है।/);
    expect(hi.tokens(2, 'admin')).toBe(hi.tokens(2, 'receiver'));
    expect(hi.next({ kind: 'collect', foodType: 'Poha {{place}}', place: 'MG Road' })).toBe(
      '"Poha {{place}}": इसे MG Road से उठाएँ, फिर गुणवत्ता और गंतव्य दर्ज करें।',
    );
  });
});
