import type { PaymentAnalytics } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getPaymentAnalytics(days: number): Promise<PaymentAnalytics> {
  return api.get<PaymentAnalytics>(`/payments/admin/analytics?days=${days}`);
}

/** Gross, refunds, fees, AI pool, seller share and net per day, from the ledger. */
export function usePaymentAnalytics(days: number) {
  return useQuery({ queryKey: ['admin', 'payment-analytics', days], queryFn: () => getPaymentAnalytics(days) });
}
