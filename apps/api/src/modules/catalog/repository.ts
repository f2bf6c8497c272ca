import {
  findCategory,
  findLicense,
  GPU_MEMORY_LIMITS,
  HOSTING_FACETS,
  LEGACY_LICENSES,
  licenseValuesAllowingCommercialUse,
  PRICE_BANDS,
  PRODUCT_PAGE_LIMIT_DEFAULT,
  PRODUCT_TOTAL_CAP,
  type ProductListQuery,
  RATING_THRESHOLDS,
} from '@app/shared';
import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { productCounts, productFiles, products, users } from '../../db/schema';
import { pageOffset } from '../../lib/paging';
import { CATALOG_CHANNEL } from './changes';
import type { CorrectedWord } from './typos';

export type ProductRow = typeof products.$inferSelect;

/** Which statuses the caller may list: the public sees approved only. */
export type Visibility = { kind: 'public' } | { kind: 'all'; status?: 'pending' | 'approved' | 'rejected' };

export interface ProductPage {
  rows: ProductRow[];
  total: number;
  totalCapped: boolean;
  facets: FacetRow[];
  page: number;
  limit: number;
}

/** One facet count as the database returns it: kind is category, license, price, rating, or a listing card facet. */
/** The facets a catalogue page counts (productFacetsSchema's keys, in its order). */
export const FACET_KINDS = [
  'category',
  'license',
  'price',
  'rating',
  'framework',
  'commercial_use',
  'gpu_memory',
  'hosting',
] as const;

export interface FacetRow {
  kind: (typeof FACET_KINDS)[number];
  value: string;
  count: number;
}

/**
 * The product's seller is not suspended: an admin's suspension takes every product of theirs out of
 * the public catalogue (lists, detail, search, recommendations, carts, checkout, payment) at once,
 * and reinstating brings them back, without touching the products themselves.
 */
export const sellerIsActive = sql`exists (select 1 from ${users} where ${users.id} = ${products.sellerId} and ${users.isActive})`;

/** What the public sees: approved, not deleted, from a seller who is not suspended. */
export const isPublicProduct = sql`(${products.status} = 'approved' and ${products.deletedAt} is null and ${sellerIsActive})`;

/** Approved live products of suspended sellers, per category: subtracted from the trigger-kept counts. */
const hiddenApproved = sql`select ${products.category} as category, count(*)::int as total from ${products}
  join ${users} on ${users.id} = ${products.sellerId}
  where not ${users.isActive} and ${products.status} = 'approved' and ${products.deletedAt} is null
  group by ${products.category}`;

/** How many products the public sees, from the trigger-kept counts (the search index checks itself against it). */
export const publicProductCount = sql`((select coalesce(sum(total), 0)::int from product_counts where status = 'approved')
  - (select coalesce(sum(h.total), 0)::int from (${hiddenApproved}) h))`;

/** Every column but the tsvector, which nobody reads back. */
const { searchVector: _searchVector, ...columns } = getTableColumns(products);
export const productColumns = columns;

/**
 * Lists products with filters and, when `words` (the corrected query words) are given, full-text
 * search on the corrected words with the ranking: exact title, words in order in the title, fewer
 * typos, relevance, popularity. The total and the facets come from one capped pass over at most
 * PRODUCT_TOTAL_CAP + 1 matches.
 */
export async function listProducts(
  db: DbOrTx,
  query: ProductListQuery,
  visibility: Visibility,
  words: CorrectedWord[] = [],
): Promise<ProductPage> {
  const page = query.page ?? 1;
  const limit = query.limit ?? PRODUCT_PAGE_LIMIT_DEFAULT;
  const offset = pageOffset({ page, limit });
  const search = words.length > 0 ? searchTerms(words) : undefined;
  const where = and(...filters(query, visibility), search?.matches);
  let rows: ProductRow[];
  let counted: { total: number; facets: FacetRow[] };
  let exactTotal: number | undefined;
  if (search && (query.sort_by ?? 'relevance') === 'relevance') {
    const counting = countAndFacets(db, where);
    [rows, counted] = await Promise.all([
      rankedSearch(
        db,
        where,
        search,
        counting.then(
          (c) => c.total > PRODUCT_TOTAL_CAP,
          () => false,
        ),
        offset,
        limit,
      ),
      counting,
    ]);
  } else {
    const listed = db
      .select(productColumns)
      .from(products)
      .where(where)
      .orderBy(...ordering(query))
      .limit(limit)
      .offset(offset)
      .then((found) => found as ProductRow[]);
    [rows, counted, exactTotal] = await Promise.all([
      listed,
      countAndFacets(db, where),
      search ? undefined : countFromTotals(db, query, visibility),
    ]);
  }
  const total = exactTotal ?? counted.total;
  return {
    rows,
    total: Math.min(total, exactTotal === undefined ? PRODUCT_TOTAL_CAP : total),
    totalCapped: exactTotal === undefined && total > PRODUCT_TOTAL_CAP,
    facets: counted.facets,
    page,
    limit,
  };
}

