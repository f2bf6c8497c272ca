import type { AdminOrderList, OrderStatus } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminQueryKey } from '@/features/admin/api/admin-query-key';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

export type RefundFilter = '' | 'requested' | 'approved' | 'denied';

export interface AdminOrderFilters {
  status: OrderStatus | '';
  refund: RefundFilter;
  search: string;
  /** Local calendar days, YYYY-MM-DD, both inclusive. */
  from: string;
  to: string;
  page: number;
  limit: number;
}

/** A local day's first or last moment as an ISO instant. */
function dayBoundary(day: string, end: boolean): string | null {
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function getAdminOrders(filters: AdminOrderFilters): Promise<AdminOrderList> {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(filters.limit) });
  if (filters.status) params.set('status', filters.status);
  if (filters.refund) params.set('refund', filters.refund);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  const start = filters.from ? dayBoundary(filters.from, false) : null;
  const end = filters.to ? dayBoundary(filters.to, true) : null;
  if (start) params.set('start_date', start);
  if (end) params.set('end_date', end);
  return api.get<AdminOrderList>(`/admin/orders?${params}`);
}

export function useAdminOrders(filters: AdminOrderFilters) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(adminQueryKey, viewerId, 'orders', filters),
    queryFn: () => getAdminOrders(filters),
    placeholderData: keepPreviousData,
  });
}
