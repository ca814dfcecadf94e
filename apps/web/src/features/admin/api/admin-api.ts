import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Role } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { adminKeys } from './query-keys';

export type AdminUserPage = ApiResponse<'/api/admin/users', 'get'>;
/** A user as the admin console sees it: the profile plus when (if) it was suspended. */
export type AdminUser = AdminUserPage['items'][number];
/** One entry of the event log. */
export type AdminEvent = ApiResponse<'/api/admin/events', 'get'>['items'][number];

export interface UserFilters {
  role: Role | 'all';
  search: string;
}

const EVENTS_PAGE = 25;

/** GET /api/admin/users: newest first, filtered by role and search text, 50 a page. */
export function getAdminUsers(filters: UserFilters, cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams();
  if (filters.role !== 'all') query.set('role', filters.role);
  if (filters.search.trim()) query.set('search', filters.search.trim());
  if (cursor) query.set('cursor', cursor);
  const search = query.toString();
  return api.get<AdminUserPage>(`/api/admin/users${search ? `?${search}` : ''}`, { signal });
}

export function adminUsersOptions(filters: UserFilters) {
  return infiniteQueryOptions({
    queryKey: adminKeys.users(filters),
    queryFn: ({ pageParam, signal }) => getAdminUsers(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useAdminUsers(filters: UserFilters) {
  return useInfiniteQuery(adminUsersOptions(filters));
}

export type UserFlags =
  { isVerified: boolean } | { suspended: boolean } | { fssaiVerified: boolean };

/** PATCH /api/admin/users/:id: verify or unverify, suspend or restore, check an FSSAI number. */
export function updateAdminUser(id: string, flags: UserFlags) {
  return api.patch<ApiResponse<'/api/admin/users/{id}', 'patch'>>(`/api/admin/users/${id}`, flags);
}

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, flags }: { id: string; flags: UserFlags }) => updateAdminUser(id, flags),
    // The user list and the event log (which records the admin's action) both change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** GET /api/stats/platform?range=all: the whole platform's figures (its own key and shape). */
export function platformStatsOptions() {
  return queryOptions({
    queryKey: adminKeys.platformStats(),
    queryFn: async ({ signal }) =>
      (
        await api.get<ApiResponse<'/api/stats/platform', 'get'>>('/api/stats/platform?range=all', {
          signal,
        })
      ).stats,
  });
}

export function usePlatformStats() {
  return useQuery(platformStatsOptions());
}

/** Text messages of the last 24 hours and the day's budget left. */
export type AdminSms = ApiResponse<'/api/admin/sms', 'get'>;

/** GET /api/admin/sms: what SMS cost and how it went in the last 24 hours. */
export function useAdminSms() {
  return useQuery({
    queryKey: adminKeys.sms(),
    queryFn: ({ signal }) => api.get<AdminSms>('/api/admin/sms', { signal }),
  });
}

/** GET /api/admin/events: recent state changes, newest first, older pages by id. */
export function adminEventsOptions() {
  return infiniteQueryOptions({
    queryKey: adminKeys.events(),
    queryFn: async ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(EVENTS_PAGE) });
      if (pageParam) query.set('before', String(pageParam));
      return (
        await api.get<ApiResponse<'/api/admin/events', 'get'>>(`/api/admin/events?${query}`, {
          signal,
        })
      ).items;
    },
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.length === EVENTS_PAGE ? (last.at(-1)?.id ?? null) : null),
  });
}

export function useAdminEvents() {
  return useInfiniteQuery(adminEventsOptions());
}
