import type { PublicSeller } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getSeller(id: string, signal?: AbortSignal): Promise<PublicSeller> {
  return api.get<PublicSeller>(`/sellers/${encodeURIComponent(id)}`, { signal });
}

export const sellerQueryKey = (id: string) => ['sellers', 'detail', id] as const;

/** A seller's public page: the same for everyone. */
export function useSeller(id: string) {
  return useQuery({ queryKey: sellerQueryKey(id), queryFn: ({ signal }) => getSeller(id, signal), retry: false });
}
