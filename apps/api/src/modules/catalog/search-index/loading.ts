import { and, asc, gt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { products } from '../../../db/schema';
import { isPublicProduct, type ProductRow, productColumns, publicProductCount } from '../repository';
import { IndexData } from './index-data';
import { parseSingleWordQuery, setExpTable } from './ts-rank';

/** Rows re-read on every refresh: a transaction that commits up to this long after it stamped updated_at is not missed. */
const OVERLAP_US = 60_000_000;
// Small batches: parsing one batch blocks the event loop, and the API keeps serving during a load.
const LOAD_BATCH = 1000;
/** Past this share of dead slots (changed or removed products), the index is rebuilt. */
const DEAD_SHARE = 0.25;

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

/** A generation of the index and the database clock its changes are read from (microseconds). */
export interface Loaded {
  data: IndexData;
  watermarkUs: number;
}

/** A full load in batches; rows changed meanwhile are re-read by the next refresh (watermark = start). */
export async function loadIndex(db: Database): Promise<Loaded> {
  const [clock] = (
    await db.execute<{ now_us: string }>(sql`select (extract(epoch from now()) * 1000000)::bigint::text as now_us`)
  ).rows;
  if (!distanceTableLoaded) await loadDistanceTable(db);
  const data = new IndexData();
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = (await db
      .select(INDEXED_COLUMNS)
      .from(products)
      .where(and(isPublicProduct, gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(LOAD_BATCH)) as IndexedProductRow[];
    for (const row of rows) data.add(row);
    if (rows.length < LOAD_BATCH) break;
    after = (rows.at(-1) as IndexedProductRow).id;
  }
  data.trim();
  return { data, watermarkUs: Number(clock?.now_us ?? 0) };
}

/**
 * Applies the products changed since the watermark (minus the overlap) to the index. Returns the
 * new watermark, and whether a full reload is due: counts disagree or too many slots are dead.
 */
export async function applyChanges(
  db: Database,
  data: IndexData,
  watermarkUs: number,
): Promise<{ watermarkUs: number; reloadDue: boolean }> {
  const since = watermarkUs - OVERLAP_US;
  // One snapshot for the clock, the count and the changes (repeatable read, read only).
  const { clock, changed } = await db.transaction(
    async (tx) => {
      const [clock] = (
        await tx.execute<{ now_us: string; public_count: number }>(
          sql`select (extract(epoch from now()) * 1000000)::bigint::text as now_us,
              ${publicProductCount} as public_count`,
        )
      ).rows;
      const changed = (await tx
        .select(INDEXED_COLUMNS)
        .from(products)
        .where(sql`${products.updatedAt} > to_timestamp(${since}::float8 / 1000000)`)) as IndexedProductRow[];
      return { clock, changed };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  for (const row of changed) {
    const slot = data.slotOf.get(row.id);
    if (!row.isPublic) data.remove(row.id);
    else if (slot === undefined || data.updated[slot] !== Number(row.updatedUs)) data.add(row);
  }
  // A product deleted outright leaves no row to see: the trigger-kept count tells.
  const countsDisagree = clock !== undefined && clock.public_count !== data.aliveCount;
  return {
    watermarkUs: Number(clock?.now_us ?? watermarkUs),
    reloadDue: countsDisagree || data.deadCount > Math.max(1000, data.size * DEAD_SHARE),
  };
}

let distanceTableLoaded = false;

/** ts_rank's exp(d / 1.5 - 2) for d = 1..100, computed by PostgreSQL (see setExpTable). */
async function loadDistanceTable(db: Database): Promise<void> {
  const result = await db.execute<{ e: string }>(
    sql`select exp(d::float4::float8 / 1.5::float8 - 2::float8)::text as e from generate_series(1, 100) as d order by d`,
  );
  setExpTable(result.rows.map((row) => Number(row.e)));
  distanceTableLoaded = true;
}

/** The search dictionary's version, moved by every change to the public catalogue. */
export async function readDictionaryVersion(db: Database): Promise<number> {
  const [row] = (await db.execute<{ version: number }>(sql`select version from search_words_version where id = 1`)).rows;
  return Number(row?.version ?? 0);
}

/** Each word's lexemes as PostgreSQL's `to_tsquery('english', word)` gives them; null when not one plain lexeme. */
export async function readLexemes(db: Database, words: string[]): Promise<{ word: string; lexemes: string[] | null }[]> {
  const result = await db.execute<{ word: string; query: string }>(
    sql`select w as word, to_tsquery('english', w)::text as query from unnest(${sql.param(words)}::text[]) as w`,
  );
  return result.rows.map((row) => ({ word: row.word, lexemes: parseSingleWordQuery(row.query) ?? null }));
}
