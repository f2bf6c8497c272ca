import type { AiPoolTransfer, AiPoolTransferStatus } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { aiPoolQueryKey } from './ai-pool-query-key';

export interface TransferHistory {
  transfers: AiPoolTransfer[];
  total: number;
  limit: number;
}

export function getTransferHistory(limit: number, status?: AiPoolTransferStatus): Promise<TransferHistory> {
  const query = new URLSearchParams({ limit: String(limit), ...(status && { status }) });
  return api.get<TransferHistory>(`/ai-token-payments/transfer-history?${query}`);
}

/** Transfers out of the pool, newest first. */
export function useTransferHistory(limit: number, status?: AiPoolTransferStatus) {
  return useQuery({
    queryKey: [...aiPoolQueryKey, 'history', limit, status ?? 'all'],
    queryFn: () => getTransferHistory(limit, status),
  });
}
