import { describe, expect, it } from 'vitest';
import { CHAT_LANGS, DATA_INTENTS, KNOWLEDGE_IDS } from '../engine/types.js';
import { detectScript } from '../engine/language.js';
import { REPLY_SCRIPT } from '../eval/accuracy.js';
import { FACTS } from './facts.js';
import {
  ANSWER_PACKS,
  buildAnswerPack,
  fillAnswer,
  placeholders,
  readKnowledgeFile,
} from './index.js';

describe('knowledge files', () => {
  const en = readKnowledgeFile('en');

  it('answer every topic in every language, with the same figures and screen words', () => {
    for (const lang of CHAT_LANGS) {
      const file = readKnowledgeFile(lang);
      expect(Object.keys(file.answers!).sort(), lang).toEqual([...KNOWLEDGE_IDS].sort());
      for (const id of KNOWLEDGE_IDS) {
        const text = file.answers![id];
        expect(text.trim().length, `${lang}:${id}`).toBeGreaterThan(40);
        expect(placeholders(text).sort(), `${lang}:${id}`).toEqual(
          placeholders(en.answers![id]).sort(),
        );
      }
    }
  });

  it('have sample questions for every topic and intent in every language', () => {
    for (const lang of [...CHAT_LANGS, 'hi-Latn' as const]) {
      const file = readKnowledgeFile(lang);
      for (const id of KNOWLEDGE_IDS)
        expect(file.questions[id]?.length, `${lang}:${id}`).toBeGreaterThan(0);
      for (const id of DATA_INTENTS)
        expect(file.intents[id]?.length, `${lang}:${id}`).toBeGreaterThan(0);
    }
  });

  it('state the domain figures, in the language’s script, with no placeholder left', () => {
    for (const lang of CHAT_LANGS) {
      const answers = ANSWER_PACKS[lang].answers;
      expect(answers.expiry).toContain(String(FACTS.defaultExpiryHours));
      expect(answers.map_nearby).toContain(String(FACTS.nearbyRadiusKm));
      expect(answers.tokens).toContain(String(FACTS.volunteerTokens));
      expect(answers.co2).toContain(String(FACTS.co2KgPerMeal));
      expect(answers.co2).toContain(String(FACTS.co2GramsPerKm));
      expect(answers.co2).not.toContain('404');
      for (const id of KNOWLEDGE_IDS) {
        expect(answers[id], `${lang}:${id}`).not.toMatch(/\{(fact|ui):/);
        expect(detectScript(answers[id]), `${lang}:${id}`).toBe(REPLY_SCRIPT[lang]);
      }
    }
  });

  it('take screen words from the web catalogue, and their own words without one', () => {
    const te = readKnowledgeFile('te');
    const catalogue = new Map([['auth.register.submit', 'ఖాతా తెరవండి']]);
    expect(buildAnswerPack('te', te, catalogue).answers.sign_up).toContain('ఖాతా తెరవండి');
    expect(buildAnswerPack('te', te, new Map()).answers.sign_up).toContain('ఖాతా సృష్టించండి');
    expect(fillAnswer('{ui:nav.donations|దానాలు}', 'te', new Map())).toBe('దానాలు');
    expect(() => fillAnswer('{fact:noSuchFact}', 'te', new Map())).toThrow(/noSuchFact/);
    // The menu and button words of the Telugu app, not the assistant's older ones.
    expect(ANSWER_PACKS.te.answers.volunteer_grab).toContain('"దానాలు"');
    expect(ANSWER_PACKS.te.answers.volunteer_grab).toContain('"తీసుకోండి"');
    expect(ANSWER_PACKS.te.answers.volunteer_grab).not.toContain('గ్రాబ్');
    // Badge names as the Analytics page shows them, where the app has the language.
    expect(ANSWER_PACKS.te.phrases.badgeNames.community_helper).toBe('సమాజ సహాయకుడు');
  });
});
