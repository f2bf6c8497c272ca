import type { Database } from '../../../db/client';
import { IndexData } from './index-data';
import {
  type IndexedProductRow,
  readChangedSince,
  readClockAndPublicCount,
  readClockUs,
  readDeletedSince,
  readDistanceTable,
  readPublicBatch,
  readTsQueries,
} from './repository';
import { SortedOrders } from './sorted-orders';
import { parseSingleWordQuery, setExpTable } from './ts-rank';

/** Rows re-read on every refresh: a transaction that commits up to this long after it stamped updated_at is not missed. */
const OVERLAP_US = 60_000_000;
// Small batches: parsing one batch blocks the event loop, and the API keeps serving during a load.
const LOAD_BATCH = 1000;
/** Past this share of dead slots (changed or removed products), the index is rebuilt. */
const DEAD_SHARE = 0.25;

/** A generation of the index and the database clock its changes are read from (microseconds). */
export interface Loaded {
  data: IndexData;
  watermarkUs: number;
}

/** A full load in batches; rows changed meanwhile are re-read by the next refresh (watermark = start). */
export async function loadIndex(db: Database): Promise<Loaded> {
  const clockUs = await readClockUs(db);
  await ensureDistanceTable(db);
  const data = new IndexData();
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await readPublicBatch(db, after, LOAD_BATCH);
    for (const row of rows) data.add(row);
    if (rows.length < LOAD_BATCH) break;
    after = (rows.at(-1) as IndexedProductRow).id;
  }
  data.trim();
  data.orders = await SortedOrders.build(data);
  return { data, watermarkUs: Number(clockUs ?? 0) };
}

/**
 * Applies the products changed since the watermark (minus the overlap) to the index. Returns the
 * new watermark, and whether a full reload is due: counts disagree or too many slots are dead.
 */
export async function applyChanges(
  db: Database,
  data: IndexData,
  watermarkUs: number,
): Promise<{ watermarkUs: number; reloadDue: boolean; applied: number }> {
  const since = watermarkUs - OVERLAP_US;
  // One snapshot for the clock, the count and the changes (repeatable read, read only).
  const { clock, changed, deleted } = await db.transaction(
    async (tx) => {
      const clock = await readClockAndPublicCount(tx);
      const changed = await readChangedSince(tx, since);
      const deleted = await readDeletedSince(tx, since);
      return { clock, changed, deleted };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  for (const row of changed) {
    const slot = data.slotOf.get(row.id);
    if (!row.isPublic) data.remove(row.id);
    else if (slot === undefined || data.updated[slot] !== Number(row.updatedUs)) data.add(row);
  }
  // A product deleted outright leaves no row to see: the deletion log names it (a day back).
  for (const id of deleted) data.remove(id);
  data.orders?.mergeIfDue(data);
  // Anything missed still shows in the trigger-kept count, and a full reload follows.
  const countsDisagree = clock !== undefined && clock.public_count !== data.aliveCount;
  return {
    watermarkUs: Number(clock?.now_us ?? watermarkUs),
    applied: changed.length + deleted.length,
    reloadDue: countsDisagree || data.deadCount > Math.max(1000, data.size * DEAD_SHARE),
  };
}

let distanceTableLoaded = false;

/** ts_rank's exp(d / 1.5 - 2) for d = 1..100, computed by PostgreSQL (see setExpTable), once per process. */
export async function ensureDistanceTable(db: Database): Promise<void> {
  if (distanceTableLoaded) return;
  setExpTable(await readDistanceTable(db));
  distanceTableLoaded = true;
}

/** How old a snapshot may be: the deletion log keeps a day, less the overlap and an hour of margin. */
export const SNAPSHOT_MAX_AGE_US = 23 * 3600 * 1_000_000 - OVERLAP_US;

/** Each word's lexemes as PostgreSQL's `to_tsquery('english', word)` gives them; null when not one plain lexeme. */
export async function readLexemes(db: Database, words: string[]): Promise<{ word: string; lexemes: string[] | null }[]> {
  return (await readTsQueries(db, words)).map((row) => ({ word: row.word, lexemes: parseSingleWordQuery(row.query) ?? null }));
}
