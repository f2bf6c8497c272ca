import type { SellerStats } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { sellerQueryKey } from './seller-query-key';

export const EMPTY_SELLER_STATS: SellerStats = {
  total_products: 0,
  pending: 0,
  approved: 0,
  rejected: 0,
  total_revenue: 0,
  total_sales: 0,
};

export function getSellerStats(): Promise<SellerStats> {
  return api.get<SellerStats>('/seller/dashboard/stats');
}

/** Spec §8 silent fallback: stats that cannot be read show as zeros. */
export function useSellerStats() {
  const viewerId = useViewerId();
  const query = useQuery({ queryKey: userQueryKey(sellerQueryKey, viewerId, 'stats'), queryFn: getSellerStats });
  return { ...query, stats: query.data ?? EMPTY_SELLER_STATS };
}
