/**
 * Cache keys of donation lists, the only place they are written. Every donation or request change
 * invalidates `all`; other features import these factories, never spell the arrays themselves.
 */
export const donationKeys = {
  all: ['donations'] as const,
  mine: () => [...donationKeys.all, 'mine'] as const,
  available: (filter: { radiusKm: number; sort: string }) =>
    [...donationKeys.all, 'available', filter] as const,
  /** One donation as `GET /api/donations/:id` shows it to the caller. */
  detail: (id: string) => [...donationKeys.all, 'detail', id] as const,
};
