import { useState } from 'react';

/**
 * The filters and page of a paged list. Any change of filter starts again at page 1, because the
 * page the reader was on may not exist in the new list.
 */
export function useListFilters<Filters extends { page: number }>(initial: Filters) {
  const [filters, setFilters] = useState(initial);
  const change = (next: Partial<Omit<Filters, 'page'>>) => setFilters((current) => ({ ...current, ...next, page: 1 }));
  const setPage = (page: number) => setFilters((current) => ({ ...current, page }));
  return { filters, change, setPage };
}
