import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhoneVerifyInput } from '@annasetu/domain';
import { api } from '../../../lib/api-client';
import type { ApiResponse } from '../../../lib/api/types';
import { SESSION_QUERY_KEY } from '../../../lib/session';

/** POST /api/me/phone/code: a code texted to the number saved on the profile. */
export function requestPhoneCode(): Promise<ApiResponse<'/api/me/phone/code', 'post'>> {
  return api.post<ApiResponse<'/api/me/phone/code', 'post'>>('/api/me/phone/code', {});
}

/** POST /api/me/phone/verify: proves the number with that code. */
export function verifyPhone(
  input: PhoneVerifyInput,
): Promise<ApiResponse<'/api/me/phone/verify', 'post'>> {
  return api.post<ApiResponse<'/api/me/phone/verify', 'post'>>('/api/me/phone/verify', input);
}

export function useRequestPhoneCode() {
  return useMutation({ mutationFn: requestPhoneCode });
}

export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhone,
    onSuccess: ({ user }) => queryClient.setQueryData(SESSION_QUERY_KEY, user),
  });
}
