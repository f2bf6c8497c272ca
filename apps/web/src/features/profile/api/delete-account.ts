import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';

export function deleteAccount(): Promise<void> {
  return api.delete<void>('/users/me');
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      authStore.clear();
      queryClient.clear();
    },
  });
}
