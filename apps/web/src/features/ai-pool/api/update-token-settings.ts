import type { AiTokenSettings, AiTokenSettingsUpdate } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { aiPoolQueryKey } from './ai-pool-query-key';

export function updateTokenSettings(body: AiTokenSettingsUpdate): Promise<{ message: string; settings: AiTokenSettings }> {
  return api.put('/ai-token-payments/ai-token-settings', body);
}

export function useUpdateTokenSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTokenSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiPoolQueryKey }),
  });
}
