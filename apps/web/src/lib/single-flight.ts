import { useRef } from 'react';
import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';

/**
 * A mutation whose `mutate` ignores a call made while its previous call is still in flight. A
 * double tap lands twice before the button can show it is busy (the mutation's pending state
 * reaches React a moment later), and the second call of a move that already happened is refused
 * by the server: the person saw "error" for a grab, a delivery or a receipt that succeeded.
 */
export function useSingleFlight<TData, TError, TVariables, TContext>(
  mutation: UseMutationResult<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const inFlight = useRef(false);
  const mutate = ((
    variables: TVariables,
    options?: MutateOptions<TData, TError, TVariables, TContext>,
  ) => {
    if (inFlight.current) return;
    inFlight.current = true;
    mutation.mutate(variables, {
      ...options,
      onSettled: (...settled) => {
        inFlight.current = false;
        options?.onSettled?.(...settled);
      },
    });
  }) as typeof mutation.mutate;
  return { ...mutation, mutate };
}