/**
 * A page of search results in ranking order, without ranking every match: products whose title
 * holds the words in order come first anyway, so they are ranked on their own (a trigram index
 * finds them), and the rest is only read when the page reaches past them. Within the title
 * bucket, relevance is the title's length (the words are more of a shorter title), which is read
 * from the row itself; ts_rank would fetch every match's search vector from TOAST storage. When
 * there are more than PRODUCT_TOTAL_CAP matches, the rest is ordered by typos and popularity
 * alone, for the same reason.
 */
async function rankedSearch(
  db: DbOrTx,
  where: SQL | undefined,
  search: SearchTerms,
  manyMatches: Promise<boolean>,
  offset: number,
  limit: number,
): Promise<ProductRow[]> {
  const wanted = offset + limit;
  const inTitle = sql`lower(${products.title}) ~ ${search.wordsInOrder}`;
  const typos = search.typos ? [asc(search.typos)] : [];
  const first = (await db
    .select(productColumns)
    .from(products)
    .where(and(where, inTitle))
    .orderBy(
      desc(
        sql`lower(${products.title}) in (${sql.join(
          search.exactTitles.map((title) => sql`${title}`),
          sql`, `,
        )})`,
      ),
      ...typos,
      asc(sql`length(${products.title})`),
      desc(products.salesCount),
      desc(products.id),
    )
    .limit(wanted)) as ProductRow[];
  if (first.length >= wanted) return first.slice(offset);
  const many = await manyMatches;
  const rest = (await db
    .select(productColumns)
    .from(products)
    .where(and(where, sql`not (${inTitle})`))
    .orderBy(
      ...typos,
      ...(many ? [] : [desc(sql`ts_rank(${products.searchVector}, ${search.query})`)]),
      desc(products.salesCount),
      desc(products.id),
    )
    .limit(wanted - Math.max(offset, first.length))
    .offset(Math.max(0, offset - first.length))) as ProductRow[];
  return [...first.slice(offset), ...rest];
}

interface SearchTerms {
  matches: SQL;
  query: SQL;
  exactTitles: string[];
  wordsInOrder: string;
  /** Undefined when every match has the same number of typos. */
  typos: SQL | undefined;
}

/** The SQL pieces of a corrected query (query words are letters and digits only, so safe in tsquery syntax). */
function searchTerms(words: CorrectedWord[]): SearchTerms {
  const group = (alternatives: { word: string }[]) => `(${alternatives.map((a) => a.word).join(' | ')})`;
  const tsquery = (text: string) => sql`to_tsquery('english', ${text})`;
  const query = tsquery(words.map((w) => group(w.alternatives)).join(' & '));
  // A word whose alternatives differ in typos adds 0, 1 or 2 depending on which one the product has.
  const typoParts = words.flatMap((w) => {
    const levels = [...new Set(w.alternatives.map((a) => a.typos))].sort();
    if (levels.length < 2) return []; // the same for every match: nothing to rank by
    const cases = levels
      .slice(0, -1)
      .map(
        (typos) =>
          sql`when ${products.searchVector} @@ ${tsquery(group(w.alternatives.filter((a) => a.typos === typos)))} then ${sql.raw(String(typos))}`,
      );
    return [sql`(case ${sql.join(cases, sql` `)} else ${sql.raw(String(levels.at(-1)))} end)`];
  });
  return {
    matches: sql`${products.searchVector} @@ ${query}`,
    query,
    exactTitles: [words.map((w) => w.query).join(' '), words.map((w) => w.alternatives[0]?.word ?? w.query).join(' ')],
    wordsInOrder: words.map((w) => `\\m(${w.alternatives.map((a) => a.word).join('|')})`).join('.*'),
    typos: typoParts.length > 0 ? sql.join(typoParts, sql` + `) : undefined,
  };
}

