import type { SellerProductUpdateList } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { productUpdatesQueryKey } from './product-updates-query-key';

export function getSellerProductUpdates(productId: string, page: number): Promise<SellerProductUpdateList> {
  return api.get<SellerProductUpdateList>(`/seller/products/${encodeURIComponent(productId)}/updates?page=${page}&limit=10`);
}

/** The updates of one of the seller's products with where each one's sending stands; refreshed while mails are queued. */
export function useSellerProductUpdates(productId: string | null, page: number) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(productUpdatesQueryKey, viewerId, 'seller', productId, page),
    queryFn: () => getSellerProductUpdates(productId as string, page),
    enabled: Boolean(productId),
    refetchInterval: (query) => (query.state.data?.updates.some((update) => update.deliveries.queued > 0) ? 5000 : false),
  });
}
