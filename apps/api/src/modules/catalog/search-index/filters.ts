import { findCategory, findLicense, type ProductListQuery } from '@app/shared';
import { thresholdOf } from './filter-sets';
import { ATTRIBUTES, CARD_FLAGS, type IndexData, priceBucket, ratingBucket } from './index-data';

/** What a page's filters ask of a slot: attribute bits that must equal `want` under `mask`, and the rest as a check. */
export interface Filter {
  mask: number;
  want: number;
  /** Price buckets allowed (inclusive) and the lowest rating bucket: coarse checks on the attributes. */
  lowestPrice: number;
  highestPrice: number;
  lowestRating: number;
  /** The exact bounds, in cents and stars, for the sorted order of that column. */
  minPrice?: number;
  maxPrice?: number;
  minRating?: number;
  /** Price, rating, the listing card, and codes past ATTRIBUTES.codeLimit; undefined when there are none. */
  rest?: (slot: number) => boolean;
  /** Only the codes past ATTRIBUTES.codeLimit and the listing card (the walk checks prices and ratings itself). */
  codes?: (slot: number) => boolean;
  /** The seller's code when the page is one seller's (-1: a seller with no public product). */
  seller?: number;
  /** Only the category (or nothing) narrows the list: the total is exact, from the counts (as repository.ts countFromTotals). */
  exactTotal?: number;
}

/**
 * The filters of repository.ts filters(), for the public catalogue, as a check of one slot;
 * undefined when there are none. One closure reading the columns with numeric bounds (a bound not
 * given is infinite): searches call it for every candidate, and a chain of small checks cost a
 * filtered search at 1M products a tenth of its time.
 */
export function filterFor(data: IndexData, query: ProductListQuery): ((slot: number) => boolean) | undefined {
  const { mask, want, rest, codes, seller, minPrice, maxPrice, minRating } = filterOf(data, query);
  // A price or rating bound always comes with its exact check in `rest`.
  if (mask === 0 && !rest && seller === undefined) return undefined;
  const { attributes, price, rating, seller: sellers } = data;
  const lowestPrice = minPrice ?? Number.NEGATIVE_INFINITY;
  const highestPrice = maxPrice ?? Number.POSITIVE_INFINITY;
  const lowestRating = minRating ?? Number.NEGATIVE_INFINITY;
  return (slot) => {
    if (((attributes[slot] as number) & mask) !== want) return false;
    const cents = price[slot] as number;
    return (
      cents >= lowestPrice &&
      cents <= highestPrice &&
      (rating[slot] as number) >= lowestRating &&
      (codes === undefined || codes(slot)) &&
      (seller === undefined || sellers[slot] === seller)
    );
  };
}

/**
 * The page's filters as bitsets to AND with a search's sets (a category; a minimum rating that is
 * one of RATING_THRESHOLDS), and a check of one slot for the rest (filterFor()), undefined when
 * the sets say it all.
 */
export function filterSetsFor(
  data: IndexData,
  query: ProductListQuery,
): { sets: Int32Array[]; keep?: (slot: number) => boolean } {
  const sets: Int32Array[] = [];
  const category = query.category === undefined ? undefined : findCategory(query.category);
  if (category) sets.push(data.categorySet(data.categories.find(category.slug) ?? -1));
  const threshold = query.min_rating === undefined ? undefined : thresholdOf(query.min_rating);
  if (threshold !== undefined) sets.push(data.ratingSet(threshold));
  const { category: _category, min_rating, ...others } = query;
  const ratingLeft = min_rating !== undefined && threshold === undefined;
  const left = ratingLeft || filterFor(data, others as ProductListQuery) !== undefined;
  return { sets, keep: left ? filterFor(data, query) : undefined };
}

