import type { ForumCategory } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getCategories(): Promise<{ categories: ForumCategory[] }> {
  return api.get<{ categories: ForumCategory[] }>('/community/categories');
}

export function useForumCategories() {
  return useQuery({ queryKey: ['community', 'categories'], queryFn: getCategories, staleTime: 60_000 });
}
