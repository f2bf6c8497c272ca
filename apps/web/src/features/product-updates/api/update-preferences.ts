import type { ProductUpdatePreferences } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { productUpdatesQueryKey } from './product-updates-query-key';

export function getUpdatePreferences(): Promise<ProductUpdatePreferences> {
  return api.get<ProductUpdatePreferences>('/product-updates/preferences');
}

/** Whether the signed-in user gets product updates at all, and the products they muted. */
export function useUpdatePreferences(enabled = true) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(productUpdatesQueryKey, viewerId, 'preferences'),
    queryFn: getUpdatePreferences,
    enabled,
  });
}

export type PreferenceChange = { allMuted: boolean } | { productId: string; muted: boolean };

export function changeUpdatePreferences(change: PreferenceChange): Promise<ProductUpdatePreferences> {
  if ('allMuted' in change)
    return api.put<ProductUpdatePreferences>('/product-updates/preferences', { all_muted: change.allMuted });
  const path = `/product-updates/preferences/products/${encodeURIComponent(change.productId)}`;
  return change.muted ? api.put<ProductUpdatePreferences>(path) : api.delete<ProductUpdatePreferences>(path);
}

/** Turns updates off or on, for every product or one; the answer is the whole new setting. */
export function useChangeUpdatePreferences() {
  const queryClient = useQueryClient();
  const viewerId = useViewerId();
  return useMutation({
    mutationFn: changeUpdatePreferences,
    onSuccess: (preferences) =>
      queryClient.setQueryData(userQueryKey(productUpdatesQueryKey, viewerId, 'preferences'), preferences),
  });
}
