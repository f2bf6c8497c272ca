import type { AiPoolDashboard } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { aiPoolQueryKey } from './ai-pool-query-key';

export function getPoolDashboard(days: number): Promise<AiPoolDashboard> {
  return api.get<AiPoolDashboard>(`/ai-token-payments/dashboard?days=${days}`);
}

/** The pool's balance, inflow per day and recent transfers. */
export function usePoolDashboard(days: number) {
  return useQuery({ queryKey: [...aiPoolQueryKey, 'dashboard', days], queryFn: () => getPoolDashboard(days) });
}
