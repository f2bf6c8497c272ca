import type { OrderList, OrderStatus } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ordersQueryKey } from '@/lib/orders';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

export interface OrderFilters {
  page: number;
  limit: number;
  status?: OrderStatus;
  /** Local calendar days, YYYY-MM-DD, both inclusive. */
  from?: string;
  to?: string;
}

/** A local day's first or last moment as an ISO instant, so "To 31 May" includes orders placed that evening. */
function dayBoundary(day: string, end: boolean): string | null {
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function orderListQuery(filters: OrderFilters): string {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(filters.limit) });
  if (filters.status) params.set('status_filter', filters.status);
  const start = filters.from ? dayBoundary(filters.from, false) : null;
  const end = filters.to ? dayBoundary(filters.to, true) : null;
  if (start) params.set('start_date', start);
  if (end) params.set('end_date', end);
  return params.toString();
}

export function getOrders(filters: OrderFilters): Promise<OrderList> {
  return api.get<OrderList>(`/orders?${orderListQuery(filters)}`);
}

/** The user's orders, newest first; the previous page stays on screen while the next loads. */
export function useOrders(filters: OrderFilters) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(ordersQueryKey, viewerId, 'list', filters),
    queryFn: () => getOrders(filters),
    placeholderData: keepPreviousData,
  });
}
