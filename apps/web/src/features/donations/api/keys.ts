/** Cache keys of donation lists; every donation or request change invalidates `all`. */
export const donationKeys = {
  all: ['donations'] as const,
  mine: () => ['donations', 'mine'] as const,
  available: (filter: { radiusKm: number; sort: string }) =>
    ['donations', 'available', filter] as const,
};
