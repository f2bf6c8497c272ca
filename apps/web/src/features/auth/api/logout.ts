import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';

/** POST /auth/logout clears the refresh cookie. Signing out locally must not depend on the server answering. */
export async function logout(): Promise<void> {
  try {
    await api.post<void>('/auth/logout');
  } finally {
    authStore.clear();
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => queryClient.clear(),
  });
}
