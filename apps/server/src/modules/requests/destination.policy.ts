// Who may be named as the destination of food (a collection's, or a donor's own delivery). Pure.
import { roleMatchesDestination, type DestinationType } from '@annasetu/domain';
import type { UserRow } from '../../db/schema/index.js';

/**
 * May `destination` receive food as a `destinationType`? Only an account of that type (its role
 * is the type: a food bank, a nursery, a poultry farm) that is not suspended.
 */
export function mayReceiveAs(
  destination: Pick<UserRow, 'role' | 'suspendedAt'> | undefined,
  destinationType: DestinationType,
): destination is Pick<UserRow, 'role' | 'suspendedAt'> {
  return (
    destination !== undefined &&
    destination.suspendedAt === null &&
    roleMatchesDestination(destination.role, destinationType)
  );
}
