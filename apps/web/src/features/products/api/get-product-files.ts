import type { ProductFiles } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getProductFiles(id: string, signal?: AbortSignal): Promise<ProductFiles> {
  return api.get<ProductFiles>(`/products/${encodeURIComponent(id)}/files`, { signal });
}

/**
 * The files a buyer of a published product gets (name, content type, size): the same for everyone,
 * asked for apart from the product so the first screen never waits for it.
 */
export function useProductFiles(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['products', 'files', id],
    queryFn: ({ signal }) => getProductFiles(id, signal),
    enabled,
    staleTime: 60_000,
  });
}
