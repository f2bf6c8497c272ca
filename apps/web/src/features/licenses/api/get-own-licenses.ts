import type { OwnedLicense } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';
import { licensesQueryKey } from './licenses-query-key';

export interface OwnLicenseList {
  licenses: OwnedLicense[];
  total: number;
  page: number;
  pages: number;
}

export function getOwnLicenses(orderId?: string): Promise<OwnLicenseList> {
  const params = new URLSearchParams({ limit: '100' });
  if (orderId) params.set('order_id', orderId);
  return api.get<OwnLicenseList>(`/licenses/mine?${params}`);
}

/** The signed-in buyer's licence keys (of one order when named), newest first. */
export function useOwnLicenses(orderId?: string | null, enabled = true) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(licensesQueryKey, viewerId, 'mine', orderId ?? 'all'),
    queryFn: () => getOwnLicenses(orderId ?? undefined),
    enabled: enabled && orderId !== null,
  });
}
