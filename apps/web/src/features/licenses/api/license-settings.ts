import type { LicenseSettings, LicenseSettingsInput } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { licensesQueryKey } from './licenses-query-key';

export function getLicenseSettings(productId: string): Promise<LicenseSettings> {
  return api.get<LicenseSettings>(`/seller/products/${encodeURIComponent(productId)}/license-settings`);
}

/** Whether one of the seller's products issues keys, and their activation limit. */
export function useLicenseSettings(productId: string | null) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(licensesQueryKey, viewerId, 'settings', productId),
    queryFn: () => getLicenseSettings(productId as string),
    enabled: Boolean(productId),
  });
}

export function saveLicenseSettings({
  productId,
  ...input
}: LicenseSettingsInput & { productId: string }): Promise<LicenseSettings> {
  return api.put<LicenseSettings>(`/seller/products/${encodeURIComponent(productId)}/license-settings`, input);
}

export function useSaveLicenseSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLicenseSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licensesQueryKey }),
  });
}
