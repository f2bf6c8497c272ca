import type { ResetPasswordRequest } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function resetPassword(body: ResetPasswordRequest): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
