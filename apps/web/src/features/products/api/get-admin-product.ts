import type { AdminProductReview } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { adminQueryKey } from '@/features/admin/api/admin-query-key';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

export function getAdminProduct(id: string): Promise<AdminProductReview> {
  return api.get<AdminProductReview>(`/admin/products/${encodeURIComponent(id)}`);
}

/** One product with its description, images and files, for the review panel. */
export function useAdminProduct(id: string | null) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(adminQueryKey, viewerId, 'product', id),
    queryFn: () => getAdminProduct(id as string),
    enabled: id !== null,
  });
}
