import type { PageFields } from '@app/shared';
import type { UseQueryResult } from '@tanstack/react-query';

/**
 * Reads a paged list's answer `{ <key>: [...], total, page, pages }` (every paged API list has this
 * envelope): its items (none while loading), the total and the number of pages (0 until known, and
 * for an empty list: the pager then shows nothing).
 */
export function usePagedList<D extends PageFields, K extends keyof D>(query: Pick<UseQueryResult<D>, 'data'>, key: K) {
  const { data } = query;
  return {
    items: (data?.[key] ?? []) as NonNullable<D[K]>,
    total: data?.total ?? 0,
    pages: data?.pages ?? 0,
  };
}
