import type { ForumThreadList } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';

export interface ThreadFilter {
  category: string;
  q: string;
  page: number;
}

export const THREADS_PAGE_SIZE = 20;

export function getThreads(filter: ThreadFilter, signal?: AbortSignal): Promise<ForumThreadList> {
  const params = new URLSearchParams({ page: String(filter.page), limit: String(THREADS_PAGE_SIZE) });
  if (filter.category) params.set('category', filter.category);
  if (filter.q) params.set('q', filter.q);
  return api.get<ForumThreadList>(`/community/threads?${params}`, { signal });
}

/** Hidden threads show to their authors and moderators, so the viewer is part of the key. */
export function useThreads(filter: ThreadFilter) {
  const auth = useAuth();
  return useQuery({
    queryKey: ['community', 'threads', auth.user?.id ?? 'anonymous', filter],
    queryFn: ({ signal }) => getThreads(filter, signal),
    enabled: auth.status !== 'loading',
    placeholderData: keepPreviousData,
  });
}
