import type { SimpleAdminProducts } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { simpleAdminCall } from '../lib/simple-admin-client';
import { simpleAdminQueryKey } from './simple-admin-query-key';

export type SimpleAdminStatusFilter = '' | 'pending' | 'approved' | 'rejected';

export interface SimpleAdminProductQuery {
  skip: number;
  limit: number;
  status: SimpleAdminStatusFilter;
}

export function getSimpleAdminProducts(query: SimpleAdminProductQuery): Promise<SimpleAdminProducts> {
  const params = new URLSearchParams({ skip: String(query.skip), limit: String(query.limit) });
  if (query.status) params.set('status', query.status);
  return simpleAdminCall(() => api.get<SimpleAdminProducts>(`/simple-admin/products?${params}`));
}

/** The simple admin's own products, newest first. */
export function useSimpleAdminProducts(query: SimpleAdminProductQuery) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(simpleAdminQueryKey, viewerId, 'products', query),
    queryFn: () => getSimpleAdminProducts(query),
    placeholderData: keepPreviousData,
  });
}
