import {
  findCategory,
  findLicense,
  PRODUCT_PAGE_LIMIT_DEFAULT,
  PRODUCT_PAGE_LIMIT_MAX,
  type ProductListQuery,
} from '@app/shared';
import { and, asc, count, desc, eq, getTableColumns, gte, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';

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

/** Lists products with filters, full-text search and the spec's ranking (exact title, earlier position, relevance). */
export async function listProducts(db: DbOrTx, query: ProductListQuery, visibility: Visibility): Promise<ProductPage> {
  const page = query.page ?? 1;
  const limit = Math.min(query.limit ?? PRODUCT_PAGE_LIMIT_DEFAULT, PRODUCT_PAGE_LIMIT_MAX);
  const search = query.search?.toLowerCase();
  const where = and(...filters(query, visibility, search));
  const order = ordering(query, search);

  const [rows, [counted]] = await Promise.all([
    db
      .select(productColumns)
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return { rows: rows as ProductRow[], total: counted?.total ?? 0, page, limit };
}

function filters(query: ProductListQuery, visibility: Visibility, search: string | undefined): SQL[] {
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
  if (search) {
    // Words through the weighted tsvector; typos through trigram word similarity on the title.
    conditions.push(
      sql`(${products.searchVector} @@ websearch_to_tsquery('english', ${search}) or ${search} <% lower(${products.title}))`,
    );
  }
  return conditions;
}

function ordering(query: ProductListQuery, search: string | undefined): SQL[] {
  const direction = query.sort_order === 'asc' ? asc : desc;
  const newestFirst = [desc(products.createdAt), desc(products.id)];
  const sortBy = query.sort_by ?? (search ? 'relevance' : 'created_at');
  switch (sortBy) {
    case 'price':
      return [direction(products.priceCents), ...newestFirst];
    case 'rating':
      return [direction(products.ratingAverage), direction(products.reviewCount), ...newestFirst];
    case 'popularity':
      return [direction(products.salesCount), ...newestFirst];
    case 'title':
      return [(query.sort_order === 'desc' ? desc : asc)(sql`lower(${products.title})`), ...newestFirst];
    case 'relevance':
      if (!search) return newestFirst;
      return [
        desc(sql`lower(${products.title}) = ${search}`),
        asc(sql`nullif(strpos(lower(${products.title}), ${search}), 0)`),
        desc(
          sql`ts_rank_cd(${products.searchVector}, websearch_to_tsquery('english', ${search})) + word_similarity(${search}, lower(${products.title}))`,
        ),
        ...newestFirst,
      ];
    default:
      return query.sort_by ? [direction(products.createdAt), direction(products.id)] : newestFirst;
  }
}

export async function findProductById(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)));
  return row as ProductRow | undefined;
}

/** Approved products per category. */
export async function countApprovedByCategory(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({ category: products.category, total: count() })
    .from(products)
    .where(and(eq(products.status, 'approved'), isNull(products.deletedAt)))
    .groupBy(products.category);
  return new Map(rows.map((row) => [row.category, row.total]));
}

export async function countByStatus(db: DbOrTx): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: products.status, total: count() })
    .from(products)
    .where(isNull(products.deletedAt))
    .groupBy(products.status);
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
