import {
  DESTINATIONS_BY_QUALITY,
  type DestinationType,
  type Quality,
} from '../constants/statuses.js';
import type { Role } from '../constants/roles.js';

/** Destination types a collection of this quality may go to (good: food bank; bad: the rest). */
export function destinationTypesFor(quality: Quality): readonly DestinationType[] {
  return DESTINATIONS_BY_QUALITY[quality];
}

/** Whether food of this quality may go to this destination type (seed section 4). */
export function isDestinationAllowed(quality: Quality, destinationType: DestinationType): boolean {
  return DESTINATIONS_BY_QUALITY[quality].includes(destinationType);
}

/** Whether a user can be the destination of this type: its role must be that type. */
export function roleMatchesDestination(role: Role, destinationType: DestinationType): boolean {
  return role === destinationType;
}
