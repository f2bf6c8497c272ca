import type { BankAccountInput, BankAccountUpdate, BankAccountView } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminPayoutsKey } from './payouts-query-key';

const bankAccountsKey = [...adminPayoutsKey, 'bank-accounts'] as const;

export function getBankAccounts(): Promise<{ bank_accounts: BankAccountView[] }> {
  return api.get('/payments/admin/bank-accounts');
}

/** The platform's own bank accounts, primary first. */
export function useBankAccounts() {
  return useQuery({ queryKey: bankAccountsKey, queryFn: getBankAccounts });
}

function useInvalidatingMutation<A, R>(mutationFn: (input: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: bankAccountsKey }) });
}

export const createBankAccount = (body: BankAccountInput): Promise<{ message: string; bank_account: BankAccountView }> =>
  api.post('/payments/admin/bank-accounts', body);
export const useCreateBankAccount = () => useInvalidatingMutation(createBankAccount);

export const updateBankAccount = ({ id, ...body }: BankAccountUpdate & { id: string }) =>
  api.put<{ message: string; bank_account: BankAccountView }>(`/payments/admin/bank-accounts/${encodeURIComponent(id)}`, body);
export const useUpdateBankAccount = () => useInvalidatingMutation(updateBankAccount);

export const deleteBankAccount = (id: string) =>
  api.delete<{ message: string }>(`/payments/admin/bank-accounts/${encodeURIComponent(id)}`);
export const useDeleteBankAccount = () => useInvalidatingMutation(deleteBankAccount);
