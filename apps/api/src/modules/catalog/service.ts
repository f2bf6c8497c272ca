import {
  CATEGORIES,
  type CategoryCount,
  type FacetCount,
  FRAMEWORKS,
  GPU_MEMORY_LIMITS,
  HOSTING_FACETS,
  HOSTING_OPTIONS,
  hasRole,
  LICENSES,
  PRICE_BANDS,
  PRODUCT_BROWSE_DEPTH,
  PRODUCT_PAGE_LIMIT_DEFAULT,
  type ProductFacets,
  type ProductFiles,
  type ProductList,
  type ProductListQuery,
  type PublicProduct,
  RATING_THRESHOLDS,
} from '@app/shared';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { MicroCache } from '../../lib/micro-cache';
import { pageCount } from '../../lib/paging';
import { isUuid } from '../../lib/validation';
import { downloadLimitOfProduct } from '../downloads';
import type { UserRow } from '../users/repository';
import { presentProduct, productDetailJson, productJson, productListJson } from './present';
import {
  countApprovedByCategory,
  countByStatus,
  type FacetRow,
  findProductById,
  isSellerActive,
  listProducts,
  listPublicProductFiles,
  listRelatedProducts,
  type ProductRow,
  type Visibility,
} from './repository';
import { correctQuery, queryWords, suggestion } from './typos';

export { notifyCatalogChanged } from './repository';

/**
 * Lists the catalogue. Everyone sees approved products; a `status` filter is honoured for admins,
 * and for a seller listing their own products (`seller_id` = themself). A search is corrected
 * word by word against the dictionary before it runs.
 */
export async function browseProducts(deps: AppDeps, query: ProductListQuery, viewer: UserRow | null): Promise<ProductList> {
  const found = await findProducts(deps, query, viewer);
  const products =
    'json' in found ? found.json.map((row) => JSON.parse(utf8.decode(row)) as PublicProduct) : found.rows.map(presentProduct);
  return { products, ...found.summary };
}

/** The public catalogue page as the API sends it (JSON bytes); rows the search index holds are not serialised again. */
export async function browsePublicProductsJson(deps: AppDeps, query: ProductListQuery): Promise<Buffer> {
  const found = await findProducts(deps, query, null);
  const rows = 'json' in found ? found.json : found.rows.map((row) => Buffer.from(productJson(row)));
  return productListJson(found.summary, rows);
}

const utf8 = new TextDecoder();
type ListSummary = Omit<ProductList, 'products'>;

/** The page's products (as JSON from the search index, or as rows from SQL) and the rest of the page. */
async function findProducts(
  deps: AppDeps,
  query: ProductListQuery,
  viewer: UserRow | null,
): Promise<{ summary: ListSummary; json: Uint8Array[] } | { summary: ListSummary; rows: ProductRow[] }> {
  const words = queryWords(query.search ?? '');
  const corrected = words.length > 0 ? correctQuery(await deps.searchDictionary.current(), words) : [];
  const visibility = visibilityFor(query, viewer);
  const summarize = (result: { total: number; totalCapped: boolean; page: number; limit: number; facets: FacetRow[] }) => ({
    total: result.total,
    total_capped: result.totalCapped,
    page: result.page,
    // Never a page number past the browsing depth, which the query would refuse.
    pages: Math.min(pageCount(result.total, result.limit), Math.floor(PRODUCT_BROWSE_DEPTH / result.limit)),
    facets: presentFacets(result.facets),
    did_you_mean: suggestion(corrected),
  });
  // Text without a letter or digit (symbols, emoji) has nothing to search for: like a search of
  // stop words only, it finds nothing, rather than listing the whole catalogue under "Results for €".
  if (words.length === 0 && query.search !== undefined) {
    const limit = query.limit ?? PRODUCT_PAGE_LIMIT_DEFAULT;
    return { summary: summarize({ total: 0, totalCapped: false, page: query.page ?? 1, limit, facets: [] }), json: [] };
  }
  // Public pages come from the in-process index when it can answer; status views (and the rest) from SQL.
  const index = visibility.kind === 'public' ? deps.searchIndex : null;
  const indexed = index && (corrected.length > 0 ? await index.search(query, corrected) : await index.browse(query));
  if (indexed) return { summary: summarize(indexed), json: indexed.rows };
  const page = await listProducts(deps.db, query, visibility, corrected);
  return { summary: summarize(page), rows: page.rows };
}