/**
 * The listing card's facet values as SQL (the search index reads the same from the card: see
 * search-index/index-data.ts cardFacetsOf()). A value of the wrong JSON type counts as absent.
 */
const cardFramework = sql`(case when jsonb_typeof(${products.card}->'model'->'framework') = 'string' then ${products.card}->'model'->>'framework' end)`;
const cardGpuMemory = sql`(case when jsonb_typeof(${products.card}->'model'->'min_gpu_memory_gb') = 'number' then (${products.card}->'model'->>'min_gpu_memory_gb')::float8 end)`;
const cardHosting = sql`(case when jsonb_typeof(${products.card}->'api'->'hosting') = 'string' then ${products.card}->'api'->>'hosting' end)`;
/**
 * The stored licence as the fixed list's slug. The first catalogue's values (standard, extended, …)
 * are never rewritten (a rewrite of every product would hold the catalogue's rows for many minutes
 * at a million products: migration 0027), so they are read as their replacement here, in the
 * filters and in the search index alike.
 */
const licenseSlug = sql.raw(
  `(case products.license ${Object.entries(LEGACY_LICENSES)
    .map(([legacy, slug]) => `when '${legacy}' then '${slug}'`)
    .join(' ')} else products.license end)`,
);

/** The stored values that read as this licence: its slug and the first catalogue's values it replaced. */
function storedLicenseValues(slug: string): string[] {
  return [slug, ...Object.entries(LEGACY_LICENSES).flatMap(([legacy, to]) => (to === slug ? [legacy] : []))];
}

/** The licence allows commercial use: a fixed licence that does, or a custom one whose seller says so. */
const cardCommercialUse = sql`(${products.license} in (${sql.join(
  licenseValuesAllowingCommercialUse().map((value) => sql`${value}`),
  sql`, `,
)}) or (${products.license} = 'custom' and ${products.card}->'commercial_use' = 'true'::jsonb))`;

/** The listing card filters of a query (framework, commercial use, GPU memory, hosting). */
function cardFilters(query: ProductListQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.framework) conditions.push(sql`${cardFramework} = ${query.framework}`);
  if (query.commercial_use) conditions.push(cardCommercialUse);
  if (query.max_gpu_memory !== undefined && !Number.isNaN(query.max_gpu_memory))
    conditions.push(sql`${cardGpuMemory} <= ${query.max_gpu_memory}::float8`);
  if (query.hosting) conditions.push(sql`${cardHosting} in (${query.hosting}, 'both')`);
  return conditions;
}

/** True when the query filters on the listing card. */
export function hasCardFilters(query: ProductListQuery): boolean {
  return Boolean(query.framework || query.commercial_use || query.max_gpu_memory !== undefined || query.hosting);
}

/** Counts matches (exact up to the cap) and their facets, over at most PRODUCT_TOTAL_CAP + 1 rows. */
async function countAndFacets(db: DbOrTx, where: SQL | undefined): Promise<{ total: number; facets: FacetRow[] }> {
  const capped = db
    .select({
      category: products.category,
      license: sql<string>`${licenseSlug}`.as('license'),
      priceCents: products.priceCents,
      rating: products.ratingAverage,
      framework: sql<string | null>`${cardFramework}`.as('framework'),
      gpu: sql<number | null>`${cardGpuMemory}`.as('gpu'),
      hosting: sql<string | null>`${cardHosting}`.as('hosting'),
      commercial: sql<boolean>`${cardCommercialUse}`.as('commercial'),
    })
    .from(products)
    .where(where)
    .limit(PRODUCT_TOTAL_CAP + 1);
  const bands = PRICE_BANDS.map(
    (band) =>
      sql`when price_cents >= ${band.min * 100}${band.max === null ? sql`` : sql` and price_cents < ${band.max * 100}`} then ${band.slug}`,
  );
  const result = await db.execute<{ kind: FacetRow['kind'] | 'total'; value: string; count: number }>(sql`
    with m as (${capped})
    select 'total' as kind, '' as value, count(*)::int as count from m
    union all select 'category', category, count(*)::int from m group by category
    union all select 'license', license, count(*)::int from m group by license
    union all select 'price', case ${sql.join(bands, sql` `)} end, count(*)::int from m group by 2
    union all select 'rating', t::text, count(*)::int from m
      cross join unnest(${sql.param([...RATING_THRESHOLDS])}::int[]) as t where m.rating_average >= t group by t
    union all select 'framework', framework, count(*)::int from m where framework is not null group by framework
    union all select 'commercial_use', 'true', count(*)::int from m where commercial group by commercial
    union all select 'gpu_memory', g::text, count(*)::int from m
      cross join unnest(${sql.param([...GPU_MEMORY_LIMITS])}::int[]) as g where m.gpu <= g group by g
    union all select 'hosting', h, count(*)::int from m
      cross join unnest(${sql.param([...HOSTING_FACETS])}::text[]) as h where m.hosting in (h, 'both') group by h`);
  const total = result.rows.find((row) => row.kind === 'total')?.count ?? 0;
  return { total, facets: result.rows.filter((row): row is FacetRow => row.kind !== 'total') };
}

