import { readdirSync } from 'node:fs';
import { NOTIFICATION_TYPES, UI_LANGUAGES } from '@annasetu/domain';
import { describe, expect, it } from 'vitest';
import { catalogueProblems, flatten } from './catalogue-checks.js';
import { MESSAGE_CATALOGUES, message, messageGroup } from './index.js';

// Latin letters every reader sees: the CO₂ formula, the FSSAI's name and degrees Celsius.
// STOP: the opt-out word an SMS asks for, typed as written in any language.
// The messaging app's name is written in Latin letters on every Indian phone.
const LATIN_ALLOWED = new Set(['CO', 'FSSAI', 'C', 'STOP', 'WhatsApp']);
const english = MESSAGE_CATALOGUES.en;

describe('server message catalogues', () => {
  it('exist for exactly the UI languages', () => {
    const files = readdirSync(new URL('./locales/', import.meta.url)).filter((f) =>
      f.endsWith('.json'),
    );
    expect(files.map((f) => f.replace('.json', '')).sort()).toEqual([...UI_LANGUAGES].sort());
  });

  it('give every notification type a push title and body, with only actor, food and what was said to fill', () => {
    const flat = flatten(english);
    for (const type of NOTIFICATION_TYPES) {
      for (const part of ['title', 'body']) {
        const text = flat[`push.${type}.${part}`];
        expect(text, `${type}.${part}`).toEqual(expect.any(String));
        expect(text!.replace(/\{\{(actor|food|said)\}\}/g, ''), `${type}.${part}`).not.toMatch(
          /[{}]/,
        );
      }
    }
    const types: readonly string[] = NOTIFICATION_TYPES;
    expect(Object.keys(english.push as object).filter((t) => !types.includes(t))).toEqual([]);
  });

  for (const lang of UI_LANGUAGES) {
    it(`${lang}: has every message of the English catalogue, translated, with its variables`, () => {
      expect(
        catalogueProblems(lang, MESSAGE_CATALOGUES[lang], english, {
          latinAllowed: LATIN_ALLOWED,
        }),
      ).toEqual([]);
    });
  }

  it('finds a missing message, a lost variable, a copied text and a stray English word', () => {
    const broken = structuredClone(MESSAGE_CATALOGUES.hi) as {
      push: Record<string, { title: string; body: string }>;
      mail: { greeting: string; signature?: string };
      badge: { brand: string };
    };
    delete broken.mail.signature;
    broken.mail.greeting = 'नमस्ते,';
    broken.push.system!.title = (english.push as typeof broken.push).system!.title;
    broken.badge.brand = 'अन्नसेतु app';
    expect(
      catalogueProblems('hi', broken, english, { latinAllowed: LATIN_ALLOWED }).sort(),
    ).toEqual([
      'badge.brand: English word app',
      'mail.greeting: {{name}} in English, {{}} here',
      'mail.signature: missing',
      'push.system.title: English word AnnaSetu',
      'push.system.title: copied from English',
    ]);
  });

  it('takes the language with each call, so interleaved readers never share one', () => {
    const values = { actor: 'Ravi', food: 'Idli' };
    const hi = message('hi', 'push.request_accepted.body', values);
    const en = message('en', 'push.request_accepted.body', values);
    expect(hi).toBe('Ravi ने "Idli" के लिए आपका अनुरोध स्वीकार कर लिया।');
    expect(en).toBe('Ravi accepted your request for "Idli".');
    expect(message('hi', 'push.request_accepted.body', values)).toBe(hi);
    // No HTML escaping here (mail escapes where it builds HTML), and values are not read as
    // placeholders or nested keys.
    expect(message('en', 'mail.greeting', { name: '<Asha> {{name}} $t(mail.signature)' })).toBe(
      'Hello <Asha> {{name}} $t(mail.signature),',
    );
    // A language without a catalogue reads English.
    expect(messageGroup<{ brand: string }>('xx', 'badge').brand).toBe('AnnaSetu');
  });
});
