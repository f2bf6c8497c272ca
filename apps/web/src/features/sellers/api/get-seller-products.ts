import type { ProductList } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The seller page's filters: the catalogue's own (GET /products), narrowed to one seller. */
export interface SellerProductsQuery {
  seller_id: string;
  category: string;
  license: string;
  sort_by: string;
  sort_order: string;
  page: number;
  limit: number;
}

export function sellerProductsPath(query: SellerProductsQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== '') params.set(key, String(value));
  return `/products/?${params.toString()}`;
}

/** One page of the seller's public products; the previous page stays while the next loads. */
export function useSellerProducts(query: SellerProductsQuery) {
  const path = sellerProductsPath(query);
  return useQuery({
    queryKey: ['products', 'seller', path],
    queryFn: ({ signal }) => api.get<ProductList>(path, { signal }),
    placeholderData: keepPreviousData,
  });
}
