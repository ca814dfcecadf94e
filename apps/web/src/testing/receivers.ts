import type { mockApi } from './fetch-mock';

export const BANK = '00000000-0000-4000-8000-0000000000b1';
export const NURSERY = '00000000-0000-4000-8000-0000000000b2';
export const FARM = '00000000-0000-4000-8000-0000000000b3';

/** A receiver as GET /api/users lists it. */
export const receiver = (id: string, role: string, name: string) => ({
  id,
  role,
  name,
  organizationName: name,
  isVerified: false,
  area: null,
  distanceKm: null,
});

/** One receiver of each destination type. */
export const RECEIVERS: Record<string, ReturnType<typeof receiver>[]> = {
  foodbank: [receiver(BANK, 'foodbank', 'Asha Food Bank')],
  nursery: [receiver(NURSERY, 'nursery', 'Green Nursery')],
  poultry: [receiver(FARM, 'poultry', 'Kaveri Farm')],
};

/**
 * A reply for `GET /api/users` that lists only the receivers of the role asked for, as the
 * server does (mockApi's table keys on the path, so the query is read from the call itself).
 */
export function usersByRole(api: () => ReturnType<typeof mockApi>, receivers = RECEIVERS) {
  return () => {
    const url = String(api().fetchMock.mock.lastCall?.[0] ?? '');
    const role = new URL(url, 'http://localhost').searchParams.get('role') ?? '';
    return { body: { items: receivers[role] ?? [] } };
  };
}
