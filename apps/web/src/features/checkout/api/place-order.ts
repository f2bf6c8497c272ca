import type { CheckoutResult } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Turns the signed-in user's cart into a pending order priced by the server. The same
 * idempotency key always answers with the same order, so a double click or a retry after a
 * declined card never makes a second one.
 */
export function placeOrder(idempotencyKey: string): Promise<CheckoutResult> {
  return api.post<CheckoutResult>('/orders/checkout', undefined, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function usePlaceOrder() {
  return useMutation({ mutationFn: placeOrder });
}
