import type { PaymentState } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface CardDetails {
  card_number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/** Charges the order's payment intent with a card (test processor). 402 for a declined card, 422 for bad details. */
export function confirmPayment({ intentId, card }: { intentId: string; card: CardDetails }): Promise<PaymentState> {
  return api.post<PaymentState>(`/payments/confirm-payment/${encodeURIComponent(intentId)}`, card);
}

export function useConfirmPayment() {
  return useMutation({ mutationFn: confirmPayment });
}
