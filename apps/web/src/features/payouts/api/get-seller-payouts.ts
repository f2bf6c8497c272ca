import type { PayoutView } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sellerPayoutsKey } from './payouts-query-key';

export interface PayoutPage {
  payouts: PayoutView[];
  total: number;
  page: number;
  pages: number;
}

export function getSellerPayouts(page: number): Promise<PayoutPage> {
  return api.get<PayoutPage>(`/seller/payouts?page=${page}&limit=10`);
}

/** The seller's payout history, newest first. */
export function useSellerPayouts(page: number) {
  return useQuery({
    queryKey: [...sellerPayoutsKey, 'history', page],
    queryFn: () => getSellerPayouts(page),
    placeholderData: keepPreviousData,
  });
}
