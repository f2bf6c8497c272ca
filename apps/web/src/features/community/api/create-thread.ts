import type { CreateThreadRequest, ForumThread } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function createThread(body: CreateThreadRequest): Promise<ForumThread> {
  return api.post<ForumThread>('/community/threads', body);
}

export function useCreateThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createThread,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['community'] }),
  });
}
