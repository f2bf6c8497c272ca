import type { ChangePasswordRequest, PasswordChanged } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';

export function changePassword(body: ChangePasswordRequest): Promise<PasswordChanged> {
  return api.post<PasswordChanged>('/auth/change-password', body);
}

/** The server revokes older sessions on a password change and hands this one a new token. */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: ({ access_token }) => {
      if (access_token) authStore.setAccessToken(access_token);
    },
  });
}