/** Every facet's options in the spec's order, as the page lists them (built once, not per page). */
const FACET_OPTIONS: { kind: FacetRow['kind']; options: { value: string; label: string }[] }[] = [
  { kind: 'category', options: CATEGORIES.map((c) => ({ value: c.slug, label: c.name })) },
  { kind: 'license', options: LICENSES.map((l) => ({ value: l.slug, label: l.name })) },
  { kind: 'price', options: PRICE_BANDS.map((b) => ({ value: b.slug, label: b.label })) },
  { kind: 'rating', options: RATING_THRESHOLDS.map((t) => ({ value: String(t), label: `${t} stars & up` })) },
  { kind: 'framework', options: FRAMEWORKS.map((f) => ({ value: f.slug, label: f.name })) },
  { kind: 'commercial_use', options: [{ value: 'true', label: 'Allows commercial use' }] },
  {
    kind: 'gpu_memory',
    options: GPU_MEMORY_LIMITS.map((limit) => ({ value: String(limit), label: `Up to ${limit} GB GPU memory` })),
  },
  {
    kind: 'hosting',
    options: HOSTING_FACETS.map((slug) => ({ value: slug, label: HOSTING_OPTIONS.find((o) => o.slug === slug)?.name ?? slug })),
  },
];

/** Facet rows as the page shows them: every option in the spec's order, with its count (zero included). */
function presentFacets(rows: FacetRow[]): ProductFacets {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(`${row.kind}:${row.value}`, row.count);
  const facets = {} as Record<FacetRow['kind'], FacetCount[]>;
  for (const { kind, options } of FACET_OPTIONS)
    facets[kind] = options.map(({ value, label }) => ({ value, label, count: counts.get(`${kind}:${value}`) ?? 0 }));
  return facets;
}

function visibilityFor(query: ProductListQuery, viewer: UserRow | null): Visibility {
  if (!query.status || !viewer) return { kind: 'public' };
  const isAdmin = hasRole(viewer.role, ['admin']);
  const ownListing = query.seller_id === viewer.id;
  if (!isAdmin && !ownListing) return { kind: 'public' };
  return query.status === 'all' ? { kind: 'all' } : { kind: 'all', status: query.status };
}

/**
 * Approved products of a seller who is not suspended are public; others only to their seller and
 * admins (404 for everyone else).
 */
export function canSeeProduct(product: ProductRow, viewer: UserRow | null, sellerActive = true): boolean {
  if (product.status === 'approved' && sellerActive) return true;
  return Boolean(viewer && (viewer.id === product.sellerId || hasRole(viewer.role, ['admin'])));
}

export async function getVisibleProduct(deps: AppDeps, id: string, viewer: UserRow | null): Promise<ProductRow> {
  const trimmed = id.trim();
  if (!trimmed)
    throw new AppError('VALIDATION_FAILED', 'Product ID is required', [{ field: 'id', message: 'Product ID is required' }]);
  const product = isUuid(trimmed) ? await findProductById(deps.db, trimmed) : undefined;
  if (!product || !canSeeProduct(product, viewer, await isSellerActive(deps.db, product.sellerId))) {
    throw new AppError('NOT_FOUND', 'Product not found');
  }
  return product;
}

