import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';

/** POST /api/auth/forgot-password: always 202, whether or not the address has an account. */
export function requestPasswordReset(input: {
  email: string;
}): Promise<ApiResponse<'/api/auth/forgot-password', 'post', 202>> {
  return api.post<ApiResponse<'/api/auth/forgot-password', 'post', 202>>(
    '/api/auth/forgot-password',
    input,
  );
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export interface ResetPasswordInput {
  token: string;
  password: string;
  confirmPassword: string;
}

/** POST /api/auth/reset-password: 204, or 400 RESET_TOKEN_INVALID for a used or old link. */
export function resetPassword(input: ResetPasswordInput): Promise<void> {
  return api.post<void>('/api/auth/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
