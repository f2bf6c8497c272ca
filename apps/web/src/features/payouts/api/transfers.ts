import type { PayoutOutcome, PayoutStatus, PayoutView, TransferList, TriggerTransferInput } from '@app/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminPayoutsKey } from './payouts-query-key';

const transfersKey = [...adminPayoutsKey, 'transfers'] as const;

export interface TransferFilters {
  status: '' | PayoutStatus;
  seller_id: string;
  start_date: string;
  end_date: string;
  page: number;
}

export function getTransfers(filters: TransferFilters): Promise<TransferList> {
  const params = new URLSearchParams({ page: String(filters.page), limit: '20' });
  for (const key of ['status', 'seller_id', 'start_date', 'end_date'] as const) {
    if (filters[key].trim()) params.set(key, filters[key].trim());
  }
  return api.get<TransferList>(`/payments/admin/transfers?${params}`);
}

/** Payouts to sellers, newest first, filtered and paged. */
export function useTransfers(filters: TransferFilters) {
  return useQuery({
    queryKey: [...transfersKey, filters],
    queryFn: () => getTransfers(filters),
    placeholderData: keepPreviousData,
  });
}

export function triggerTransfer(body: TriggerTransferInput): Promise<{ message: string; results: PayoutOutcome[] }> {
  return api.post('/payments/admin/trigger-transfer', body);
}

export function useTriggerTransfer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: triggerTransfer, onSuccess: () => queryClient.invalidateQueries({ queryKey: transfersKey }) });
}

export function reverseTransfer(id: string): Promise<{ message: string; transfer: PayoutView }> {
  return api.post(`/payments/admin/transfers/${encodeURIComponent(id)}/reverse`);
}

export function useReverseTransfer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reverseTransfer, onSuccess: () => queryClient.invalidateQueries({ queryKey: transfersKey }) });
}
