import type { BuyButtonSnippet } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

export function getBuyButtonSnippet(productId: string): Promise<BuyButtonSnippet> {
  return api.get(`/buy-buttons/products/${encodeURIComponent(productId)}`);
}

/** The parts of a product's buy button snippet (the shop's public addresses), for its seller. */
export function useBuyButtonSnippet(productId: string, enabled: boolean) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: userQueryKey(['buy-button', productId], viewerId),
    queryFn: () => getBuyButtonSnippet(productId),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
