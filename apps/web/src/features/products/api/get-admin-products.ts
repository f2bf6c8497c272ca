import type { AdminProductList } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminQueryKey } from '@/features/admin/api/admin-query-key';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

export type ReviewStatus = 'pending' | 'approved' | 'rejected' | 'all';

export interface AdminProductFilters {
  status: ReviewStatus;
  search: string;
  page: number;
  limit: number;
}

export const adminProductsKey = [...adminQueryKey, 'products'] as const;

export function getAdminProducts(filters: AdminProductFilters): Promise<AdminProductList> {
  const params = new URLSearchParams({ status: filters.status, page: String(filters.page), limit: String(filters.limit) });
  if (filters.search.trim()) params.set('search', filters.search.trim());
  return api.get<AdminProductList>(`/admin/products?${params}`);
}

/** The moderation queue (default: pending) with counts per status. */
export function useAdminProducts(filters: AdminProductFilters) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(adminProductsKey, viewerId, filters),
    queryFn: () => getAdminProducts(filters),
    placeholderData: keepPreviousData,
  });
}
