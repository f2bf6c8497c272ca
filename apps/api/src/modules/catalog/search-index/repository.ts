import { and, asc, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { productDeletions, products } from '../../../db/schema';
import { isPublicProduct, type ProductRow, productColumns, publicProductCount } from '../repository';

/** The search index's reads: its full load, its catch-up on changes and PostgreSQL's own text-search figures. */

/** What the index reads of a product: the row as the API presents it, plus PostgreSQL's own search data. */
const INDEXED_COLUMNS = {
  ...productColumns,
  titleLower: sql<string>`lower(${products.title})`,
  titleLength: sql<number>`length(${products.title})`,
  createdUs: sql<string>`(extract(epoch from ${products.createdAt}) * 1000000)::bigint::text`,
  updatedUs: sql<string>`(extract(epoch from ${products.updatedAt}) * 1000000)::bigint::text`,
  vector: sql<string>`${products.searchVector}::text`,
  isPublic: sql<boolean>`${isPublicProduct}`,
};
export type IndexedProductRow = ProductRow & {
  titleLower: string;
  titleLength: number;
  createdUs: string;
  updatedUs: string;
  vector: string;
  isPublic: boolean;
};

/** The database clock in microseconds, as text (a bigint). */
export async function readClockUs(db: DbOrTx): Promise<string | undefined> {
  const [clock] = (
    await db.execute<{ now_us: string }>(sql`select (extract(epoch from now()) * 1000000)::bigint::text as now_us`)
  ).rows;
  return clock?.now_us;
}

/** The next batch of public products in id order, after the given id (keyset paging). */
export async function readPublicBatch(db: DbOrTx, afterId: string, limit: number): Promise<IndexedProductRow[]> {
  return (await db
    .select(INDEXED_COLUMNS)
    .from(products)
    .where(and(isPublicProduct, gt(products.id, afterId)))
    .orderBy(asc(products.id))
    .limit(limit)) as IndexedProductRow[];
}

/** The database clock (microseconds, as text) and the trigger-kept number of public products, in one statement. */
export async function readClockAndPublicCount(db: DbOrTx): Promise<{ now_us: string; public_count: number } | undefined> {
  const [clock] = (
    await db.execute<{ now_us: string; public_count: number }>(
      sql`select (extract(epoch from now()) * 1000000)::bigint::text as now_us,
              ${publicProductCount} as public_count`,
    )
  ).rows;
  return clock;
}

/** The next batch of public products' ids and updated_at (microseconds, as text) in id order, after the given id. */
export async function readPublicVersions(
  db: DbOrTx,
  afterId: string,
  limit: number,
): Promise<{ id: string; updatedUs: string }[]> {
  return db
    .select({ id: products.id, updatedUs: INDEXED_COLUMNS.updatedUs })
    .from(products)
    .where(and(isPublicProduct, gt(products.id, afterId)))
    .orderBy(asc(products.id))
    .limit(limit);
}

/** These products as the index reads them, public or not; an id with no row (deleted outright) is absent. */
export async function readProductsById(db: DbOrTx, ids: string[]): Promise<IndexedProductRow[]> {
  if (ids.length === 0) return [];
  return (await db.select(INDEXED_COLUMNS).from(products).where(inArray(products.id, ids))) as IndexedProductRow[];
}

/** The ids of every product, public or not, whose updated_at is after this moment (microseconds). */
export async function readChangedIdsSince(db: DbOrTx, sinceUs: number): Promise<string[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(sql`${products.updatedAt} > to_timestamp(${sinceUs}::float8 / 1000000)`);
  return rows.map((row) => row.id);
}

/** Ids of products deleted outright after this moment (microseconds): their rows are gone, the log keeps them a day. */
export async function readDeletedSince(db: DbOrTx, sinceUs: number): Promise<string[]> {
  const rows = await db
    .select({ id: productDeletions.id })
    .from(productDeletions)
    .where(sql`${productDeletions.deletedAt} > to_timestamp(${sinceUs}::float8 / 1000000)`);
  return rows.map((row) => row.id);
}

/** ts_rank's exp(d / 1.5 - 2) for d = 1..100, computed by PostgreSQL in its own float arithmetic. */
export async function readDistanceTable(db: DbOrTx): Promise<number[]> {
  const result = await db.execute<{ e: string }>(
    sql`select exp(d::float4::float8 / 1.5::float8 - 2::float8)::text as e from generate_series(1, 100) as d order by d`,
  );
  return result.rows.map((row) => Number(row.e));
}

/** Each word's `to_tsquery('english', word)` as text. */
export async function readTsQueries(db: DbOrTx, words: string[]): Promise<{ word: string; query: string }[]> {
  const result = await db.execute<{ word: string; query: string }>(
    sql`select w as word, to_tsquery('english', w)::text as query from unnest(${sql.param(words)}::text[]) as w`,
  );
  return result.rows;
}

/** `to_tsquery('english', word)` of the dictionary's `limit` most used words, most used first. */
export async function readTsQueriesOfCommonWords(db: DbOrTx, limit: number): Promise<{ word: string; query: string }[]> {
  const result = await db.execute<{ word: string; query: string }>(
    sql`select word, to_tsquery('english', word)::text as query from search_words order by frequency desc, word limit ${limit}`,
  );
  return result.rows;
}

/**
 * What a snapshot must match to be used: the cluster (its system identifier, when the role may read
 * it), the database and its last migration (a migration may change the rows or their search vectors).
 */
export async function readDatabaseIdentity(db: DbOrTx): Promise<string> {
  const system = await db.execute<{ id: string }>(sql`select system_identifier::text as id from pg_control_system()`).then(
    (result) => result.rows[0]?.id ?? '',
    () => '',
  );
  const [row] = (
    await db.execute<{ name: string; migration: string }>(
      sql`select current_database() as name,
        (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as migration`,
    )
  ).rows;
  return `${system}/${row?.name}/${row?.migration}`;
}
