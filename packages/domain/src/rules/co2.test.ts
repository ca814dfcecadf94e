import { describe, expect, it } from 'vitest';
import {
  co2FactorFor,
  co2ForDonation,
  impactOfCollection,
  kgFor,
  mealsFor,
  sumCo2,
} from './co2.js';

describe('co2ForDonation', () => {
  it('credits 1.3 kg per meal of good food', () => {
    expect(co2ForDonation(10, 'meals', 'good')).toBe(13);
    expect(co2ForDonation(3, 'meals', 'good')).toBe(3.9);
  });

  it('credits 2.5 kg per kg, liter and pack of good food', () => {
    expect(co2ForDonation(4, 'kg', 'good')).toBe(10);
    expect(co2ForDonation(2, 'liters', 'good')).toBe(5);
    expect(co2ForDonation(1, 'packs', 'good')).toBe(2.5);
  });

  it('credits nothing for bad food, whatever the unit', () => {
    expect(co2ForDonation(10, 'meals', 'bad')).toBe(0);
    expect(co2ForDonation(10, 'kg', 'bad')).toBe(0);
  });

  it('credits nothing for a unit it does not know', () => {
    expect(co2ForDonation(10, 'boxes', 'good')).toBe(0);
    expect(co2FactorFor('toString')).toBe(0);
  });

  it('credits nothing for a zero, negative or non-finite quantity', () => {
    expect(co2ForDonation(0, 'meals', 'good')).toBe(0);
    expect(co2ForDonation(-5, 'kg', 'good')).toBe(0);
    expect(co2ForDonation(Number.NaN, 'kg', 'good')).toBe(0);
    expect(co2ForDonation(Number.POSITIVE_INFINITY, 'kg', 'good')).toBe(0);
  });

  it('handles fractional quantities to the gram', () => {
    expect(co2ForDonation(1.5, 'kg', 'good')).toBe(3.75);
    expect(co2ForDonation(0.333, 'kg', 'good')).toBe(0.833);
  });
});

describe('mealsFor and kgFor', () => {
  it('counts meals only when the unit is meals', () => {
    expect(mealsFor(25, 'meals')).toBe(25);
    expect(mealsFor(25, 'kg')).toBe(0);
    expect(mealsFor(25, 'packs')).toBe(0);
  });

  it('counts kg only when the unit is kg', () => {
    expect(kgFor(7.5, 'kg')).toBe(7.5);
    expect(kgFor(7.5, 'liters')).toBe(0);
    expect(kgFor(7.5, 'meals')).toBe(0);
  });

  it('ignores nonsense quantities', () => {
    expect(mealsFor(-1, 'meals')).toBe(0);
    expect(kgFor(Number.NaN, 'kg')).toBe(0);
  });
});

describe('impactOfCollection', () => {
  it('adds CO2 and meals for good food in meals', () => {
    expect(impactOfCollection(20, 'meals', 'good')).toEqual({
      co2Saved: 26,
      mealsDonated: 20,
      kgDonated: 0,
    });
  });

  it('adds CO2 and kg for good food in kg', () => {
    expect(impactOfCollection(4, 'kg', 'good')).toEqual({
      co2Saved: 10,
      mealsDonated: 0,
      kgDonated: 4,
    });
  });

  it('adds nothing for bad food', () => {
    expect(impactOfCollection(20, 'meals', 'bad')).toEqual({
      co2Saved: 0,
      mealsDonated: 0,
      kgDonated: 0,
    });
  });
});

describe('sumCo2', () => {
  it('adds without float drift', () => {
    expect(sumCo2([1.3, 1.3, 1.3])).toBe(3.9);
    expect(sumCo2([0.1, 0.2])).toBe(0.3);
    expect(sumCo2([])).toBe(0);
  });
});
