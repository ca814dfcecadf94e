import { describe, expect, it } from 'vitest';
import { isMobileNumber, toE164 } from './phone.js';
import { phoneSchema } from '../schemas/common.js';

describe('toE164', () => {
  it('reads Indian numbers however they are written', () => {
    for (const typed of ['+91 98765 43210', '098765 43210', '9876543210', '+91-98765-43210']) {
      expect(toE164(typed)).toBe('+919876543210');
    }
  });

  it('keeps other countries when the number says so', () => {
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('refuses numbers that cannot exist', () => {
    for (const typed of ['12345', '+91 98765 4321', '0000000000', 'call me', '+999 1234567']) {
      expect(toE164(typed)).toBeNull();
    }
  });

  it('tells a mobile from a landline', () => {
    expect(isMobileNumber('+919876543210')).toBe(true);
    expect(isMobileNumber(toE164('011 2345 6789')!)).toBe(false);
  });
});

describe('phoneSchema', () => {
  it('stores E.164 and reports a bad number by its code', () => {
    expect(phoneSchema.parse(' 98765 43210 ')).toBe('+919876543210');
    const bad = phoneSchema.safeParse('+91 98765 4321');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('PHONE_INVALID');
    expect(phoneSchema.safeParse('').error?.issues[0]?.message).toBe('REQUIRED_FIELDS_MISSING');
  });
});
