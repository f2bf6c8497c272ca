import type { PayoutAccountInput, SellerPayoutAccountView } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { memberAffiliateKey } from './affiliate-query-key';

const accountKey = (userId: string) => [...memberAffiliateKey(userId), 'payout-account'] as const;

export function getAffiliatePayoutAccount(): Promise<{ account: SellerPayoutAccountView | null }> {
  return api.get('/affiliates/payout-account');
}

/** Where the member's commission is paid (masked), or null. */
export function useAffiliatePayoutAccount(userId: string) {
  return useQuery({ queryKey: accountKey(userId), queryFn: getAffiliatePayoutAccount });
}

export function saveAffiliatePayoutAccount(
  body: PayoutAccountInput,
): Promise<{ message: string; account: SellerPayoutAccountView }> {
  return api.put('/affiliates/payout-account', body);
}

export function useSaveAffiliatePayoutAccount(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAffiliatePayoutAccount,
    onSuccess: (saved) => {
      queryClient.setQueryData(accountKey(userId), { account: saved.account });
      void queryClient.invalidateQueries({ queryKey: memberAffiliateKey(userId) });
    },
  });
}

export function deleteAffiliatePayoutAccount(): Promise<{ message: string }> {
  return api.delete('/affiliates/payout-account');
}

export function useDeleteAffiliatePayoutAccount(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAffiliatePayoutAccount,
    onSuccess: () => {
      queryClient.setQueryData(accountKey(userId), { account: null });
      void queryClient.invalidateQueries({ queryKey: memberAffiliateKey(userId) });
    },
  });
}
