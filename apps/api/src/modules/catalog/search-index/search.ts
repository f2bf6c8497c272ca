import { PRODUCT_PAGE_LIMIT_DEFAULT, type ProductListQuery } from '@app/shared';
import { pageOffset } from '../../../lib/paging';
import type { FacetRow } from '../repository';
import type { CorrectedWord } from '../typos';
import { facetsOf } from './facets';
import type { IndexData } from './index-data';
import { filterFor, type LexemesOf, matchingSlots, plan } from './matching';
import { best, rankedPage, sortedOrder } from './ranking';

/** What a search returns before the page's rows are loaded. */
export interface IndexResult {
  ids: string[];
  /** The page's products as JSON (UTF-8), in page order: see IndexData.rowJson(). */
  rows: Uint8Array[];
  /** Matches counted, exact (the index counts every match cheaply; the page caps it). */
  matched: number;
  facets: FacetRow[];
}

/** Searches one generation of the index: page ids, match count and facets. */
export function searchIndexData(
  data: IndexData,
  query: ProductListQuery,
  words: CorrectedWord[],
  lexemesOf: LexemesOf,
): IndexResult | undefined {
  const planned = plan(data, words, lexemesOf);
  if (!planned) return undefined;
  const limit = query.limit ?? PRODUCT_PAGE_LIMIT_DEFAULT;
  const offset = pageOffset({ page: query.page ?? 1, limit });
  const matches = matchingSlots(data, planned, filterFor(data, query));
  const slots =
    (query.sort_by ?? 'relevance') === 'relevance'
      ? rankedPage(data, planned, matches, offset, limit)
      : best(matches, offset + limit, sortedOrder(data, query)).slice(offset);
  return {
    ids: slots.map((slot) => data.ids[slot] as string),
    rows: slots.map((slot) => data.rowJson(slot)),
    matched: matches.length,
    facets: facetsOf(data, matches),
  };
}