/** The page's filters, split into attribute bits (read in a walk's sequence, or in one read per slot) and the rest. */
export function filterOf(data: IndexData, query: ProductListQuery): Filter {
  const category = findCategory(query.category);
  const license = findLicense(query.license);
  const categoryCode = category ? (data.categories.find(category.slug) ?? -1) : undefined;
  const licenseCode = license ? (data.licenses.find(license.slug) ?? -1) : undefined;
  const { minPrice, maxPrice, minRating } = filterBounds(query);
  let mask = 0;
  let want = 0;
  const checks: ((slot: number) => boolean)[] = [];
  const byCode = (code: number | undefined, shift: number, column: Int32Array) => {
    if (code === undefined) return;
    if (code >= 0 && code < ATTRIBUTES.codeLimit) {
      mask |= 0xf << shift;
      want |= code << shift;
    } else checks.push((slot) => column[slot] === code);
  };
  byCode(categoryCode, ATTRIBUTES.categoryShift, data.category);
  byCode(licenseCode, ATTRIBUTES.licenseShift, data.license);
  // The listing card's filters are checked per product, by the walk too.
  const card = cardFilterFor(data, query);
  if (card) checks.push(card);
  const codeChecks = [...checks];
  const codes = codeChecks.length === 0 ? undefined : (slot: number) => codeChecks.every((check) => check(slot));
  if (query.featured !== undefined) {
    mask |= ATTRIBUTES.featured;
    if (query.featured) want |= ATTRIBUTES.featured;
  }
  const { price, rating } = data;
  if (minPrice !== undefined) checks.push((slot) => (price[slot] as number) >= minPrice);
  if (maxPrice !== undefined) checks.push((slot) => (price[slot] as number) <= maxPrice);
  if (minRating !== undefined) checks.push((slot) => (rating[slot] as number) >= minRating);
  const rest = checks.length === 0 ? undefined : (slot: number) => checks.every((check) => check(slot));
  const seller = query.seller_id ? (data.sellers.find(query.seller_id.toLowerCase()) ?? -1) : undefined;
  const onlyCategory = !license && query.featured === undefined && checks.length === 0 && seller === undefined;
  const exactTotal = !onlyCategory
    ? undefined
    : categoryCode === undefined
      ? data.aliveCount
      : (data.aliveInCategory[categoryCode] ?? 0);
  return {
    mask,
    want,
    lowestPrice: minPrice === undefined ? 0 : priceBucket(minPrice),
    highestPrice: maxPrice === undefined ? 255 : priceBucket(maxPrice),
    lowestRating: minRating === undefined ? 0 : ratingBucket(minRating),
    minPrice,
    maxPrice,
    minRating,
    rest,
    codes,
    seller,
    exactTotal,
  };
}

/** The page's price (in cents) and rating bounds, as filterOf() has them. */
export function filterBounds(query: ProductListQuery): Pick<Filter, 'minPrice' | 'maxPrice' | 'minRating'> {
  return {
    minPrice: query.min_price === undefined ? undefined : Math.round(query.min_price * 100),
    maxPrice: query.max_price === undefined ? undefined : Math.round(query.max_price * 100),
    minRating: query.min_rating,
  };
}

/** Whether the attributes pass the category, licence and featured bits and the price and rating buckets. */
export function passes(attribute: number, filter: Filter): boolean {
  if ((attribute & filter.mask) !== filter.want) return false;
  const price = (attribute >>> ATTRIBUTES.priceShift) & 0xff;
  const rating = (attribute >>> ATTRIBUTES.ratingShift) & 0x3f;
  return price >= filter.lowestPrice && price <= filter.highestPrice && rating >= filter.lowestRating;
}

/** repository.ts cardFilters(): the listing card's filters, or undefined when the query has none. */
export function cardFilterFor(data: IndexData, query: ProductListQuery): ((slot: number) => boolean) | undefined {
  const frameworkCode = query.framework ? (data.frameworks.find(query.framework) ?? -2) : undefined;
  const maxGpu = query.max_gpu_memory === undefined || Number.isNaN(query.max_gpu_memory) ? undefined : query.max_gpu_memory;
  let flags = 0;
  if (query.commercial_use) flags |= CARD_FLAGS.commercialUse;
  if (query.hosting === 'hosted') flags |= CARD_FLAGS.hosted;
  if (query.hosting === 'self-hosted') flags |= CARD_FLAGS.selfHosted;
  if (frameworkCode === undefined && maxGpu === undefined && flags === 0) return undefined;
  const { framework, gpuMemory, cardFlags } = data;
  // NaN (no GPU memory stated) is never <= a bound, as NULL in SQL.
  return (slot) =>
    (frameworkCode === undefined || framework[slot] === frameworkCode) &&
    (maxGpu === undefined || (gpuMemory[slot] as number) <= maxGpu) &&
    ((cardFlags[slot] as number) & flags) === flags;
}
