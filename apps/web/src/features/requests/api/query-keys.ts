import type { RequestFilter } from '@annasetu/domain';

/**
 * Cache keys of requests, the only place they are written. One key holds one shape: the
 * incoming deliveries are cached once, as the array `getIncoming` returns, by every screen that
 * shows them. Every workflow move invalidates `all`.
 */
export const requestKeys = {
  all: ['requests'] as const,
  list: (filter: RequestFilter) => [...requestKeys.all, 'list', filter] as const,
  incoming: () => [...requestKeys.all, 'incoming'] as const,
  trip: () => [...requestKeys.all, 'trip'] as const,
  photo: (requestId: string) => [...requestKeys.all, 'photo', requestId] as const,
  handover: (donationId: string) => [...requestKeys.all, 'handover', donationId] as const,
  /** Every pickup conversation: a live `thread` event refreshes these and nothing else. */
  threads: () => [...requestKeys.all, 'thread'] as const,
  thread: (requestId: string) => [...requestKeys.threads(), requestId] as const,
};