/** The largest value of PostgreSQL's integer, the type of price_cents. */
const INTEGER_MAX = 2_147_483_647;

/**
 * A price bound in dollars as cents the integer column can compare with: whatever number a caller
 * passes (the assistant, a script, a future route), a bound never overflows the column and fails the
 * query. Beyond the column's range it is clamped, which matches the same products; NaN is no bound.
 */
function priceBoundCents(dollars: number | undefined): number | undefined {
  if (dollars === undefined || Number.isNaN(dollars)) return undefined;
  return Math.min(INTEGER_MAX, Math.max(-INTEGER_MAX, Math.round(dollars * 100)));
}

function filters(query: ProductListQuery, visibility: Visibility): SQL[] {
  const conditions: SQL[] = [isNull(products.deletedAt)];
  if (visibility.kind === 'public') conditions.push(eq(products.status, 'approved'), sellerIsActive);
  else if (visibility.status) conditions.push(eq(products.status, visibility.status));
  const category = findCategory(query.category);
  if (category) conditions.push(eq(products.category, category.slug));
  const license = findLicense(query.license);
  if (license) conditions.push(inArray(products.license, storedLicenseValues(license.slug)));
  const minCents = priceBoundCents(query.min_price);
  const maxCents = priceBoundCents(query.max_price);
  if (minCents !== undefined) conditions.push(gte(products.priceCents, minCents));
  if (maxCents !== undefined) conditions.push(lte(products.priceCents, maxCents));
  if (query.min_rating !== undefined) conditions.push(gte(products.ratingAverage, query.min_rating));
  if (query.featured !== undefined) conditions.push(eq(products.featured, query.featured));
  if (query.seller_id) conditions.push(eq(products.sellerId, query.seller_id));
  conditions.push(...cardFilters(query));
  return conditions;
}

function ordering(query: ProductListQuery): SQL[] {
  // (Search ranked by relevance goes through rankedSearch().)
  const direction = query.sort_order === 'asc' ? asc : desc;
  const sortBy = query.sort_by ?? 'created_at';
  // Each sort ends in id, in the same direction, to match its index and keep pages stable.
  switch (sortBy) {
    case 'price':
      return [direction(products.priceCents), direction(products.id)];
    case 'rating':
      // Many reviews beat one at the same average.
      return [direction(products.ratingAverage), direction(products.reviewCount), direction(products.id)];
    case 'popularity':
      return [direction(products.salesCount), direction(products.id)];
    case 'title': {
      const byTitle = query.sort_order === 'desc' ? desc : asc;
      return [byTitle(sql`lower(${products.title})`), byTitle(products.id)];
    }
    case 'relevance':
      return [desc(products.createdAt), desc(products.id)];
    default:
      return [direction(products.createdAt), direction(products.id)];
  }
}

