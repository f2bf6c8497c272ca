import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface PlacedOrder {
  order_id: string;
  order_number: string;
  payment_intent_id: string | null;
  client_secret: string | null;
  amount: number;
  currency: string;
  /** 'free': the total was 0 and the order is already paid. */
  provider: 'test' | 'stripe' | 'free';
  status: string;
  payment_status: string;
}

/**
 * Turns the signed-in user's cart into a pending order priced by the server. The same
 * idempotency key always answers with the same order, so a double click or a retry after a
 * declined card never makes a second one.
 */
export function placeOrder(idempotencyKey: string): Promise<PlacedOrder> {
  return api.post<PlacedOrder>('/orders/checkout', undefined, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function usePlaceOrder() {
  return useMutation({ mutationFn: placeOrder });
}
