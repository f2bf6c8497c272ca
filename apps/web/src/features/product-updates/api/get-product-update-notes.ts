import type { ProductUpdateList } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productUpdatesQueryKey } from './product-updates-query-key';

export function getProductUpdateNotes(productId: string, limit: number): Promise<ProductUpdateList> {
  return api.get<ProductUpdateList>(`/products/${encodeURIComponent(productId)}/updates?page=1&limit=${limit}`);
}

/** A product's update notes for its page, newest first; `limit` grows as the visitor asks for older ones. */
export function useProductUpdateNotes(productId: string, limit: number, enabled = true) {
  return useQuery({
    queryKey: [...productUpdatesQueryKey, 'notes', productId, limit],
    queryFn: () => getProductUpdateNotes(productId, limit),
    enabled,
    placeholderData: (previous) => previous,
  });
}
