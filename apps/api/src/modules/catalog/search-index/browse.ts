import { PRODUCT_PAGE_LIMIT_DEFAULT, PRODUCT_TOTAL_CAP, type ProductListQuery } from '@app/shared';
import { pageOffset } from '../../../lib/paging';
import type { FacetRow } from '../repository';
import { facetsOf, facetsOfAttributes } from './facets';
import { type Filter, filterOf, passes } from './filters';
import { ATTRIBUTES, type IndexData } from './index-data';
import { lowerBound } from './position-lists';
import type { RowPlace } from './rows';
import { ascending, rangeOf, type SortedOrders, type SortKey } from './sorted-orders';

/** A catalogue page without search words, as the index answers it. */
export interface BrowsedPage {
  ids: string[];
  /** Where each product's JSON is: read it with readRow() (rows.ts). */
  rows: RowPlace[];
  total: number;
  totalCapped: boolean;
  facets: FacetRow[];
}

/**
 * A public catalogue page with no search words, as repository.ts listProducts() gives it: the
 * page in the sort's order, the total (exact when only the category narrows the list, else
 * counted up to PRODUCT_TOTAL_CAP + 1) and the facets over the first PRODUCT_TOTAL_CAP + 1 matches
 * in that order. The products come from walking the sort's order (sorted-orders.ts) and keeping
 * those that pass the filters, stopping once the page and the count are complete: most pages stop
 * after a few thousand steps, and a rare combination walks at most every product once, in memory
 * order. One seller's page starts from that seller's products instead.
 * Undefined while the orders are not built yet (the SQL path answers meanwhile).
 */
export function browseIndexData(data: IndexData, query: ProductListQuery): BrowsedPage | undefined {
  const orders = data.orders;
  if (!orders) return undefined;
  const limit = query.limit ?? PRODUCT_PAGE_LIMIT_DEFAULT;
  const offset = pageOffset({ page: query.page ?? 1, limit });
  const { key, descending } = sortOf(query);
  const filter = filterOf(data, query);
  const wanted = Math.max(offset + limit, PRODUCT_TOTAL_CAP + 1);
  const walked = filter.seller === undefined ? walk(data, orders, key, descending, filter, wanted) : undefined;
  const matches = walked?.found ?? sellerMatches(data, key, descending, filter, filter.seller as number);
  const page = Array.from(matches.subarray(offset, offset + limit));
  const matched = filter.exactTotal ?? matches.length;
  const capped = filter.exactTotal === undefined && matched > PRODUCT_TOTAL_CAP;
  return {
    ids: page.map((slot) => data.idOf(slot)),
    rows: page.map((slot) => data.rowPlace(slot)),
    total: capped ? PRODUCT_TOTAL_CAP : matched,
    totalCapped: capped,
    facets: (walked && facetsOfAttributes(data, walked.attributes, matches)) ?? facetsOf(data, matches),
  };
}

/** repository.ts ordering(): relevance without words is newest first; title ascends unless asked otherwise. */
function sortOf(query: ProductListQuery): { key: SortKey; descending: boolean } {
  const sortBy = query.sort_by ?? 'created_at';
  if (sortBy === 'relevance') return { key: 'created_at', descending: true };
  if (sortBy === 'title') return { key: 'title', descending: query.sort_order === 'desc' };
  return { key: sortBy, descending: query.sort_order !== 'asc' };
}

/**
 * The walk's output arrays, kept between pages (a deep page's 10,000 matches were 80 kB allocated
 * and zeroed per page). Safe to share: a page is read from them before anything else runs.
 */
const scratch = { slots: new Int32Array(0), attributes: new Uint32Array(0) };

function walkScratch(size: number): { slots: Int32Array; attributes: Uint32Array } {
  if (scratch.slots.length < size) {
    scratch.slots = new Int32Array(size);
    scratch.attributes = new Uint32Array(size);
  }
  return scratch;
}

/**
 * The first `wanted` matches in the sort's order: the order walked from the right end, merged
 * with the products added since it was built (also sorted by the key).
 */
