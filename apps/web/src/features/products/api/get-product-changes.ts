import type { PendingChangeList } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { adminQueryKey } from '@/features/admin/api/admin-query-key';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

export function getProductChanges(page: number): Promise<PendingChangeList> {
  return api.get<PendingChangeList>(`/admin/product-changes?page=${page}&limit=20`);
}

/** New versions and edits of live products waiting for review, oldest first. */
export function useProductChanges(page: number) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(adminQueryKey, viewerId, 'product-changes', page),
    queryFn: () => getProductChanges(page),
  });
}
