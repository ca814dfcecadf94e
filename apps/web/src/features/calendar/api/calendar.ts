import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';

/** GET /api/calendar answer: the secret feed address, or null. */
export type CalendarFeedAnswer = ApiResponse<'/api/calendar', 'get'>;
export type CalendarFeed = NonNullable<CalendarFeedAnswer['feed']>;

export const calendarKeys = { all: ['calendar'] as const };

/** GET /api/calendar: the user's secret feed address, or null. */
export function getCalendarFeed(): Promise<CalendarFeedAnswer> {
  return api.get<CalendarFeedAnswer>('/api/calendar');
}

export const calendarQueryOptions = () =>
  queryOptions({ queryKey: calendarKeys.all, queryFn: getCalendarFeed });

export function useCalendarFeed() {
  return useQuery(calendarQueryOptions());
}

function useCalendarMutation<T>(fn: () => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}

/** POST /api/calendar: a new address (an older one stops working). */
export const useResetCalendarFeed = () =>
  useCalendarMutation(() => api.post<ApiResponse<'/api/calendar', 'post'>>('/api/calendar'));

/** DELETE /api/calendar: revokes the address. */
export const useRevokeCalendarFeed = () =>
  useCalendarMutation(() => api.delete<void>('/api/calendar'));
