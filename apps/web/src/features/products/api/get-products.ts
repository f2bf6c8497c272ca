import type { ProductList } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { initialAnswer } from '@/lib/initial-answers';
import { userQueryKey, useViewerId } from '@/lib/user-query-key';

/** The catalogue filters GET /products/ understands (spec §5 Product queries). */
export interface ProductQuery {
  search?: string | null;
  category?: string | null;
  min_price?: number | string | null;
  max_price?: number | string | null;
  license?: string | null;
  min_rating?: number | string | null;
  featured?: boolean | null;
  /** The listing card's facets. */
  framework?: string | null;
  commercial_use?: boolean | null;
  max_gpu_memory?: number | string | null;
  hosting?: string | null;
  /** One seller's products (their public page). */
  seller_id?: string | null;
  sort_by?: string | null;
  sort_order?: 'asc' | 'desc' | null;
  page?: number | null;
  limit?: number | null;
}

/** Spec §5: empty, null and NaN parameters are dropped and values trimmed. */
export function productQueryString(query: ProductQuery): string {
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    if (raw === null || raw === undefined) continue;
    if (typeof raw === 'number' && Number.isNaN(raw)) continue;
    const value = String(raw).trim();
    if (value === '' || value === 'NaN') continue;
    params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function getProducts(query: ProductQuery, signal?: AbortSignal): Promise<ProductList> {
  return api.get<ProductList>(`/products/${productQueryString(query)}`, { signal });
}

/** Status filters show sellers their own listings and admins every listing: the answer depends on who asks. */
export const productsQueryKey = (query: ProductQuery, viewerId: string) =>
  userQueryKey(['products', 'list'], viewerId, productQueryString(query));

/** One catalogue page. The previous page stays on screen (dimmed by the caller) while the next loads. */
export function useProducts(query: ProductQuery, { keepPrevious = false }: { keepPrevious?: boolean } = {}) {
  const viewerId = useViewerId();
  return useQuery({
    queryKey: productsQueryKey(query, viewerId),
    queryFn: ({ signal }) => getProducts(query, signal),
    // A visitor's first page may be in the HTML already (anonymous answers only).
    initialData: () =>
      viewerId === 'anonymous' ? initialAnswer<ProductList>(`/products/${productQueryString(query)}`) : undefined,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}
