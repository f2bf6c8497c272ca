import type { AvatarUploaded } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { avatarFileProblem } from '../lib/avatar-file';

export async function uploadAvatar(file: File): Promise<AvatarUploaded> {
  const problem = avatarFileProblem(file);
  if (problem) throw new ApiError(problem, 422, 'VALIDATION_ERROR');
  const form = new FormData();
  form.append('file', file);
  return api.upload<AvatarUploaded>('/users/upload-avatar', form);
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: ({ avatar_url }) => {
      const { user } = authStore.getState();
      if (user) authStore.setUser({ ...user, avatar: avatar_url });
      void queryClient.invalidateQueries({ queryKey: ['users', 'me'] });
    },
  });
}
