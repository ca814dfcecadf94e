import { describe, expect, it } from 'vitest';
import {
  completionPaysVolunteer,
  donorTokensForCollection,
  volunteerTokensForCompletion,
} from './tokens.js';

describe('donorTokensForCollection', () => {
  it('gives the donor 10 tokens for a good collection', () => {
    expect(donorTokensForCollection('good')).toBe(10);
  });

  it('gives nothing for a bad collection', () => {
    expect(donorTokensForCollection('bad')).toBe(0);
  });
});

describe('volunteerTokensForCompletion', () => {
  it('gives the volunteer 5 tokens the first time', () => {
    expect(volunteerTokensForCompletion(false)).toBe(5);
  });

  it('gives nothing when the request already paid out', () => {
    expect(volunteerTokensForCompletion(true)).toBe(0);
  });
});

describe('completionPaysVolunteer', () => {
  it('pays only when a volunteer carried the food', () => {
    expect(completionPaysVolunteer({ volunteerId: 'b8f0c1de-0000-4000-8000-000000000001' })).toBe(
      true,
    );
    expect(completionPaysVolunteer({ volunteerId: null })).toBe(false);
  });
});
