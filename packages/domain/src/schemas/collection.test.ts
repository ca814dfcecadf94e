import { describe, expect, it } from 'vitest';
import { collectDonationInputSchema } from './collection.js';
import { issueCodes } from './test-helpers.js';

const ids = {
  donationId: '3f1d9a52-7c4e-4b8e-9a51-0d2f6b7c8e90',
  requestId: '5a2e8c41-1b3d-4f6a-8e7c-9d0b1a2c3e4f',
  destinationUserId: '9c8b7a65-4d3e-4f21-8a0b-1c2d3e4f5a6b',
};

describe('collectDonationInputSchema', () => {
  it('sends good food to a food bank', () => {
    expect(
      issueCodes(collectDonationInputSchema, {
        ...ids,
        quality: 'good',
        destinationType: 'foodbank',
      }),
    ).toEqual([]);
  });

  it('sends bad food to a nursery or poultry farm', () => {
    for (const destinationType of ['nursery', 'poultry']) {
      expect(
        issueCodes(collectDonationInputSchema, { ...ids, quality: 'bad', destinationType }),
      ).toEqual([]);
    }
  });

  it('refuses good food to a nursery or poultry farm', () => {
    for (const destinationType of ['nursery', 'poultry']) {
      expect(
        issueCodes(collectDonationInputSchema, { ...ids, quality: 'good', destinationType }),
      ).toEqual(['destinationType: QUALITY_DESTINATION_MISMATCH']);
    }
  });

  it('refuses bad food to a food bank', () => {
    expect(
      issueCodes(collectDonationInputSchema, {
        ...ids,
        quality: 'bad',
        destinationType: 'foodbank',
      }),
    ).toEqual(['destinationType: QUALITY_DESTINATION_MISMATCH']);
  });

  it('requires the destination and the quality', () => {
    const { destinationUserId: _d, ...noUser } = ids;
    expect(issueCodes(collectDonationInputSchema, { ...noUser, quality: 'good' })).toEqual([
      'destinationType: DESTINATION_REQUIRED',
      'destinationUserId: DESTINATION_REQUIRED',
    ]);
    expect(issueCodes(collectDonationInputSchema, { ...ids, destinationType: 'foodbank' })).toEqual(
      ['quality: QUALITY_REQUIRED'],
    );
  });

  it('reports a missing request id with the seed message code', () => {
    const { requestId: _r, ...noRequest } = ids;
    expect(
      issueCodes(collectDonationInputSchema, {
        ...noRequest,
        quality: 'good',
        destinationType: 'foodbank',
      }),
    ).toEqual(['requestId: REQUEST_INFO_MISSING']);
  });

  it('does not take destination info from the client', () => {
    expect(
      issueCodes(collectDonationInputSchema, {
        ...ids,
        quality: 'good',
        destinationType: 'foodbank',
        destinationInfo: { name: 'x' },
      }),
    ).toHaveLength(1);
  });
});