/** The exact total from the trigger-kept table when only status and category narrow the list; else undefined. */
async function countFromTotals(db: DbOrTx, query: ProductListQuery, visibility: Visibility): Promise<number | undefined> {
  const simple =
    query.min_price === undefined &&
    query.max_price === undefined &&
    query.min_rating === undefined &&
    !query.license &&
    query.featured === undefined &&
    !query.seller_id &&
    !hasCardFilters(query);
  if (!simple) return undefined;
  const category = findCategory(query.category);
  const status = visibility.kind === 'public' ? 'approved' : visibility.status;
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${productCounts.total}), 0)::int` })
    .from(productCounts)
    .where(
      and(
        status ? eq(productCounts.status, status) : undefined,
        category ? eq(productCounts.category, category.slug) : undefined,
      ),
    );
  if (visibility.kind !== 'public') return row?.total ?? 0;
  const hidden = await db.execute<{ category: string; total: number }>(hiddenApproved);
  const hiddenHere = hidden.rows
    .filter((h) => !category || h.category === category.slug)
    .reduce((sum, h) => sum + Number(h.total), 0);
  return (row?.total ?? 0) - hiddenHere;
}

/** Whether the public may see a seller's products (false when an admin suspended them, or no such user). */
export async function isSellerActive(db: DbOrTx, sellerId: string): Promise<boolean> {
  const [row] = await db.select({ active: users.isActive }).from(users).where(eq(users.id, sellerId));
  return row?.active === true;
}

export async function findProductById(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)));
  return row as ProductRow | undefined;
}

/** A file of a public product as anyone may see it: no storage key, no scan. */
export interface PublicFileRow {
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

/**
 * The files of a product the public may see (in upload order), or undefined when it may not (unknown,
 * pending, rejected, deleted, or its seller suspended). One statement on the product's primary key
 * and the files' product index.
 */
export async function listPublicProductFiles(db: DbOrTx, productId: string): Promise<PublicFileRow[] | undefined> {
  const rows = await db
    .select({ fileName: productFiles.fileName, contentType: productFiles.contentType, sizeBytes: productFiles.sizeBytes })
    .from(products)
    // Released files only: a version or an edit waiting for review is not what a buyer gets yet (decision 0038).
    .leftJoin(productFiles, and(eq(productFiles.productId, products.id), eq(productFiles.released, true)))
    .where(and(eq(products.id, productId), isPublicProduct))
    .orderBy(asc(productFiles.createdAt), asc(productFiles.fileName), asc(productFiles.id));
  if (rows.length === 0) return undefined;
  return rows.filter((row): row is PublicFileRow => row.fileName !== null && row.contentType !== null && row.sizeBytes !== null);
}

/** Approved products per category, from the trigger-kept counts. */
export async function countApprovedByCategory(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({ category: productCounts.category, total: productCounts.total })
    .from(productCounts)
    .where(eq(productCounts.status, 'approved'));
  const counts = new Map(rows.map((row) => [row.category, row.total]));
  const hidden = await db.execute<{ category: string; total: number }>(hiddenApproved);
  for (const h of hidden.rows) counts.set(h.category, (counts.get(h.category) ?? 0) - Number(h.total));
  return counts;
}

export async function countByStatus(db: DbOrTx): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: productCounts.status, total: sql<number>`sum(${productCounts.total})::int` })
    .from(productCounts)
    .groupBy(productCounts.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.total]));
}

/** Products in the same category, best rated first, for "related products". */
export async function listRelatedProducts(db: DbOrTx, category: string, limit: number): Promise<ProductRow[]> {
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.status, 'approved'), sellerIsActive, eq(products.category, category), isNull(products.deletedAt)))
    .orderBy(desc(products.ratingAverage), desc(products.salesCount), desc(products.id))
    .limit(limit);
  return rows as ProductRow[];
}

/** The search dictionary's version (triggers bump it whenever a word's frequency changes). */
export async function searchWordsVersion(db: DbOrTx): Promise<number> {
  const [row] = (await db.execute<{ version: number }>(sql`select version from search_words_version where id = 1`)).rows;
  return Number(row?.version ?? 0);
}

/** Every dictionary word with its frequency and the version, in one statement so both come from the same snapshot. */
export async function readSearchWords(db: DbOrTx) {
  const result = await db.execute<{ word: string; frequency: number; version: number }>(
    sql`select w.word, w.frequency, v.version from search_words w cross join search_words_version v where v.id = 1`,
  );
  return result.rows;
}

/**
 * Tells every instance listening that the catalogue changed, at commit: what the products trigger
 * does for a statement, for a change it does not watch (one that only moves updated_at).
 */
export async function notifyCatalogChanged(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, '')`);
}
