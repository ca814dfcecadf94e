import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateSeriesInput, SkipOccurrenceInput, UpdateSeriesInput } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { seriesKeys } from './query-keys';

export { seriesKeys };

/** GET /api/series: the donor's recurring donations with their next occurrences. */
export function getSeries(): Promise<ApiResponse<'/api/series', 'get'>> {
  return api.get('/api/series');
}

export const seriesQueryOptions = () =>
  queryOptions({ queryKey: seriesKeys.all, queryFn: getSeries });

export function useSeriesList() {
  return useQuery(seriesQueryOptions());
}

/** POST /api/series: saves the form's food with a schedule. */
export function createSeries(
  input: CreateSeriesInput,
): Promise<ApiResponse<'/api/series', 'post', 201>> {
  return api.post('/api/series', input);
}

/** PATCH /api/series/:id: new food or schedule, pause or resume. */
export function updateSeries({
  id,
  input,
}: {
  id: string;
  input: UpdateSeriesInput;
}): Promise<ApiResponse<'/api/series/{id}', 'patch'>> {
  return api.patch(`/api/series/${id}`, input);
}

/** POST /api/series/:id/skip: skips the next occurrence (or the one named). */
export function skipOccurrence({
  id,
  input = {},
}: {
  id: string;
  input?: SkipOccurrenceInput;
}): Promise<ApiResponse<'/api/series/{id}/skip', 'post'>> {
  return api.post(`/api/series/${id}/skip`, input);
}

/** POST /api/series/:id/keep: keep a series whose last occurrences went unclaimed. */
export function keepSeries(id: string): Promise<ApiResponse<'/api/series/{id}/keep', 'post'>> {
  return api.post(`/api/series/${id}/keep`);
}

/** DELETE /api/series/:id: ends the series; posted donations stay. */
export function endSeries(id: string): Promise<void> {
  return api.delete(`/api/series/${id}`);
}

function useSeriesMutation<TInput, TOutput>(fn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: seriesKeys.all }),
  });
}

export const useCreateSeries = () => useSeriesMutation(createSeries);
export const useUpdateSeries = () => useSeriesMutation(updateSeries);
export const useSkipOccurrence = () => useSeriesMutation(skipOccurrence);
export const useKeepSeries = () => useSeriesMutation(keepSeries);
export const useEndSeries = () => useSeriesMutation(endSeries);
