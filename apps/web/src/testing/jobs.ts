import { vi } from 'vitest';
import type { FoodRequest } from '@annasetu/domain';

/** The volunteer who carries the jobs below. */
export const VOLUNTEER = '00000000-0000-4000-8000-0000000000c1';

/**
 * A receiver's request the volunteer carries from kitchen `n` to food bank `n`, accepted (grabbed,
 * not yet collected) unless `overrides` says otherwise.
 */
export function volunteerJob(n: number, overrides: Partial<FoodRequest> = {}): FoodRequest {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    donationId: `00000000-0000-4000-8000-0000000000d${n}`,
    requesterId: `00000000-0000-4000-8000-0000000000b${n}`,
    requesterName: `Seva Bank ${n}`,
    status: 'accepted',
    foodType: `Meal ${n}`,
    quantity: 10,
    unit: 'meals',
    donorId: `00000000-0000-4000-8000-0000000000a${n}`,
    donorName: `Kitchen ${n}`,
    donorArea: 'Indiranagar, Bengaluru',
    donorAddress: `${n} CMH Road, Indiranagar, Bengaluru`,
    isVolunteerRequest: false,
    isRoutedByVolunteer: true,
    isSelfDelivery: false,
    volunteerId: VOLUNTEER,
    volunteerName: 'Ravi',
    destinationUserId: `00000000-0000-4000-8000-0000000000b${n}`,
    destinationName: `Seva Bank ${n}`,
    destinationArea: 'Koramangala, Bengaluru',
    pickupPoint: { lat: 12.97, lng: 77.5 + n / 100 },
    dropoffPoint: { lat: 12.97, lng: 77.53 + n / 100 },
    createdAt: '2026-11-24T09:00:00.000Z',
    ...overrides,
  } as FoodRequest;
}

/** Virtual lists watch what is on screen; jsdom has no IntersectionObserver. */
export function stubIntersectionObserver() {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
