import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminQueryKey } from './admin-query-key';
import type { AdminOrder } from './get-admin-orders';

export interface AdminOrderDetail extends AdminOrder {
  customer: { email: string; firstName: string; lastName: string } | null;
}

export function getAdminOrder(id: string): Promise<AdminOrderDetail> {
  return api.get<AdminOrderDetail>(`/admin/orders/${encodeURIComponent(id)}`);
}

/** One order with its buyer, for the refund panel. */
export function useAdminOrder(id: string | null) {
  return useQuery({
    queryKey: [...adminQueryKey, 'order', id],
    queryFn: () => getAdminOrder(id as string),
    enabled: id !== null,
  });
}
