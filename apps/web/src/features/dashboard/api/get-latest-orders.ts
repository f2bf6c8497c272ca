import type { OrderList } from '@app/shared';
import { DASHBOARD_LATEST_ORDERS } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ordersQueryKey } from '@/lib/orders';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

/** Spec §2: the dashboard lists the 5 latest orders. */
export function getLatestOrders(): Promise<OrderList> {
  return api.get<OrderList>(`/orders?page=1&limit=${DASHBOARD_LATEST_ORDERS}`);
}

export function useLatestOrders() {
  const viewerId = useViewerId();
  return useQuery({ queryKey: userQueryKey(ordersQueryKey, viewerId, 'latest'), queryFn: getLatestOrders });
}
