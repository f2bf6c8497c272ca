import type { RefundRequested } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ordersQueryKey } from '@/lib/orders';

/** Once per paid order, within 30 days (409 when already asked, 422 when too late). */
export function requestRefund({ orderId, reason }: { orderId: string; reason: string }): Promise<RefundRequested> {
  return api.post<RefundRequested>(`/orders/${encodeURIComponent(orderId)}/request-refund`, { reason });
}

export function useRequestRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestRefund,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}
