import type { AffiliateSettingsUpdate, AffiliateSettingsView } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminAffiliateKey } from './affiliate-query-key';

const settingsKey = [...adminAffiliateKey, 'settings'] as const;

export function getAffiliateSettings(): Promise<AffiliateSettingsView> {
  return api.get('/affiliates/admin/settings');
}

/** The programme: on/off, commission and cookie window. */
export function useAffiliateSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: getAffiliateSettings });
}

export function updateAffiliateSettings(body: AffiliateSettingsUpdate): Promise<AffiliateSettingsView> {
  return api.put('/affiliates/admin/settings', body);
}

export function useUpdateAffiliateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAffiliateSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}
