import {
  findCategory,
  findLicense,
  PRODUCT_PAGE_LIMIT_DEFAULT,
  PRODUCT_PAGE_LIMIT_MAX,
  type ProductListQuery,
} from '@app/shared';
import { and, asc, count, desc, eq, getTableColumns, gte, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { productCounts, products } from '../../db/schema';

export type ProductRow = typeof products.$inferSelect;

/** Which statuses the caller may list: the public sees approved only. */
export type Visibility = { kind: 'public' } | { kind: 'all'; status?: 'pending' | 'approved' | 'rejected' };

export interface ProductPage {
  rows: ProductRow[];
  total: number;
  page: number;
  limit: number;
}

/** Every column but the tsvector, which nobody reads back. */
const { searchVector: _searchVector, ...productColumns } = getTableColumns(products);

/**
 * Lists products with filters, full-text search and the spec's ranking (exact title, then the
 * earliest position of the text in the title, then relevance). Search runs on the weighted
 * tsvector first; only when that finds nothing does it fall back to trigram similarity, which
 * is what catches typos ('chatbto') and is too costly to run for every common word.
 */
export async function listProducts(db: DbOrTx, query: ProductListQuery, visibility: Visibility): Promise<ProductPage> {
  const page = query.page ?? 1;
  const limit = Math.min(query.limit ?? PRODUCT_PAGE_LIMIT_DEFAULT, PRODUCT_PAGE_LIMIT_MAX);
  const offset = (page - 1) * limit;
  const search = query.search?.toLowerCase();
  if (search) {
    const words = await searchPage(db, query, visibility, search, 'words', limit, offset);
    if (words.total > 0) return { ...words, page, limit };
    return { ...(await searchPage(db, query, visibility, search, 'typos', limit, offset)), page, limit };
  }
  const where = and(...filters(query, visibility));
  const [rows, total] = await Promise.all([
    db
      .select(productColumns)
      .from(products)
      .where(where)
      .orderBy(...ordering(query, undefined))
      .limit(limit)
      .offset(offset),
    countMatches(db, query, visibility, where),
  ]);
  return { rows: rows as ProductRow[], total, page, limit };
}

/** A run of '-' nests one NOT per dash in websearch_to_tsquery, and ~36 overflow its stack: keep one. */
function searchableText(search: string): string {
  return search.replace(/-{2,}/g, '-');
}

async function searchPage(
  db: DbOrTx,
  query: ProductListQuery,
  visibility: Visibility,
  search: string,
  mode: 'words' | 'typos',
  limit: number,
  offset: number,
): Promise<{ rows: ProductRow[]; total: number }> {
  const matches =
    mode === 'words'
      ? sql`${products.searchVector} @@ websearch_to_tsquery('english', ${searchableText(search)})`
      : sql`${search} <% lower(${products.title})`;
  const where = and(...filters(query, visibility), matches);
  // The total rides along with the page (one pass over the matches instead of two).
  const rows = await db
    .select({ ...productColumns, matchCount: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .where(where)
    .orderBy(...ordering(query, search, mode))
    .limit(limit)
    .offset(offset);
  if (rows.length > 0)
    return { rows: rows.map(({ matchCount: _m, ...row }) => row as ProductRow), total: rows[0]?.matchCount ?? 0 };
  if (offset === 0) return { rows: [], total: 0 };
  const [counted] = await db.select({ total: count() }).from(products).where(where);
  return { rows: [], total: counted?.total ?? 0 };
}

function filters(query: ProductListQuery, visibility: Visibility): SQL[] {
  const conditions: SQL[] = [isNull(products.deletedAt)];
  if (visibility.kind === 'public') conditions.push(eq(products.status, 'approved'));
  else if (visibility.status) conditions.push(eq(products.status, visibility.status));
  const category = findCategory(query.category);
  if (category) conditions.push(eq(products.category, category.slug));
  const license = findLicense(query.license);
  if (license) conditions.push(eq(products.license, license.slug));
  if (query.min_price !== undefined) conditions.push(gte(products.priceCents, Math.round(query.min_price * 100)));
  if (query.max_price !== undefined) conditions.push(lte(products.priceCents, Math.round(query.max_price * 100)));
  if (query.featured !== undefined) conditions.push(eq(products.featured, query.featured));
  if (query.seller_id) conditions.push(eq(products.sellerId, query.seller_id));
  return conditions;
}

function ordering(query: ProductListQuery, search: string | undefined, mode: 'words' | 'typos' = 'words'): SQL[] {
  const direction = query.sort_order === 'asc' ? asc : desc;
  const sortBy = query.sort_by ?? (search ? 'relevance' : 'created_at');
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
      if (search) {
        return [
          desc(sql`lower(${products.title}) = ${search}`),
          asc(sql`nullif(strpos(lower(${products.title}), ${search}), 0)`),
          desc(
            mode === 'words'
              ? sql`ts_rank(${products.searchVector}, websearch_to_tsquery('english', ${searchableText(search)}))`
              : sql`word_similarity(${search}, lower(${products.title}))`,
          ),
          desc(products.createdAt),
          desc(products.id),
        ];
      }
      return [desc(products.createdAt), desc(products.id)];
    default:
      return [direction(products.createdAt), direction(products.id)];
  }
}

/** Counts from the trigger-kept table when only status and category narrow the list; else counts rows. */
async function countMatches(
  db: DbOrTx,
  query: ProductListQuery,
  visibility: Visibility,
  where: SQL | undefined,
): Promise<number> {
  const simple =
    !query.search &&
    query.min_price === undefined &&
    query.max_price === undefined &&
    !query.license &&
    query.featured === undefined &&
    !query.seller_id;
  if (!simple) {
    const [counted] = await db.select({ total: count() }).from(products).where(where);
    return counted?.total ?? 0;
  }
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
  return row?.total ?? 0;
}

export async function findProductById(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)));
  return row as ProductRow | undefined;
}

/** Approved products per category, from the trigger-kept counts. */
export async function countApprovedByCategory(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({ category: productCounts.category, total: productCounts.total })
    .from(productCounts)
    .where(eq(productCounts.status, 'approved'));
  return new Map(rows.map((row) => [row.category, row.total]));
}

export async function countByStatus(db: DbOrTx): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: productCounts.status, total: sql<number>`sum(${productCounts.total})::int` })
    .from(productCounts)
    .groupBy(productCounts.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.total]));
}

/** Products in the same category, best rated first, for "related products". */
export async function listRelatedProducts(db: DbOrTx, product: ProductRow, limit: number): Promise<ProductRow[]> {
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(
      and(
        eq(products.status, 'approved'),
        eq(products.category, product.category),
        isNull(products.deletedAt),
        sql`${products.id} <> ${product.id}`,
      ),
    )
    .orderBy(desc(products.ratingAverage), desc(products.salesCount))
    .limit(limit);
  return rows as ProductRow[];
}
