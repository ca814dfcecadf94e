import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSession } from '../../../lib/session';
import { requestsQueryOptions } from './get-requests';

/**
 * The donations the signed-in person has an open request on (pending or accepted), from the
 * first page of their active requests (the requests screen's own cache). Beyond that page the
 * server still answers ALREADY_REQUESTED. `enabled` false: none, and nothing is fetched.
 */
export function useRequestedDonationIds(enabled: boolean): ReadonlySet<string> {
  const { user } = useSession();
  const active = useInfiniteQuery({ ...requestsQueryOptions('active'), enabled });
  return useMemo(
    () =>
      new Set(
        (active.data?.pages ?? [])
          .flatMap((page) => page.items)
          .filter((request) => request.requesterId === user?.id)
          .map((request) => request.donationId),
      ),
    [active.data, user?.id],
  );
}
