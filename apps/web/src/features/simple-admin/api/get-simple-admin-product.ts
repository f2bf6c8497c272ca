import type { PublicProduct } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { simpleAdminCall } from '../lib/simple-admin-client';
import { simpleAdminQueryKey } from './simple-admin-query-key';

export function getSimpleAdminProduct(id: string): Promise<PublicProduct> {
  return simpleAdminCall(() => api.get<PublicProduct>(`/simple-admin/products/${encodeURIComponent(id)}`));
}

export function useSimpleAdminProduct(id: string) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(simpleAdminQueryKey, viewerId, 'product', id),
    queryFn: () => getSimpleAdminProduct(id),
  });
}
