import type { SellerVersions } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { sellerQueryKey } from './seller-query-key';

export function getSellerVersions(productId: string): Promise<SellerVersions> {
  return api.get<SellerVersions>(`/seller/products/${encodeURIComponent(productId)}/versions`);
}

/** The versions of one of the seller's products (newest first) and its edit waiting for review. */
export function useSellerVersions(productId: string | null) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(sellerQueryKey, viewerId, 'versions', productId),
    queryFn: () => getSellerVersions(productId as string),
    enabled: productId !== null,
  });
}
