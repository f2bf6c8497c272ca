import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface CardDetails {
  card_number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export interface ConfirmedPayment {
  status: 'succeeded' | 'processing';
  order_id: string;
  order_number: string;
  payment_status: string;
}

/** Charges the order's payment intent with a card (test processor). 402 for a declined card, 422 for bad details. */
export function confirmPayment({ intentId, card }: { intentId: string; card: CardDetails }): Promise<ConfirmedPayment> {
  return api.post<ConfirmedPayment>(`/payments/confirm-payment/${encodeURIComponent(intentId)}`, card);
}

export function useConfirmPayment() {
  return useMutation({ mutationFn: confirmPayment });
}
