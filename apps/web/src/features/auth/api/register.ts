import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { SESSION_QUERY_KEY, noteSignedOut } from '../../../lib/session';

/** POST /api/auth/register: creates the account and signs it in. */
export function register(
  input: RegisterInput,
): Promise<ApiResponse<'/api/auth/register', 'post', 201>> {
  return api.post<ApiResponse<'/api/auth/register', 'post', 201>>('/api/auth/register', input);
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: ({ user }) => {
      noteSignedOut(false);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
    },
  });
}
