import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_LIMITS, type DestinationType } from '@annasetu/domain';
import { api } from './api-client';
import type { ApiResponse } from './api/types';
import { userKeys } from './query-keys';

/** GET /api/users?role=: receivers of one type, as many as the screens ask for (100). */
export function getUsersByRole(role: DestinationType): Promise<ApiResponse<'/api/users', 'get'>> {
  const params = new URLSearchParams({ role, limit: String(LIST_LIMITS.usersByRoleScreen) });
  return api.get<ApiResponse<'/api/users', 'get'>>(`/api/users?${params.toString()}`);
}

export const usersByRoleQueryOptions = (role: DestinationType) =>
  queryOptions({
    queryKey: userKeys.byRole(role),
    queryFn: () => getUsersByRole(role),
    staleTime: 60_000,
  });

/** Destination candidates of one type; nothing is fetched while no type is chosen. */
export function useUsersByRole(role: DestinationType | '' | null) {
  return useQuery({
    ...usersByRoleQueryOptions((role || 'foodbank') as DestinationType),
    enabled: Boolean(role),
  });
}
