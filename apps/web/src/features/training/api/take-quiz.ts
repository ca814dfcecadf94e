import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HygieneQuizInput } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { SESSION_QUERY_KEY } from '../../../lib/session';
import { useSingleFlight } from '../../../lib/single-flight';

export type QuizGrade = ApiResponse<'/api/training/quiz', 'post'>;

/** POST /api/training/quiz: the server grades; 8 of 10 right passes for a year. */
export function takeHygieneQuiz(input: HygieneQuizInput): Promise<QuizGrade> {
  return api.post('/api/training/quiz', input);
}

/** A pass changes the person's profile (when they passed): the session is read again. */
export function useTakeHygieneQuiz() {
  const queryClient = useQueryClient();
  return useSingleFlight(
    useMutation({
      mutationFn: takeHygieneQuiz,
      onSuccess: (grade) => {
        if (grade.passed) void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      },
    }),
  );
}
