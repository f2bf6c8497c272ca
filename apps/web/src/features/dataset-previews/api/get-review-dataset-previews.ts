import type { OwnDatasetPreviewList } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getReviewDatasetPreviews(productId: string): Promise<OwnDatasetPreviewList> {
  return api.get<OwnDatasetPreviewList>(`/admin/products/${encodeURIComponent(productId)}/dataset-previews`);
}

/** The previews of a product under review, as its seller sees them (admins only). */
export function useReviewDatasetPreviews(productId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'products', productId, 'dataset-previews'],
    queryFn: () => getReviewDatasetPreviews(productId),
    // A large file is read after its upload: look again until its preview is made.
    refetchInterval: (query) => (query.state.data?.previews.some((preview) => preview.status === 'pending') ? 3_000 : false),
    enabled,
  });
}
