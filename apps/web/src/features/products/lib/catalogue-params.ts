import { findCategory, findFramework, findHostingFacet, findLicense, PRODUCT_SORTS, type ProductSort } from '@app/shared';
import type { ProductQuery } from '../api/get-products';

/** Products per catalogue page: three full rows of four, four of three, six of two. */
export const CATALOGUE_PAGE_SIZE = 12;

/** The catalogue's state, all of it in the URL so reloads and shared links show the same page. */
export interface CatalogueParams {
  search: string;
  category: string;
  min_price: string;
  max_price: string;
  license: string;
  /** Lowest average rating, from the rating facet ('' for any). */
  min_rating: string;
  /** 'true' shows only featured products. */
  featured: 'true' | '';
  /** The listing card's facets: a framework slug, 'true' for licences that allow commercial use, GB of GPU memory at most, hosting. */
  framework: string;
  commercial_use: 'true' | '';
  max_gpu_memory: string;
  hosting: string;
  sort_by: ProductSort | '';
  sort_order: 'asc' | 'desc' | '';
  page: number;
}

export type CatalogueKey = keyof CatalogueParams;

/** The choices of the 'Sort by' select; `relevance` only while searching. */
export const SORT_OPTIONS = [
  { key: 'relevance', sort_by: 'relevance', sort_order: 'desc' },
  { key: 'newest', sort_by: 'created_at', sort_order: 'desc' },
  { key: 'priceAsc', sort_by: 'price', sort_order: 'asc' },
  { key: 'priceDesc', sort_by: 'price', sort_order: 'desc' },
  { key: 'rating', sort_by: 'rating', sort_order: 'desc' },
  { key: 'popularity', sort_by: 'popularity', sort_order: 'desc' },
  { key: 'title', sort_by: 'title', sort_order: 'asc' },
] as const;

export type SortKey = (typeof SORT_OPTIONS)[number]['key'];

function price(value: string | null): string {
  const text = (value ?? '').trim();
  if (!text) return '';
  const number = Number(text);
  return Number.isFinite(number) && number >= 0 ? text : '';
}

function rating(value: string | null): string {
  const text = price(value);
  return text && Number(text) <= 5 ? text : '';
}

function gpuMemory(value: string | null): string {
  const text = price(value);
  return text && Number(text) <= 1024 ? text : '';
}

/** Reads the URL, dropping values the server would refuse (a hand-edited link still shows a catalogue). */
export function readCatalogueParams(params: URLSearchParams): CatalogueParams {
  const sortBy = params.get('sort_by') ?? '';
  const sortOrder = params.get('sort_order') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    search: (params.get('search') ?? '').trim(),
    category: findCategory(params.get('category'))?.slug ?? '',
    min_price: price(params.get('min_price')),
    max_price: price(params.get('max_price')),
    license: findLicense(params.get('license'))?.slug ?? '',
    min_rating: rating(params.get('min_rating')),
    featured: params.get('featured') === 'true' ? 'true' : '',
    // Card facets by slug or display name, in any case (?framework=PyTorch), as the server reads them.
    framework: findFramework(params.get('framework'))?.slug ?? '',
    commercial_use: params.get('commercial_use')?.trim().toLowerCase() === 'true' ? 'true' : '',
    max_gpu_memory: gpuMemory(params.get('max_gpu_memory')),
    hosting: findHostingFacet(params.get('hosting')) ?? '',
    sort_by: (PRODUCT_SORTS as readonly string[]).includes(sortBy) ? (sortBy as ProductSort) : '',
    sort_order: sortOrder === 'asc' || sortOrder === 'desc' ? sortOrder : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** What to ask the server for. */
export function toProductQuery(params: CatalogueParams): ProductQuery {
  return {
    search: params.search,
    category: params.category,
    min_price: params.min_price,
    max_price: params.max_price,
    license: params.license,
    min_rating: params.min_rating,
    featured: params.featured === 'true' ? true : null,
    framework: params.framework || null,
    commercial_use: params.commercial_use === 'true' ? true : null,
    max_gpu_memory: params.max_gpu_memory || null,
    hosting: params.hosting || null,
    // Relevance means nothing without a search: the server's default order (newest) applies.
    sort_by: params.sort_by === 'relevance' && !params.search ? null : params.sort_by,
    sort_order: params.sort_order || null,
    page: params.page > 1 ? params.page : null,
    limit: CATALOGUE_PAGE_SIZE,
  };
}

/** The option the 'Sort by' select shows: the URL's sort, else the server's default for this view. */
export function sortKeyOf(params: CatalogueParams): SortKey {
  const found = SORT_OPTIONS.find(
    (option) =>
      option.sort_by === params.sort_by &&
      (option.key === 'relevance' || option.sort_order === (params.sort_order || defaultOrder(params.sort_by))),
  );
  if (found && !(found.key === 'relevance' && !params.search)) return found.key;
  return params.search ? 'relevance' : 'newest';
}

function defaultOrder(sortBy: string): 'asc' | 'desc' {
  return sortBy === 'title' ? 'asc' : 'desc';
}

/**
 * The next URL search params: `changes` applied, blanks removed, and back to page 1 unless the
 * change is the page itself (a new filter or sort starts from the top).
 */
export function withChanges(
  current: URLSearchParams,
  changes: Partial<Record<CatalogueKey, string | number | null>>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    const text = value === null || value === undefined ? '' : String(value).trim();
    if (text === '') next.delete(key);
    else next.set(key, text);
  }
  if (!('page' in changes)) next.delete('page');
  if (next.get('page') === '1') next.delete('page');
  return next;
}

/** Filters a visitor can clear with one click (the search text stays). */
export const FILTER_KEYS = [
  'category',
  'min_price',
  'max_price',
  'license',
  'min_rating',
  'featured',
  'framework',
  'commercial_use',
  'max_gpu_memory',
  'hosting',
] as const;

export function hasFilters(params: CatalogueParams): boolean {
  return FILTER_KEYS.some((key) => params[key] !== '');
}

/** How many filters are on, as the small-screen filters button counts them: the price range counts as one. */
export function activeFilterCount(params: CatalogueParams): number {
  return (
    FILTER_KEYS.filter((key) => key !== 'min_price' && key !== 'max_price' && params[key] !== '').length +
    (params.min_price || params.max_price ? 1 : 0)
  );
}
