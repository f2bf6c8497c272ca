import type { SellerBalanceView } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sellerPayoutsKey } from './payouts-query-key';

export function getSellerBalance(): Promise<SellerBalanceView> {
  return api.get<SellerBalanceView>('/seller/payouts/balance');
}

/** Pending, available, in transit and paid out, straight from the ledger. */
export function useSellerBalance() {
  return useQuery({ queryKey: [...sellerPayoutsKey, 'balance'], queryFn: getSellerBalance });
}
