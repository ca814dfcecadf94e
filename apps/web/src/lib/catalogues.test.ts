import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, EVENT_ACTIONS, UI_LANGUAGES } from '@annasetu/domain';
import { flatten, readCatalogues } from '../testing/catalogues';
import { CLIENT_ERROR_CODES } from './api-client';

const catalogues = readCatalogues();
const english = flatten(catalogues.en!);
const placeholders = (value: unknown) =>
  [...String(value).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

// Values that are the same in every script: brand-free symbols and formats.
const SAME_EVERYWHERE = new Set([
  'location.coordinates',
  'landing.stats.atLeast',
  'publicImpact.quality.countShare',
  'publicImpact.openData.csv',
  // Temperatures: a number and °C read the same in every language.
  'hygiene.questions.chilledFood.a',
  'hygiene.questions.chilledFood.b',
  'hygiene.questions.chilledFood.c',
  // A brand's name, as its app shows it on every Indian phone.
  'notifications.preferences.whatsapp',
]);
// Latin-script words Indian readers see in every language: units, file types, formats.
const LATIN_ALLOWED = new Set([
  'CO2',
  'CO',
  'PDF',
  'CSV',
  'JSON',
  'HTML',
  'API',
  'JPEG',
  'PNG',
  'WebP',
  'MB',
  'HH',
  'MM',
  'QR',
  // The food regulator's name, printed as is on every licence and registration certificate.
  'FSSAI',
  // Degrees Celsius (°C), as thermometers show it.
  'C',
  // Paper sizes (ISO 216), as every ream of paper and every printer names them.
  'A4',
  'A6',
  // The opt-out word an SMS answer asks for, typed as written in any language.
  'STOP',
  // The messaging app's name, written in Latin letters on every Indian phone.
  'WhatsApp',
  // Coordinated Universal Time, the clock public weeks and months are counted in.
  'UTC',
  // The iCalendar repeat-rule syntax (RRULE), typed as is in every language.
  'iCalendar',
  'RRULE',
  'FREQ',
  'BYDAY',
  'BYMONTHDAY',
  'DAILY',
  'WEEKLY',
  'MONTHLY',
  'MO',
  'TU',
  'WE',
  'TH',
  'FR',
  'SA',
  'SU',
]);

describe('translation catalogues', () => {
  it('exist for exactly the UI languages', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...UI_LANGUAGES].sort());
  });

  it('have an English message for every error code of the API and of the client', () => {
    const codes = [...Object.keys(ERROR_MESSAGES), ...CLIENT_ERROR_CODES];
    const missing = codes.filter((code) => typeof english[`errors.${code}`] !== 'string');
    expect(missing).toEqual([]);
  });

  it('have an English label for every action the event log records', () => {
    const missing = EVENT_ACTIONS.filter(
      (action) => typeof english[`admin.eventLabels.${action}`] !== 'string',
    );
    expect(missing).toEqual([]);
  });

  for (const language of UI_LANGUAGES.filter((l) => l !== 'en')) {
    describe(language, () => {
      const flat = flatten(catalogues[language]!);

      it('has every key of the English catalogue, and no other', () => {
        const missing = Object.keys(english).filter((key) => !(key in flat));
        const extra = Object.keys(flat).filter((key) => !(key in english));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      });

      it('has no empty values and keeps every {{placeholder}}', () => {
        const problems = Object.entries(english).flatMap(([key, value]) => {
          const translated = flat[key];
          if (typeof translated !== 'string' || translated.trim() === '') return [`${key}: empty`];
          const want = placeholders(value).join(',');
          const got = placeholders(translated).join(',');
          return want === got ? [] : [`${key}: {{${want}}} vs {{${got}}}`];
        });
        expect(problems).toEqual([]);
      });

      it('is translated, not copied from English', () => {
        const copied = Object.entries(english)
          .filter(([key, value]) => !SAME_EVERYWHERE.has(key) && flat[key] === value)
          .map(([key]) => key);
        expect(copied).toEqual([]);
      });

      it('leaves no English words except the allowed units and formats', () => {
        const latin = Object.entries(flat).flatMap(([key, value]) =>
          (
            String(value)
              .replace(/\{\{\s*\w+\s*\}\}/g, '')
              .match(/[A-Za-z][A-Za-z0-9]*/g) ?? []
          )
            .filter((word) => !LATIN_ALLOWED.has(word))
            .map((word) => `${key}: ${word}`),
        );
        expect(latin).toEqual([]);
      });
    });
  }
});
