import type { CompareResult } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function compareProducts(ids: readonly string[], signal?: AbortSignal): Promise<CompareResult> {
  return api.get<CompareResult>(`/compare?ids=${ids.map(encodeURIComponent).join(',')}`, { signal });
}

/** The products side by side: the same answer for everyone. */
export function useCompareProducts(ids: readonly string[]) {
  return useQuery({
    queryKey: ['products', 'compare', ids.join(',')],
    queryFn: ({ signal }) => compareProducts(ids, signal),
    enabled: ids.length >= 2,
    retry: false,
  });
}