/** One product with a few related ones from its category. */
export async function getProductDetail(
  deps: AppDeps,
  id: string,
  viewer: UserRow | null,
): Promise<PublicProduct & { related: PublicProduct[] }> {
  const product = await getVisibleProduct(deps, id, viewer);
  const related = await relatedInCategory(deps, product.category, product.id);
  return { ...presentProduct(product), related: related.map((r) => r.product) };
}

const RELATED_COUNT = 4;
interface RelatedProduct {
  id: string;
  product: PublicProduct;
  json: string;
}
const relatedCaches = new WeakMap<AppDeps, MicroCache<RelatedProduct[]>>();

/**
 * Calls `forget` once a change to the catalogue made by any instance can be read: after the search
 * index took it in (its pages come from the index), or when PostgreSQL notifies it (without the
 * index, pages come from SQL). Caches of pages forget what they hold then, within a second of the
 * write instead of after CATALOG_CACHE_MS.
 */
export function onCatalogUpdate(deps: AppDeps, forget: () => void): void {
  if (deps.searchIndex) deps.searchIndex.onUpdate(forget);
  else deps.catalogChanges.subscribe(forget);
}

/**
 * A category's best rated products, the same for every product page of the category: shared for
 * as long as catalogue pages are (one more than shown, so a page can leave itself out).
 */
async function relatedInCategory(deps: AppDeps, category: string, except: string): Promise<RelatedProduct[]> {
  let cache = relatedCaches.get(deps);
  if (!cache) {
    const created = new MicroCache<RelatedProduct[]>(deps.config.catalogCacheMs, { maxEntries: 100 });
    onCatalogUpdate(deps, () => created.clear());
    relatedCaches.set(deps, created);
    cache = created;
  }
  const best = await cache.get(category, async () =>
    (await listRelatedProducts(deps.db, category, RELATED_COUNT + 1)).map((row) => ({
      id: row.id,
      product: presentProduct(row),
      json: productJson(row),
    })),
  );
  return best.filter((related) => related.id !== except).slice(0, RELATED_COUNT);
}

/**
 * A public product's page as JSON bytes straight from the search index (no query for the row),
 * or undefined when the index cannot tell (not loaded, or the product is not public: unknown,
 * pending, rejected, deleted or its seller suspended), and getProductDetail() answers instead.
 * A public product's page is the same for every viewer.
 */
export async function publicProductDetailJson(deps: AppDeps, id: string): Promise<Buffer | undefined> {
  const trimmed = id.trim();
  if (!deps.searchIndex || !isUuid(trimmed)) return undefined;
  const found = await deps.searchIndex.product(trimmed);
  if (!found) return undefined;
  const related = await relatedInCategory(deps, found.category, trimmed);
  return productDetailJson(
    found.json,
    related.map((r) => r.json),
  );
}

/**
 * What a buyer of a public product gets: each file's name, content type and size (never its storage
 * key or scan), or null when the product is not public (unknown, pending, rejected, deleted, or its
 * seller suspended), the same for every viewer.
 */
export async function publicProductFiles(deps: AppDeps, id: string): Promise<ProductFiles | null> {
  const trimmed = id.trim();
  if (!isUuid(trimmed)) return null;
  const files = await listPublicProductFiles(deps.db, trimmed);
  if (!files) return null;
  return {
    product_id: trimmed,
    files: files.map((file) => ({ file_name: file.fileName, content_type: file.contentType, size_bytes: file.sizeBytes })),
    download_limit: await downloadLimitOfProduct(deps, trimmed),
  };
}

export async function listCategories(deps: AppDeps): Promise<CategoryCount[]> {
  const counts = await countApprovedByCategory(deps.db);
  return CATEGORIES.map((category) => ({ ...category, count: counts.get(category.slug) ?? 0 }));
}

export async function countProducts(deps: AppDeps) {
  const byStatus = await countByStatus(deps.db);
  const total = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
  return { total, approved: byStatus.approved ?? 0, pending: byStatus.pending ?? 0, rejected: byStatus.rejected ?? 0 };
}
