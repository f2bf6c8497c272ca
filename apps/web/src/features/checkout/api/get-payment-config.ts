import type { PaymentConfig } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getPaymentConfig(): Promise<PaymentConfig> {
  return api.get<PaymentConfig>('/payments/config');
}

/** Which payment provider takes the money: the built-in test processor or Stripe. */
export function usePaymentConfig() {
  return useQuery({ queryKey: ['payments', 'config'], queryFn: getPaymentConfig, staleTime: Number.POSITIVE_INFINITY });
}
