import type { CategoryList } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getCategories(): Promise<CategoryList> {
  return api.get<CategoryList>('/products/categories/list');
}

/** The categories with how many approved products each holds; they change rarely. */
export function useCategories() {
  return useQuery({ queryKey: ['products', 'categories'], queryFn: getCategories, staleTime: 5 * 60_000 });
}
