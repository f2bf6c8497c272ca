import type { ForumThreadDetail } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';

export const REPLIES_PAGE_SIZE = 20;

export function getThread(id: string, page: number, signal?: AbortSignal): Promise<ForumThreadDetail> {
  return api.get<ForumThreadDetail>(`/community/threads/${encodeURIComponent(id)}?page=${page}&limit=${REPLIES_PAGE_SIZE}`, {
    signal,
  });
}

export const threadQueryKey = (id: string) => ['community', 'thread', id] as const;

/** What a viewer may do (edit, reply, moderate) depends on who asks, so the viewer is part of the key. */
export function useThread(id: string, page: number) {
  const auth = useAuth();
  return useQuery({
    queryKey: [...threadQueryKey(id), auth.user?.id ?? 'anonymous', page],
    queryFn: ({ signal }) => getThread(id, page, signal),
    enabled: auth.status !== 'loading',
    placeholderData: keepPreviousData,
  });
}
