import { describe, expect, it } from 'vitest';
import {
  createRequestInputSchema,
  requestListQuerySchema,
  updateRequestStatusInputSchema,
} from './request.js';
import { issueCodes } from './test-helpers.js';

describe('createRequestInputSchema', () => {
  it('accepts an empty body and optional notes and food type', () => {
    expect(createRequestInputSchema.parse({})).toEqual({});
    expect(
      createRequestInputSchema.parse({ notes: 'Pickup after 6\nGate 2', foodType: ' rice ' }),
    ).toEqual({ notes: 'Pickup after 6\nGate 2', foodType: 'rice' });
  });

  it('refuses markup and unknown keys', () => {
    expect(issueCodes(createRequestInputSchema, { notes: '<script>x</script>' })).toEqual([
      'notes: TEXT_MARKUP_NOT_ALLOWED',
    ]);
    expect(issueCodes(createRequestInputSchema, { status: 'accepted' })).toHaveLength(1);
  });
});

describe('updateRequestStatusInputSchema', () => {
  it('accepts the plain status updates', () => {
    for (const status of ['accepted', 'rejected', 'fulfilled', 'cancelled']) {
      expect(issueCodes(updateRequestStatusInputSchema, { status })).toEqual([]);
    }
  });

  it('does not let a status update collect (that goes through collectDonation)', () => {
    expect(issueCodes(updateRequestStatusInputSchema, { status: 'collected' })).toEqual([
      'status: INVALID_VALUE',
    ]);
    expect(issueCodes(updateRequestStatusInputSchema, {})).toEqual([
      'status: REQUIRED_FIELDS_MISSING',
    ]);
  });

  it('takes a quality only when confirming receipt', () => {
    expect(
      issueCodes(updateRequestStatusInputSchema, { status: 'fulfilled', quality: 'good' }),
    ).toEqual([]);
    expect(
      issueCodes(updateRequestStatusInputSchema, { status: 'accepted', quality: 'good' }),
    ).toEqual(['quality: INVALID_VALUE']);
  });
});

describe('requestListQuerySchema', () => {
  it('defaults to the active filter', () => {
    expect(requestListQuerySchema.parse({})).toEqual({ filter: 'active', limit: 50 });
  });

  it('accepts the seed filters only', () => {
    for (const filter of ['active', 'all', 'pending', 'accepted', 'rejected', 'fulfilled']) {
      expect(issueCodes(requestListQuerySchema, { filter })).toEqual([]);
    }
    expect(issueCodes(requestListQuerySchema, { filter: 'mine' })).toEqual([
      'filter: INVALID_VALUE',
    ]);
  });

  it('checks the donation id', () => {
    expect(issueCodes(requestListQuerySchema, { donationId: '42' })).toEqual([
      'donationId: INVALID_VALUE',
    ]);
  });
});
