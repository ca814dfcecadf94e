import { describe, expect, it } from 'vitest';
import type { Donation } from '@annasetu/domain';
import en from '../../../../public/locales/en/translation.json';
import hi from '../../../../public/locales/hi/translation.json';
import ta from '../../../../public/locales/ta/translation.json';
import { createStaticI18n } from '../../../lib/i18n';
import { makeDonation } from '../../../testing/fixtures';
import {
  NO_VALUE,
  dietMark,
  donationUrl,
  forDisposal,
  labelContent,
  labelTexts,
  type LabelContent,
  type LabelFieldKey,
} from './label-content';

const i18n = createStaticI18n({
  en: { translation: en },
  hi: { translation: hi },
  ta: { translation: ta },
});
const ORIGIN = 'https://annasetu.example.in';
// 10:00 UTC on 28 Nov 2026: the fixture's food is safe for people until 11:40 UTC.
const NOW = Date.parse('2026-11-28T10:00:00.000Z');

function label(
  donation: Donation,
  language = 'hi',
  extra: Partial<{ now: number; fssai: string | null }> = {},
): LabelContent {
  return labelContent(donation, {
    language,
    t: i18n.getFixedT(language),
    english: i18n.getFixedT('en'),
    donorFssai: extra.fssai ? { number: extra.fssai, verified: true } : null,
    origin: ORIGIN,
    now: extra.now ?? NOW,
  });
}

const field = (content: LabelContent, key: LabelFieldKey) =>
  content.fields.find((f) => f.key === key);

