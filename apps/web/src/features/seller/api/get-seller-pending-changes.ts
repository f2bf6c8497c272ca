import type { SellerPendingChanges } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { sellerQueryKey } from './seller-query-key';

export function getSellerPendingChanges(): Promise<SellerPendingChanges> {
  return api.get<SellerPendingChanges>('/seller/product-changes');
}

/** The seller's products with an edit or a version waiting for review, by product id. */
export function useSellerPendingChanges() {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(sellerQueryKey, viewerId, 'pending-changes'),
    queryFn: getSellerPendingChanges,
    select: (data) => new Map(data.products.map((entry) => [entry.product_id, entry])),
  });
}
