import type { VersionHistory } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getVersionHistory(productId: string): Promise<VersionHistory> {
  return api.get<VersionHistory>(`/products/${encodeURIComponent(productId)}/versions`);
}

/** The product page's current version, its date and the changelog of every released version. */
export function useVersionHistory(productId: string | undefined) {
  return useQuery({
    queryKey: ['products', 'versions', productId],
    queryFn: () => getVersionHistory(productId as string),
    enabled: productId !== undefined,
  });
}
