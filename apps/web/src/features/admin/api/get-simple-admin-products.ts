import type { SimpleAdminProducts } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { simpleAdminsKey } from './get-simple-admins';

export function getSimpleAdminProducts(id: string, skip: number, limit: number): Promise<SimpleAdminProducts> {
  return api.get<SimpleAdminProducts>(`/admin/simple-admins/${encodeURIComponent(id)}/products?skip=${skip}&limit=${limit}`);
}

/** One simple admin's products, for the super admin's review. */
export function useSimpleAdminProducts(id: string | null, skip: number, limit: number) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(simpleAdminsKey, viewerId, id, 'products', skip, limit),
    queryFn: () => getSimpleAdminProducts(id as string, skip, limit),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}
