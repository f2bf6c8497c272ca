import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { licensesQueryKey } from './licenses-query-key';

export type LicenseAction = 'disable' | 'enable' | 'reset';

export function changeSellerLicense({ id, action }: { id: string; action: LicenseAction }): Promise<{ message: string }> {
  return api.post<{ message: string }>(`/seller/licenses/${encodeURIComponent(id)}/${action}`);
}

/** Disables, enables or resets the activations of a key of one of the seller's products. */
export function useChangeSellerLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSellerLicense,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licensesQueryKey }),
  });
}
