import type { SellerPayoutList } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sellerPayoutsKey } from './payouts-query-key';

export function getSellerPayouts(page: number): Promise<SellerPayoutList> {
  return api.get<SellerPayoutList>(`/seller/payouts?page=${page}&limit=10`);
}

/** The seller's payout history, newest first. */
export function useSellerPayouts(page: number) {
  return useQuery({
    queryKey: [...sellerPayoutsKey, 'history', page],
    queryFn: () => getSellerPayouts(page),
    placeholderData: keepPreviousData,
  });
}
