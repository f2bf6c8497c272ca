import type { PublicUser, UpdateProfileRequest } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

export function updateProfile(body: UpdateProfileRequest): Promise<PublicUser> {
  return api.put<PublicUser>('/users/me', body);
}

export function useUpdateProfile() {
  const viewerId = useViewerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      authStore.setUser(user);
      queryClient.setQueryData(userQueryKey(['users', 'me'], viewerId), user);
    },
  });
}
