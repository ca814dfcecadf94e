import { describe, expect, it } from 'vitest';
import { HOLDING_KINDS, SAFE_BY_RULES } from '../constants/food-safety.js';
import { fssaiNumberSchema } from '../schemas/common.js';
import { createDonationInputSchema, donationFormInputSchema } from '../schemas/donation.js';
import { foodSafeUntil, isFitForPeopleAt, safeForPeopleUntil } from './safe-by.js';

const prepared = '2026-11-28T06:00:00.000Z';
const hours = (h: number) => new Date(Date.parse(prepared) + h * 3_600_000).toISOString();

describe('foodSafeUntil', () => {
  it('has a rule for every holding kind', () => {
    expect(Object.keys(SAFE_BY_RULES).sort()).toEqual([...HOLDING_KINDS].sort());
  });

  it.each([
    ['hot', 4],
    ['chilled', 24],
    ['room', 2],
  ] as const)('counts %s food from its preparation (%i h)', (holding, h) => {
    expect(foodSafeUntil({ holding, preparedAt: prepared })?.toISOString()).toBe(hours(h));
  });

  it('takes packaged food’s own use-by, and has none without it', () => {
    const useBy = hours(30);
    expect(foodSafeUntil({ holding: 'packaged', preparedAt: prepared, useBy })?.toISOString()).toBe(
      useBy,
    );
    expect(foodSafeUntil({ holding: 'packaged', preparedAt: prepared })).toBeNull();
  });
});

describe('safeForPeopleUntil', () => {
  it('is capped by the expiry', () => {
    expect(
      safeForPeopleUntil({ foodSafeUntil: hours(24), expiryTime: hours(6) })?.toISOString(),
    ).toBe(hours(6));
    expect(
      safeForPeopleUntil({ foodSafeUntil: hours(4), expiryTime: hours(6) })?.toISOString(),
    ).toBe(hours(4));
    expect(safeForPeopleUntil({ foodSafeUntil: null, expiryTime: hours(6) })).toBeNull();
  });

  it('makes food unfit for people from the safe-by instant on', () => {
    const d = { foodSafeUntil: hours(4), expiryTime: hours(6) };
    expect(isFitForPeopleAt(d, hours(3.99))).toBe(true);
    expect(isFitForPeopleAt(d, hours(4))).toBe(false);
    expect(isFitForPeopleAt({ foodSafeUntil: null, expiryTime: hours(6) }, hours(5))).toBe(true);
  });
});

describe('fssaiNumberSchema', () => {
  it.each(['10019022000123', '1001 9022 0001 23', '1001-9022-0001-23', ''])('accepts %j', (v) => {
    expect(fssaiNumberSchema.safeParse(v).success).toBe(true);
  });
  it.each(['1001902200012', '100190220001234', 'ABCDEFGHIJKLMN', '१००१९०२२०००१२३'])(
    'refuses %j with FSSAI_NUMBER_INVALID',
    (v) => {
      const result = fssaiNumberSchema.safeParse(v);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('FSSAI_NUMBER_INVALID');
    },
  );
});

describe('the donation input’s holding', () => {
  const base = {
    cuisine: 'Andhra',
    foodType: 'Pulihora',
    vegType: 'veg',
    quantity: 10,
    prepDate: new Date().toISOString().slice(0, 10),
    prepTime: '11:00',
    deliveryMethod: 'volunteer',
  };
  it('is optional for the API and required by the form', () => {
    expect(createDonationInputSchema.safeParse(base).success).toBe(true);
    const form = donationFormInputSchema.safeParse(base);
    expect(form.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['holding', 'HOLDING_REQUIRED'],
    ]);
  });
});
