import type { DownloadLimitSetting } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

const path = (productId: string) => `/seller/products/${encodeURIComponent(productId)}/download-limit`;

export function getDownloadLimit(productId: string): Promise<DownloadLimitSetting> {
  return api.get<DownloadLimitSetting>(path(productId));
}

export function saveDownloadLimit(productId: string, downloadLimit: number | null): Promise<DownloadLimitSetting> {
  return api.put<DownloadLimitSetting>(path(productId), { download_limit: downloadLimit });
}

/** The cap of one of the seller's products (null: unlimited), for the product form. */
export function useDownloadLimit(productId: string | undefined) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(['seller'], viewerId, 'download-limit', productId ?? ''),
    queryFn: () => getDownloadLimit(productId as string),
    enabled: Boolean(productId),
  });
}
