import {
  DONOR_TOKENS_PER_GOOD_COLLECTION,
  VOLUNTEER_TOKENS_PER_COMPLETION,
} from '../constants/impact.js';
import type { Quality } from '../constants/statuses.js';

/** Tokens the donor earns when their donation is collected: 10 for good food, none for bad. */
export function donorTokensForCollection(quality: Quality): number {
  return quality === 'good' ? DONOR_TOKENS_PER_GOOD_COLLECTION : 0;
}

/**
 * Tokens the volunteer earns when a request becomes fulfilled: 5, once per request. A retry, a
 * second tab or the destination confirming after the volunteer must not pay twice.
 */
export function volunteerTokensForCompletion(alreadyAwarded: boolean): number {
  return alreadyAwarded ? 0 : VOLUNTEER_TOKENS_PER_COMPLETION;
}

/** Whether fulfilling this request pays a volunteer at all: self deliveries have none. */
export function completionPaysVolunteer(request: { volunteerId: string | null }): boolean {
  return request.volunteerId !== null;
}
