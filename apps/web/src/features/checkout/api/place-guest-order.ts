import type { GuestCheckoutRequest, GuestCheckoutResult } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * A visitor's order with only an e-mail address (decision 0046). The server prices every line; the
 * answer carries the token that opens this one order. The same key answers with the same order.
 */
export function placeGuestOrder(body: GuestCheckoutRequest, idempotencyKey: string): Promise<GuestCheckoutResult> {
  return api.post<GuestCheckoutResult>('/guest/checkout', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function usePlaceGuestOrder() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: GuestCheckoutRequest; idempotencyKey: string }) =>
      placeGuestOrder(body, idempotencyKey),
  });
}
