import { PRODUCT_PAGE_LIMIT_DEFAULT, PRODUCT_TOTAL_CAP, type ProductListQuery } from '@app/shared';
import { pageOffset } from '../../../lib/paging';
import type { FacetRow } from '../repository';
import type { CorrectedWord } from '../typos';
import { facetsOf, facetsOfAttributes } from './facets';
import { filterBounds, filterFor, filterSetsFor } from './filters';
import type { IndexData } from './index-data';
import {
  allGroupsCommon,
  allMatches,
  commonMatches,
  firstMatches,
  type LexemesOf,
  matchingSlots,
  type PlannedQuery,
  plan,
} from './matching';
import { best, rankedCappedPage, rankedPage, sortedOrder, sortKeyOf, walkOrder } from './ranking';
import type { RowPlace } from './rows';
import { addSlot } from './slot-sets';
import { rangeOf } from './sorted-orders';

/** What a search returns before the page's rows are loaded. */
export interface IndexResult {
  ids: string[];
  /** Where the page's products' JSON (UTF-8) is, in page order: read it with readRow() (rows.ts). */
  rows: RowPlace[];
  /** Matches counted: exact up to PRODUCT_TOTAL_CAP + 1 (the page caps the total there). */
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
  if (allGroupsCommon(data, planned)) return commonSearch(data, planned, query, filterSetsFor(data, query), offset, limit);
  const keep = filterFor(data, query);
  const matches = matchingSlots(data, planned, keep);
  return result(data, matches, pageOf(data, planned, query, matches, offset, limit));
}

/** The page of a search whose matches are all listed (and in scratch.matched): ranked, or sorted. */
function pageOf(
  data: IndexData,
  planned: PlannedQuery,
  query: ProductListQuery,
  matches: Int32Array,
  offset: number,
  limit: number,
): number[] {
  return (query.sort_by ?? 'relevance') === 'relevance'
    ? rankedPage(data, planned, matches, offset, limit)
    : best(matches, offset + limit, sortedOrder(data, query)).slice(offset);
}

function result(data: IndexData, matches: Int32Array, slots: number[]): IndexResult {
  return {
    ids: slots.map((slot) => data.idOf(slot)),
    rows: slots.map((slot) => data.rowPlace(slot)),
    matched: matches.length,
    facets: facetsOfMatches(data, matches),
  };
}

/** The facets of the first PRODUCT_TOTAL_CAP + 1 matches, from their packed attributes (one read per match, not four). */
function facetsOfMatches(data: IndexData, matches: Int32Array): FacetRow[] {
  const counted = Math.min(matches.length, PRODUCT_TOTAL_CAP + 1);
  const attributes = new Uint32Array(counted);
  for (let i = 0; i < counted; i += 1) attributes[i] = data.attributes[matches[i] as number] as number;
  return facetsOfAttributes(data, attributes, matches) ?? facetsOf(data, matches);
}

/**
 * A search whose word groups are all common (at 1M products, tens to hundreds of thousands of
 * matches): the matches as a bitset (with the filters' own sets, and `keep` for the rest); the first PRODUCT_TOTAL_CAP + 1 in slot order give the capped
 * total and the facets, as before; when there are more, the page comes from walking a sorted order
 * (popularity for what follows the title bucket; the sort's own order for a sorted search) until it
 * is full, so no work is done per match. Every match is listed instead when the matches are few
 * enough, when the orders are not built yet, or when the walk turns out longer than listing them.
 */
function commonSearch(
  data: IndexData,
  planned: PlannedQuery,
  query: ProductListQuery,
  filters: { sets: Int32Array[]; keep?: (slot: number) => boolean },
  offset: number,
  limit: number,
): IndexResult {
  const set = commonMatches(data, planned, filters.sets);
  const keep = filters.keep;
  const head = firstMatches(data, set, keep, PRODUCT_TOTAL_CAP + 1);
  const orders = data.orders;
  if (head.length > PRODUCT_TOTAL_CAP && orders) {
    // Matches per slot, from how far the first ones reach: a walk takes about wanted / density steps.
    const density = head.length / ((head[head.length - 1] as number) + 1);
    const expectedSteps = (offset + limit) / density;
    const listingCost = density * data.size;
    if (expectedSteps < 4 * listingCost) {
      const budget = 4 * expectedSteps + 1000;
      const alive = data.alive;
      const accept = keep ? (slot: number) => alive[slot] === 1 && keep(slot) : (slot: number) => alive[slot] === 1;
      let slots: number[] | undefined;
      if ((query.sort_by ?? 'relevance') === 'relevance')
        slots = rankedCappedPage(data, planned, set, accept, orders, { offset, limit }, budget);
      else {
        const { key, descending } = sortKeyOf(query);
        const range = rangeOf(data, orders.order(key).slots, key, filterBounds(query));
        const take = (slot: number) => set.has(slot) && accept(slot);
        const walked = walkOrder(data, orders, key, descending, offset + limit, take, budget, range);
        slots = walked?.slice(offset);
      }
      // The head is still in scratch.matches: the walks do not touch it.
      if (slots) return result(data, head, slots);
    }
  }
  if (head.length <= PRODUCT_TOTAL_CAP) {
    // Every match is in the head: the set becomes exactly those (what matchingSlots() leaves).
    const matched = data.scratchSpace().matched;
    matched.fill(0);
    for (let i = 0; i < head.length; i += 1) addSlot(matched, head[i] as number);
    return result(data, head, pageOf(data, planned, query, head, offset, limit));
  }
  const matches = allMatches(data, set, keep);
  return result(data, matches, pageOf(data, planned, query, matches, offset, limit));
}
