import type { SavedOrder } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ordersQueryKey } from '@/lib/orders';

/** Spec §7 save-order: the server only checks that the intent was paid and answers with the order's id. */
export function saveOrder(paymentIntentId: string): Promise<SavedOrder> {
  return api.post<SavedOrder>('/orders/save-order', { payment_intent_id: paymentIntentId });
}

export function useSaveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}
