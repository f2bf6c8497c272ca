import type { AiPoolTransfer } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { aiPoolQueryKey } from './ai-pool-query-key';

export function triggerTransfer(): Promise<{ message: string; transfer: AiPoolTransfer }> {
  return api.post('/ai-token-payments/trigger-manual-transfer', {});
}

/** Sends the pool's whole balance now. Whatever happens, the figures are read again. */
export function useTriggerTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: triggerTransfer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: aiPoolQueryKey }),
  });
}