describe('labelContent', () => {
  it('pairs every Hindi label and value with its English line', () => {
    const content = label(makeDonation(), 'hi', { fssai: '10020011000123' });
    expect(content.food).toBe('Dal makhani and rotis');
    expect(content.diet).toEqual({ text: 'शाकाहारी', english: 'Vegetarian' });
    expect(field(content, 'donor')).toEqual({
      key: 'donor',
      label: { text: 'दाता', english: 'Donor' },
      // A name is printed once, as the donor wrote it.
      value: { text: 'Asha Kitchen', english: null },
    });
    expect(field(content, 'fssai')?.value).toEqual({ text: '10020011000123', english: null });
    expect(field(content, 'allergens')).toMatchObject({
      label: { text: 'एलर्जी करने वाली चीज़ें', english: 'Allergens' },
      value: { text: 'ग्लूटेन वाले अनाज, दूध', english: 'Cereals with gluten, Milk' },
    });
    expect(field(content, 'holding')?.value).toEqual({
      text: 'गरम, 60 °C से ऊपर',
      english: 'Hot, above 60 °C',
    });
    expect(content.scan.english).toBe('Scan to open this donation and confirm receipt.');
    expect(content.scan.text).toBe(hi.label.scan);
  });

  it('writes the safe-by time in India time, in both languages', () => {
    // 11:40 UTC is 17:10 in India, whatever the time zone of the device.
    const useBy = field(label(makeDonation()), 'useBy');
    expect(useBy?.label).toEqual({ text: 'उपयोग की अंतिम तिथि', english: 'Use by' });
    expect(useBy?.value.english).toBe('28 Nov 2026, 5:10 pm');
    expect(useBy?.value.text).toMatch(/^28 नव.* 2026, शाम 5:10$/);
  });

  it("prints packaged food's own use-by date beside the (earlier) use-by the platform applies", () => {
    const content = label(
      makeDonation({
        holding: 'packaged',
        useBy: '2026-12-05T12:30:00.000Z',
        safeUntil: '2026-11-28T11:40:00.000Z',
      }),
    );
    expect(field(content, 'useBy')?.value.english).toBe('28 Nov 2026, 5:10 pm');
    const pack = field(content, 'packUseBy');
    expect(pack?.label.english).toBe('Use-by date and time on the pack');
    expect(pack?.value.english).toBe('5 Dec 2026, 6:00 pm');
    // Cooked food has no date of its own on a pack.
    expect(field(label(makeDonation()), 'packUseBy')).toBeUndefined();
  });

  it('keeps the preparation time as the donor wrote it', () => {
    const prepared = field(label(makeDonation()), 'prepared');
    expect(prepared?.label).toEqual({ text: 'बनाया गया', english: 'Prepared' });
    expect(prepared?.value.english).toBe('28 Nov 2026, 1:10 pm');
    expect(prepared?.value.text).toContain('दोपहर 1:10');
  });

  it('shows a dash for the pick-up until the food is collected, then its India time', () => {
    expect(field(label(makeDonation()), 'pickedUp')?.value).toEqual({
      text: NO_VALUE,
      english: null,
    });
    const collected = makeDonation({
      status: 'completed',
      completedAt: '2026-11-28T09:15:00.000Z',
    });
    expect(field(label(collected), 'pickedUp')?.value.english).toBe('28 Nov 2026, 2:45 pm');
    // A donation that expired uncollected has no pick-up, whatever its timestamps say.
    const expired = makeDonation({ status: 'expired', completedAt: '2026-11-28T09:15:00.000Z' });
    expect(field(label(expired), 'pickedUp')?.value.text).toBe(NO_VALUE);
  });

  it('says "Food for Disposal" when the food was recorded as not fit for people', () => {
    const rejected = makeDonation({ status: 'rejected', completedAt: '2026-11-28T09:15:00.000Z' });
    expect(label(rejected).disposal).toEqual({
      title: { text: 'निपटान के लिए भोजन', english: 'Food for Disposal' },
      note: {
        text: hi.label.disposal.note,
        english: 'Not fit for people. For animal feed or compost only.',
      },
    });
    expect(forDisposal(rejected, NOW)).toBe(true);
  });

  it('says "Food for Disposal" once the safe-by time has passed, and not before', () => {
    const donation = makeDonation();
    expect(label(donation).disposal).toBeNull();
    expect(
      label(donation, 'hi', { now: Date.parse('2026-11-28T11:40:00.000Z') }).disposal,
    ).not.toBeNull();
    // Without a holding there is no safe-by time: only a bad collection marks it.
    const unstated = makeDonation({ holding: null, safeUntil: null, allergens: [] });
    expect(forDisposal(unstated, Date.parse('2030-01-01T00:00:00Z'))).toBe(false);
  });

  it("uses FSSAI's veg mark for veg food only; mixed food carries the non-veg mark", () => {
    expect(label(makeDonation({ vegType: 'veg' })).mark).toBe('veg');
    expect(label(makeDonation({ vegType: 'nonveg' })).mark).toBe('nonveg');
    const mixed = label(makeDonation({ vegType: 'mixed' }));
    expect(mixed.mark).toBe('nonveg');
    expect(mixed.diet.english).toBe('Mixed (contains non-vegetarian food)');
    expect(dietMark('mixed')).toBe('nonveg');
  });

  it('prints one line per field in English', () => {
    const content = label(makeDonation({ status: 'rejected' }), 'en');
    const pairs = [
      content.diet,
      content.scan,
      content.times,
      content.disposal!.title,
      ...content.fields.flatMap((f) => [f.label, f.value]),
    ];
    expect(pairs.every((pair) => pair.english === null)).toBe(true);
    expect(content.disposal!.title.text).toBe('Food for Disposal');
  });

  it('leaves out the FSSAI row for a donor without a number', () => {
    const keys = label(makeDonation()).fields.map((f) => f.key);
    expect(keys).toEqual(['donor', 'prepared', 'pickedUp', 'useBy', 'holding', 'allergens']);
  });

  it('says "not stated" where the donation did not say how its food is kept', () => {
    const content = label(makeDonation({ holding: null, safeUntil: null, allergens: [] }), 'ta');
    expect(field(content, 'useBy')?.value).toEqual({
      text: 'குறிப்பிடவில்லை',
      english: 'Not stated',
    });
    expect(field(content, 'allergens')?.value.english).toBe('Not stated');
    const none = label(makeDonation({ allergens: [] }));
    expect(field(none, 'allergens')?.value.english).toBe('None declared');
  });

  it("points the code at the donation's page, with nothing but its id", () => {
    const content = label(makeDonation());
    expect(content.url).toBe(`${ORIGIN}/donations/6f1c2a9e-3b7d-4c55-9a10-2e8f4d6b7c01`);
    expect(donationUrl('https://a.example/app/', 'x y')).toBe('https://a.example/donations/x%20y');
    expect(content.fileStem).toBe('annasetu-label-6f1c2a9e');
  });

  it('lists every text it prints, both languages, for the fonts', () => {
    const texts = labelTexts(label(makeDonation({ foodType: 'தயிர் சாதம்' }), 'hi'));
    expect(texts).toContain('தயிர் சாதம்');
    expect(texts).toContain('Use by');
    expect(texts).toContain('उपयोग की अंतिम तिथि');
  });
});
