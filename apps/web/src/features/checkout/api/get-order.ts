import type { OrderView } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ordersQueryKey } from '@/lib/orders';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

export function getOrder(orderId: string): Promise<OrderView> {
  return api.get<OrderView>(`/orders/${encodeURIComponent(orderId)}`);
}

/** The order as the server priced it (the success page shows its price rows), once `orderId` is known. */
export function useOrder(orderId: string | null) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(ordersQueryKey, viewerId, 'detail', orderId),
    queryFn: () => getOrder(orderId as string),
    enabled: orderId !== null,
  });
}
