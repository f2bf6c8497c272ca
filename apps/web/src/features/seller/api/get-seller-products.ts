import type { OwnProductList } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { sellerQueryKey } from './seller-query-key';

export type ProductStatusFilter = '' | 'pending' | 'approved' | 'rejected';

export interface SellerProductFilters {
  query: string;
  status: ProductStatusFilter;
  page: number;
  limit: number;
}

export function getSellerProducts(filters: SellerProductFilters): Promise<OwnProductList> {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(filters.limit) });
  if (filters.query.trim()) params.set('query', filters.query.trim());
  if (filters.status) params.set('status', filters.status);
  return api.get<OwnProductList>(`/seller/products?${params}`);
}

/** The seller's own products, newest first; the previous page stays on screen while the next loads. */
export function useSellerProducts(filters: SellerProductFilters) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(sellerQueryKey, viewerId, 'products', filters),
    queryFn: () => getSellerProducts(filters),
    placeholderData: keepPreviousData,
  });
}
