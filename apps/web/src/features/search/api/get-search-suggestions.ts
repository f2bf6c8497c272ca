import { type ProductList, SEARCH } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Spec §5/§9: GET /products/?search=<text>&limit=10; the server ranks exact titles, then earlier matches. */
export function getSearchSuggestions(text: string, signal?: AbortSignal): Promise<ProductList> {
  return api.get<ProductList>(`/products/?search=${encodeURIComponent(text)}&limit=${SEARCH.requestLimit}`, { signal });
}

/** Suggestions for already-debounced text; nothing is asked below the 2-character minimum. */
export function useSearchSuggestions(text: string) {
  return useQuery({
    queryKey: ['search', 'suggestions', text],
    queryFn: ({ signal }) => getSearchSuggestions(text, signal),
    enabled: text.length >= SEARCH.minChars,
    staleTime: 60_000,
    select: (data) => ({ products: data.products.slice(0, SEARCH.suggestions), total: data.total }),
  });
}
