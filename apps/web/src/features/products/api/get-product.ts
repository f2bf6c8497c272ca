import type { ProductDetail } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { initialAnswer } from '@/lib/initial-answers';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

export function getProduct(id: string, signal?: AbortSignal): Promise<ProductDetail> {
  const trimmed = id.trim();
  // Spec §5: a product id is required to fetch one.
  if (!trimmed) return Promise.reject(new ApiError(i18n.t('products.idRequired'), 400, 'VALIDATION_ERROR'));
  return api.get<ProductDetail>(`/products/${encodeURIComponent(trimmed)}`, { signal });
}

/** Sellers and admins may see listings others cannot: the answer depends on who asks. */
export const productQueryKey = (id: string, viewerId: string) => userQueryKey(['products', 'detail', id], viewerId);

export function useProduct(id: string) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: productQueryKey(id, viewerId),
    queryFn: ({ signal }) => getProduct(id, signal),
    // A visitor's first product page may be in the HTML already (anonymous answers only).
    initialData: () =>
      viewerId === 'anonymous' ? initialAnswer<ProductDetail>(`/products/${encodeURIComponent(id.trim())}`) : undefined,
  });
}
