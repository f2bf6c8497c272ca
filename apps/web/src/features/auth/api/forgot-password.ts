import type { ForgotPasswordRequest } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Always 200 whether or not the address has an account, so the form cannot be used to probe for accounts. */
export function forgotPassword(body: ForgotPasswordRequest): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/forgot-password', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
