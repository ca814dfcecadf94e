import { describe, expect, it } from 'vitest';
import { DESTINATION_TYPES } from '../constants/statuses.js';
import { ROLES } from '../constants/roles.js';
import {
  destinationTypesFor,
  isDestinationAllowed,
  roleMatchesDestination,
} from './destinations.js';

describe('isDestinationAllowed', () => {
  it('sends good food to a food bank only', () => {
    expect(DESTINATION_TYPES.filter((d) => isDestinationAllowed('good', d))).toEqual(['foodbank']);
  });

  it('sends bad food to a nursery or poultry farm only', () => {
    expect(DESTINATION_TYPES.filter((d) => isDestinationAllowed('bad', d))).toEqual([
      'nursery',
      'poultry',
    ]);
  });

  it('lists the choices for the collect form', () => {
    expect(destinationTypesFor('good')).toEqual(['foodbank']);
    expect(destinationTypesFor('bad')).toEqual(['nursery', 'poultry']);
  });
});

describe('roleMatchesDestination', () => {
  it('accepts only the role of the same name', () => {
    for (const type of DESTINATION_TYPES) {
      expect(ROLES.filter((r) => roleMatchesDestination(r, type))).toEqual([type]);
    }
  });
});
