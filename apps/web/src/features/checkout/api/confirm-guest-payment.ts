import { type CardPayment, GUEST_ORDER_TOKEN_HEADER, type PaymentState } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Pays a guest order with a card (test processor): 402 for a declined card, 422 for bad details.
 * Without a card (Stripe, after the browser confirmed): an empty body; the server reads the intent.
 */
export function confirmGuestPayment({
  orderId,
  token,
  card,
}: {
  orderId: string;
  token: string;
  card?: CardPayment;
}): Promise<PaymentState> {
  return api.post<PaymentState>(`/guest/orders/${encodeURIComponent(orderId)}/confirm-payment`, card ?? {}, {
    headers: { [GUEST_ORDER_TOKEN_HEADER]: token },
  });
}

export function useConfirmGuestPayment() {
  return useMutation({ mutationFn: confirmGuestPayment });
}
