import { DASHBOARD_PRODUCTS, type ProductList } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Spec §2: 3 products on the dashboard, the most popular ones. */
export function getPopularProducts(): Promise<ProductList> {
  return api.get<ProductList>(`/products/?limit=${DASHBOARD_PRODUCTS}&sort_by=popularity`);
}

export function usePopularProducts() {
  return useQuery({ queryKey: ['products', 'dashboard', 'popular'], queryFn: getPopularProducts });
}
