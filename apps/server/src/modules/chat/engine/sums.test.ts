import { describe, expect, it } from 'vitest';
import {
  CO2_KG_PER_UNIT,
  DONOR_TOKENS_PER_GOOD_COLLECTION,
  MEALS_PER_FAMILY_DAY,
  VOLUNTEER_TOKENS_PER_COMPLETION,
} from '@annasetu/domain';
import { ANSWER_PACKS } from '../knowledge/index.js';
import { sumReply } from '../chat.service.js';
import { Renderer } from './render.js';
import { asciiDigits, asksMealsOfWeight, findSum } from './sums.js';
import { tokenize } from './text.js';

const sumOf = (text: string) => findSum(tokenize(text));

describe('findSum', () => {
  it('counts a donor’s tokens per good collection and a volunteer’s per delivery', () => {
    expect(sumOf('4 good pickups how many tokens')).toEqual({
      kind: 'donorTokens',
      count: 4,
      per: DONOR_TOKENS_PER_GOOD_COLLECTION,
      total: 4 * DONOR_TOKENS_PER_GOOD_COLLECTION,
    });
    expect(sumOf('I finished 7 deliveries, tokens?')).toMatchObject({
      kind: 'volunteerTokens',
      total: 7 * VOLUNTEER_TOKENS_PER_COMPLETION,
    });
    expect(sumOf('3 डिलीवरी के कितने टोकन')).toMatchObject({ kind: 'volunteerTokens', total: 15 });
  });

  it('turns meals, kg and litres into CO2 with the unit’s factor', () => {
    expect(sumOf('40 meals how much CO2')).toMatchObject({
      kind: 'co2',
      unit: 'meals',
      total: 40 * CO2_KG_PER_UNIT.meals,
    });
    expect(sumOf('12 kg of rice, how much co2 is saved')).toMatchObject({
      unit: 'kg',
      total: 12 * CO2_KG_PER_UNIT.kg,
    });
    expect(sumOf('20kg sabzi donate ki to kitna co2')).toMatchObject({ unit: 'kg', total: 50 });
    expect(sumOf('৩০ লিটার ডাল দিলে কত CO2')).toMatchObject({ unit: 'liters', total: 75 });
  });

  it('turns meals into family-days', () => {
    expect(sumOf('96 meals how many families')).toEqual({
      kind: 'families',
      meals: 96,
      per: MEALS_PER_FAMILY_DAY,
      total: 96 / MEALS_PER_FAMILY_DAY,
    });
    expect(sumOf('60 ಊಟದಲ್ಲಿ ಎಷ್ಟು ಕುಟುಂಬಕ್ಕೆ')).toMatchObject({ kind: 'families', total: 5 });
  });

  it('finds the next CO2 milestone', () => {
    expect(sumOf('I am at 47 kg CO2, what is the next milestone')).toEqual({
      kind: 'milestone',
      saved: 47,
      next: 50,
      remaining: 3,
    });
  });

  it('leaves questions without a figure or a sum alone', () => {
    expect(sumOf('how many tokens do I get')).toBeNull();
    expect(sumOf('donations within 5 km')).toBeNull();
    expect(sumOf('how much co2 is saved per meal')).toBeNull();
  });

  it('reads digits of Indian scripts', () => {
    expect(asciiDigits('১৫ কেজি ४० ೧೨')).toBe('15 কেজি 40 12');
  });
});

describe('sumReply', () => {
  it('states the figure and the rule in the user’s language', () => {
    const en = new Renderer('en', ANSWER_PACKS.en);
    const reply = sumReply(sumOf('40 meals how much CO2')!, en);
    expect(reply).toContain('52');
    expect(reply).toContain(String(CO2_KG_PER_UNIT.meals));
    const hi = new Renderer('hi', ANSWER_PACKS.hi);
    const tokens = sumReply(sumOf('4 good pickups how many tokens')!, hi);
    expect(tokens).toContain('40');
    expect(tokens).toMatch(/टोकन/);
    const ta = new Renderer('ta', ANSWER_PACKS.ta);
    expect(sumReply(sumOf('96 meals how many families')!, ta)).toContain('8');
  });
});

describe('expiry time', () => {
  it('adds the hours to expiry to the clock time of posting', () => {
    expect(sumOf('posted at 9 pm with 5 hours expiry')).toEqual({
      kind: 'expiryTime',
      start: 21 * 60,
      hours: 5,
      end: 26 * 60,
    });
    expect(sumOf('सुबह 10 बजे डोनेशन डाला और एक्सपायरी 6 घंटे रखी')).toMatchObject({
      start: 10 * 60,
      end: 16 * 60,
    });
  });

  it('says the end time, on the next day when it passes midnight', () => {
    const en = new Renderer('en', ANSWER_PACKS.en);
    expect(sumReply(sumOf('posted at 9 pm with 5 hours expiry')!, en)).toMatch(
      /21:00.*02:00 the next day/,
    );
    const hi = new Renderer('hi', ANSWER_PACKS.hi);
    expect(sumReply(sumOf('सुबह 10 बजे डाला, एक्सपायरी 6 घंटे')!, hi)).toContain('16:00');
  });
});

describe('badge progress', () => {
  it('names the next badge and how many more actions it needs', () => {
    expect(sumOf('I have made 9 donations, how many more for the next badge')).toEqual({
      kind: 'badge',
      have: 9,
      badge: 'community_helper',
      threshold: 10,
      remaining: 1,
    });
    expect(sumOf('saved 120 kg CO2, which badge next')).toMatchObject({
      badge: 'co2_saver_500',
      remaining: 380,
    });
    const en = new Renderer('en', ANSWER_PACKS.en);
    expect(sumReply(sumOf('9 donations, next badge?')!, en)).toMatch(
      /Community Helper.*10.*1 more/,
    );
  });
});

describe('asksMealsOfWeight', () => {
  const asks = (text: string) => asksMealsOfWeight(tokenize(text));

  it('reads food given in kg with a meal word as how meals are counted (no conversion exists)', () => {
    expect(asks('10 kg rice, how many meals is that')).toBe(true);
    expect(asks('8 किलो खाना कितने मील गिना जाएगा')).toBe(true);
  });

  it('leaves meals given as a figure, CO2 sums and questions without a meal word alone', () => {
    expect(asks('posted 10 kg by mistake, it should be 10 meals')).toBe(false);
    expect(asks('5 kg food how much CO2 is saved per meal')).toBe(false);
    expect(asks('20 kg of rice, can I donate it')).toBe(false);
  });
});
