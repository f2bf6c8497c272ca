import type { CategoryList } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { initialAnswer } from '@/lib/initial-answers';

const CATEGORIES_PATH = '/products/categories/list';

export function getCategories(): Promise<CategoryList> {
  return api.get<CategoryList>(CATEGORIES_PATH);
}

/** The categories with how many approved products each holds; they change rarely. */
export function useCategories() {
  return useQuery({
    queryKey: ['products', 'categories'],
    queryFn: getCategories,
    staleTime: 5 * 60_000,
    initialData: () => initialAnswer<CategoryList>(CATEGORIES_PATH),
  });
}