function walk(
  data: IndexData,
  orders: SortedOrders,
  key: SortKey,
  descending: boolean,
  filter: Filter,
  wanted: number,
): { found: Int32Array; attributes: Uint32Array } {
  const order = orders.order(key);
  const slots = order.slots;
  const attributes = order.attributes;
  const compare = ascending(data, key);
  const { want, rest, codes, lowestPrice, highestPrice, lowestRating } = filter;
  // Dead products (sorted-orders.ts markDead) fail the mask: no read of `alive` per step.
  const mask = filter.mask | ATTRIBUTES.dead;
  const minPrice = filter.minPrice ?? 0;
  const maxPrice = filter.maxPrice ?? Number.POSITIVE_INFINITY;
  const minRating = filter.minRating ?? 0;
  const { price: prices, rating: ratings } = data;
  const step = descending ? -1 : 1;
  const size = Math.min(wanted, data.aliveCount);
  const { slots: found, attributes: foundAttributes } = walkScratch(size);
  let count = 0;
  // The recent products that pass, in the walk's direction (few: merged into the orders past a few thousand).
  const recent = Array.from(orders.recentOf(data, key)).filter(
    (slot) => passes(data.attributes[slot] as number, filter) && (!rest || rest(slot)),
  );
  if (descending) recent.reverse();
  let r = 0;
  const takeRecentBefore = (slot: number) => {
    while (r < recent.length && count < size && (slot < 0 || step * compare(recent[r] as number, slot) < 0)) {
      const taken = recent[r++] as number;
      found[count] = taken;
      foundAttributes[count++] = data.attributes[taken] as number;
    }
  };
  const [first, last] = rangeOf(data, slots, key, filter);
  // A filter on category, licence or featured walks the shortest list holding it (positions in
  // the order, with attributes and slots copied beside them), else the order itself.
  const list = order.lists.narrowest(filter.mask, want);
  const useList = list !== undefined && list.positions.length < (last - first + 1) / 2;
  const walkedAttributes = useList ? list.attributes : attributes;
  const walkedSlots = useList ? list.slots : slots;
  const [from, to] = useList ? [lowerBound(list.positions, first), lowerBound(list.positions, last + 1) - 1] : [first, last];
  // The hot loop, written out: one read of the attributes per product walked, in sequence; the
  // price or rating itself is read only in the buckets at the edges of the range asked for.
  for (let j = descending ? to : from; j >= from && j <= to && count < size; j += step) {
    const attribute = walkedAttributes[j] as number;
    if ((attribute & mask) !== want) continue;
    const price = (attribute >>> ATTRIBUTES.priceShift) & 0xff;
    const rating = (attribute >>> ATTRIBUTES.ratingShift) & 0x3f;
    if (price < lowestPrice || price > highestPrice || rating < lowestRating) continue;
    const slot = walkedSlots[j] as number;
    if (price === lowestPrice && (prices[slot] as number) < minPrice) continue;
    if (price === highestPrice && (prices[slot] as number) > maxPrice) continue;
    if (rating === lowestRating && (ratings[slot] as number) < minRating) continue;
    if (codes && !codes(slot)) continue;
    if (recent.length > r) takeRecentBefore(slot);
    if (count < size) {
      found[count] = slot;
      foundAttributes[count++] = attribute;
    }
  }
  takeRecentBefore(-1);
  return { found: found.subarray(0, count), attributes: foundAttributes };
}

/** Every public product of one seller that passes the filters, in the sort's order. */
function sellerMatches(data: IndexData, key: SortKey, descending: boolean, filter: Filter, seller: number): Int32Array {
  const { mask, want, rest } = filter;
  const compare = ascending(data, key);
  const slots = (data.slotsBySeller[seller] ?? []).filter(
    (slot) => data.alive[slot] === 1 && ((data.attributes[slot] as number) & mask) === want && (!rest || rest(slot)),
  );
  return Int32Array.from(slots.sort(descending ? (x, y) => compare(y, x) : compare));
}
