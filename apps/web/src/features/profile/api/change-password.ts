import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';

export interface ChangePasswordRequest {
  current_password: string;
  new_password: string;
}

export interface ChangePasswordResponse {
  message: string;
  access_token: string;
}

export function changePassword(body: ChangePasswordRequest): Promise<ChangePasswordResponse> {
  return api.post<ChangePasswordResponse>('/auth/change-password', body);
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
