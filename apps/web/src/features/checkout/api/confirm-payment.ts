import type { CardPayment, PaymentState } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Charges the order's payment intent with a card (test processor). 402 for a declined card, 422 for bad details. */
export function confirmPayment({ intentId, card }: { intentId: string; card: CardPayment }): Promise<PaymentState> {
  return api.post<PaymentState>(`/payments/confirm-payment/${encodeURIComponent(intentId)}`, card);
}

export function useConfirmPayment() {
  return useMutation({ mutationFn: confirmPayment });
}
