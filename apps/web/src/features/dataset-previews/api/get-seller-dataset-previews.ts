import type { OwnDatasetPreviewList } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

/** Under the seller area's key (`features/seller`), so its refreshes include these. */
export const sellerKey = ['seller'] as const;

export function getSellerDatasetPreviews(productId: string): Promise<OwnDatasetPreviewList> {
  return api.get<OwnDatasetPreviewList>(`/seller/products/${encodeURIComponent(productId)}/dataset-previews`);
}

/** The previews of one of the seller's products: every column, the first rows and what is published. */
export function useSellerDatasetPreviews(productId: string) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(sellerKey, viewerId, 'dataset-previews', productId),
    queryFn: () => getSellerDatasetPreviews(productId),
    // A large file is read after its upload: look again until its preview is made.
    refetchInterval: (query) => (query.state.data?.previews.some((preview) => preview.status === 'pending') ? 3_000 : false),
  });
}
