import type { ProductDetail } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The product a visitor buys as a guest, as the catalogue shows it (the server prices the order itself). */
export function useGuestProduct(productId: string) {
  return useQuery({
    queryKey: ['guest-checkout', 'product', productId],
    queryFn: ({ signal }) => api.get<ProductDetail>(`/products/${encodeURIComponent(productId)}`, { signal }),
    enabled: Boolean(productId),
    retry: false,
  });
}
