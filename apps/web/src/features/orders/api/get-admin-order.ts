import type { AdminOrderDetail } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { adminQueryKey } from '@/features/admin/api/admin-query-key';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

export function getAdminOrder(id: string): Promise<AdminOrderDetail> {
  return api.get<AdminOrderDetail>(`/admin/orders/${encodeURIComponent(id)}`);
}

/** One order with its buyer, for the refund panel. */
export function useAdminOrder(id: string | null) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(adminQueryKey, viewerId, 'order', id),
    queryFn: () => getAdminOrder(id as string),
    enabled: id !== null,
  });
}
