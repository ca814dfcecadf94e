import { useMutation } from '@tanstack/react-query';
import type { OtpRequestInput, OtpVerifyInput } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { useSignedIn } from './login';

/** POST /api/auth/otp/request: a code by SMS (answered alike whether the number has an account). */
export function requestSignInCode(
  input: OtpRequestInput,
): Promise<ApiResponse<'/api/auth/otp/request', 'post'>> {
  return api.post<ApiResponse<'/api/auth/otp/request', 'post'>>('/api/auth/otp/request', input);
}

/** POST /api/auth/otp/verify: the server starts the same session a password sign-in does. */
export function verifySignInCode(
  input: OtpVerifyInput,
): Promise<ApiResponse<'/api/auth/otp/verify', 'post'>> {
  return api.post<ApiResponse<'/api/auth/otp/verify', 'post'>>('/api/auth/otp/verify', input);
}

export function useRequestSignInCode() {
  return useMutation({ mutationFn: requestSignInCode });
}

export function useVerifySignInCode() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: verifySignInCode, onSuccess: ({ user }) => signedIn(user) });
}
