import type { PayoutAccountInput, SellerPayoutAccountView } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sellerPayoutsKey } from './payouts-query-key';

const accountKey = [...sellerPayoutsKey, 'account'] as const;

export function getPayoutAccount(): Promise<{ account: SellerPayoutAccountView | null }> {
  return api.get('/seller/payout-account');
}

/** Where the seller's money goes (masked), or null. */
export function usePayoutAccount() {
  return useQuery({ queryKey: accountKey, queryFn: getPayoutAccount });
}

export function savePayoutAccount(body: PayoutAccountInput): Promise<{ message: string; account: SellerPayoutAccountView }> {
  return api.put('/seller/payout-account', body);
}

export function useSavePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayoutAccount,
    onSuccess: (saved) => queryClient.setQueryData(accountKey, { account: saved.account }),
  });
}

export function deletePayoutAccount(): Promise<{ message: string }> {
  return api.delete('/seller/payout-account');
}

export function useDeletePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePayoutAccount,
    onSuccess: () => queryClient.setQueryData(accountKey, { account: null }),
  });
}
