import { z } from 'zod';

/** Empty, null and NaN parameters are dropped and values trimmed (spec §5). */
export function blankToUndefined(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number' && Number.isNaN(value)) return undefined;
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return ['', 'null', 'undefined', 'NaN'].includes(trimmed) ? undefined : trimmed;
}

/** The highest page number any list accepts: far past any real list, and it keeps the offset in range. */
export const PAGE_MAX = 100_000;

/** A page number or page size in a query string; a blank value takes the default. */
function pageNumber(label: 'page' | 'limit', max: number, fallback: number) {
  return z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(1, `${label} must be 1 or more`)
      .max(max, `${label} must be at most ${max}`)
      .default(fallback),
  );
}

export interface PagingOptions {
  /** The page size when the query names none. */
  defaultLimit: number;
  /** The largest page size; a larger `limit` is refused (422), not clamped. */
  maxLimit: number;
}

/** Most lists: 20 a page, at most 100. */
export const STANDARD_PAGING: PagingOptions = { defaultLimit: 20, maxLimit: 100 };

/** The `page` and `limit` fields of a paged list's query, to spread into its z.object. */
export function pagingQueryFields({ defaultLimit, maxLimit }: PagingOptions) {
  return { page: pageNumber('page', PAGE_MAX, 1), limit: pageNumber('limit', maxLimit, defaultLimit) };
}

/** A paged list's query: `page` (1 or more) and `limit` (1 to maxLimit). */
export function pagingQuerySchema(options: PagingOptions) {
  return z.object(pagingQueryFields(options));
}
export type PagingQuery = { page: number; limit: number };

/** The fields every paged list answers beside its items. */
export const pageFieldsSchema = {
  total: z.number().int(),
  page: z.number().int(),
  /** ceil(total / limit): 0 when the list is empty. */
  pages: z.number().int(),
};
export type PageFields = { total: number; page: number; pages: number };

/** A paged list's answer: `{ <key>: [item…], total, page, pages }`. */
export function pagedListSchema<K extends string, T extends z.ZodType>(key: K, itemSchema: T) {
  return z.object({ [key]: z.array(itemSchema), ...pageFieldsSchema } as { [P in K]: z.ZodArray<T> } & typeof pageFieldsSchema);
}
