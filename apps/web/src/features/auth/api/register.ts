import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput } from '@annasetu/domain';
import { api, isApiError } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { SESSION_QUERY_KEY, noteSignedOut } from '../../../lib/session';
import { login } from './login';

/** POST /api/auth/register: creates the account and signs it in. */
export function register(
  input: RegisterInput,
): Promise<ApiResponse<'/api/auth/register', 'post', 201>> {
  return api.post<ApiResponse<'/api/auth/register', 'post', 201>>('/api/auth/register', input);
}

/** The last sign-up whose answer never came (no signal): its account may exist already. */
let unanswered: string | undefined;

/** Statuses that mean the answer was not heard (no signal, a gateway that gave up). */
const UNHEARD = new Set([0, 502, 503, 504]);

/**
 * Signs up; where an earlier try with the same form got no answer and this one
 * hears that the email is taken, that try did create the account (its answer was lost as the
 * signal went): the person is signed in to it instead of being told their own email is taken.
 * Should that sign-in fail (someone else's account after all), the email stays taken.
 */
export async function registerEvenIfUnanswered(
  input: RegisterInput,
): Promise<ApiResponse<'/api/auth/register', 'post', 201>> {
  try {
    const created = await register(input);
    unanswered = undefined;
    return created;
  } catch (error) {
    if (isApiError(error) && UNHEARD.has(error.status)) {
      // The whole form: sent again with a change (another role, another name), it is another
      // sign-up, and a taken email then means what it says.
      unanswered = JSON.stringify(input);
    } else if (
      isApiError(error) &&
      error.code === 'EMAIL_TAKEN' &&
      unanswered === JSON.stringify(input)
    ) {
      unanswered = undefined;
      const signedIn = await login({ email: input.email, password: input.password }).catch(
        () => undefined,
      );
      if (signedIn) return signedIn;
    }
    throw error;
  }
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerEvenIfUnanswered,
    onSuccess: ({ user }) => {
      noteSignedOut(false);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
    },
  });
}
