import type { AiPoolTransferHistory, AiPoolTransferStatus } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { aiPoolQueryKey } from './ai-pool-query-key';

export function getTransferHistory(limit: number, status?: AiPoolTransferStatus): Promise<AiPoolTransferHistory> {
  const query = new URLSearchParams({ limit: String(limit), ...(status && { status }) });
  return api.get<AiPoolTransferHistory>(`/ai-token-payments/transfer-history?${query}`);
}

/** Transfers out of the pool, newest first. */
export function useTransferHistory(limit: number, status?: AiPoolTransferStatus) {
  return useQuery({
    queryKey: [...aiPoolQueryKey, 'history', limit, status ?? 'all'],
    queryFn: () => getTransferHistory(limit, status),
  });
}
