import type { PageFields, PagingQuery } from '@app/shared';

/** How many rows come before the requested page. */
export function pageOffset({ page, limit }: PagingQuery): number {
  return (page - 1) * limit;
}

/** How many pages `total` rows fill: 0 for an empty list (the web shows no pager then). */
export function pageCount(total: number, limit: number): number {
  return Math.ceil(total / limit);
}

/** Every paged list's answer: `{ <key>: items, total, page, pages }`. */
export function pagedList<K extends string, T>(key: K, items: T[], total: number, { page, limit }: PagingQuery) {
  return { [key]: items, total, page, pages: pageCount(total, limit) } as { [P in K]: T[] } & PageFields;
}
