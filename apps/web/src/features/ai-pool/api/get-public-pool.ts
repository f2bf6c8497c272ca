import type { PublicAiPoolSummary } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getPublicPool(): Promise<PublicAiPoolSummary> {
  return api.get<PublicAiPoolSummary>('/ai-token-payments/public/summary');
}

/** What anyone may see of the pool: totals and completed transfers. */
export function usePublicPool() {
  return useQuery({ queryKey: ['ai-pool-public'], queryFn: getPublicPool });
}
