import type { ProductList } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ProductQuery, productQueryString } from '@/features/products/api/get-products';
import { api } from '@/lib/api-client';

/** The catalogue's own query (GET /products), narrowed to one seller. */
export function sellerProductsPath(sellerId: string, query: ProductQuery): string {
  return `/products/${productQueryString({ ...query, seller_id: sellerId })}`;
}

/** One page of the seller's public products, with the facet counts; the previous page stays while the next loads. */
export function useSellerProducts(sellerId: string, query: ProductQuery) {
  const path = sellerProductsPath(sellerId, query);
  return useQuery({
    queryKey: ['products', 'seller', path],
    queryFn: ({ signal }) => api.get<ProductList>(path, { signal }),
    placeholderData: keepPreviousData,
  });
}
