import type { PayoutSettingsUpdate, PayoutSettingsView } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminPayoutsKey } from './payouts-query-key';

const settingsKey = [...adminPayoutsKey, 'settings'] as const;

export function getPayoutSettings(): Promise<PayoutSettingsView> {
  return api.get('/payments/admin/settings');
}

/** Schedule, minimum payout and hold days. */
export function usePayoutSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: getPayoutSettings });
}

export function updatePayoutSettings(body: PayoutSettingsUpdate): Promise<{ message: string; settings: PayoutSettingsView }> {
  return api.put('/payments/admin/settings', body);
}

export function useUpdatePayoutSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePayoutSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved.settings),
  });
}
