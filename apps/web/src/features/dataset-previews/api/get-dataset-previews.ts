import type { PublicDatasetPreviewList } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getDatasetPreviews(productId: string, signal?: AbortSignal): Promise<PublicDatasetPreviewList> {
  return api.get<PublicDatasetPreviewList>(`/products/${encodeURIComponent(productId)}/dataset-previews`, { signal });
}

/**
 * The previews of a published product's data files as anyone sees them (columns not hidden, the
 * published rows): the same for everyone, asked for apart from the product like its file list.
 */
export function useDatasetPreviews(productId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['products', 'dataset-previews', productId],
    queryFn: ({ signal }) => getDatasetPreviews(productId, signal),
    enabled,
    staleTime: 60_000,
  });
}
