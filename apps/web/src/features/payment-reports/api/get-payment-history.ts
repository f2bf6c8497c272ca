import type { BuyerPaymentList } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getPaymentHistory(page: number, limit: number): Promise<BuyerPaymentList> {
  return api.get<BuyerPaymentList>(`/payments/history?${new URLSearchParams({ page: String(page), limit: String(limit) })}`);
}

/** The signed-in user's own payments and refunds, newest first. */
export function usePaymentHistory(userId: string, page: number, limit: number) {
  return useQuery({
    queryKey: ['payment-history', userId, page, limit],
    queryFn: () => getPaymentHistory(page, limit),
    placeholderData: keepPreviousData,
  });
}
