import type { Database, Tx } from '../../../db/client';
import { IndexData } from './index-data';
import {
  type IndexedProductRow,
  readChangedIdsSince,
  readClockAndPublicCount,
  readClockUs,
  readDeletedSince,
  readDistanceTable,
  readProductsById,
  readPublicBatch,
  readPublicVersions,
  readTsQueries,
  readTsQueriesOfCommonWords,
} from './repository';
import { SortedOrders } from './sorted-orders';
import { parseSingleWordQuery, setExpTable } from './ts-rank';

/** Rows re-read on every refresh: a transaction that commits up to this long after it stamped updated_at is not missed. */
const OVERLAP_US = 60_000_000;
// Small batches: parsing one batch blocks the event loop, and the API keeps serving during a load.
const LOAD_BATCH = 1000;
/** Past this share of dead slots (changed or removed products), the index is compacted (IndexData.compact()). */
const DEAD_SHARE = 0.25;
/** Ids and updated_at read per statement when the index is compared with PostgreSQL (findDisagreements()). */
const COMPARE_BATCH = 10_000;
/** Products re-read per statement by id. */
const BY_ID_BATCH = 1000;
/** Milliseconds of applying changes between two yields to the event loop. */
const SLICE_MS = 8;

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
 * Applies the products changed since the watermark (minus the overlap) to the index, and the
 * products named in `recheck` (see findDisagreements()) as they are now. Returns the new watermark,
 * whether the counts disagree (something was missed: see findDisagreements()) and whether a
 * compaction is due (too many dead slots).
 *
 * In slices: the changed products are named first, then read BY_ID_BATCH at a time and applied
 * with a yield to the event loop every SLICE_MS, and the sorted orders take them in one order at
 * a time; so a burst of changes (a bulk price change, a large seller suspended) never stops the
 * searches, which are answered meanwhile from the index as it stands, each product either as it
 * was or as it is. Everything is read in one snapshot of the database (repeatable read).
 */
export async function applyChanges(
  db: Database,
  data: IndexData,
  watermarkUs: number,
  recheck: readonly string[] = [],
  sliceMs = SLICE_MS,
): Promise<{ watermarkUs: number; countsDisagree: boolean; compactionDue: boolean; applied: number; changed: number }> {
  const since = watermarkUs - OVERLAP_US;
  const pause = slicer(sliceMs);
  // Products the index took in or let go of (those named again within the overlap are not).
  let changed = 0;
  const remove = (id: string) => {
    if (data.slotOf(id) !== undefined) changed += 1;
    data.remove(id);
  };
  const apply = (row: IndexedProductRow) => {
    const slot = data.slotOf(row.id);
    if (!row.isPublic) remove(row.id);
    else if (slot === undefined || data.updated[slot] !== Number(row.updatedUs)) {
      data.add(row);
      changed += 1;
    }
  };
  const applyRows = async (tx: Tx, ids: readonly string[]) => {
    for (let i = 0; i < ids.length; i += BY_ID_BATCH) {
      const batch = ids.slice(i, i + BY_ID_BATCH);
      const rows = await readProductsById(tx, batch);
      // A product named that has no row any more was deleted outright.
      const found = new Set(rows.map((row) => row.id));
      for (const id of batch) if (!found.has(id)) remove(id);
      for (const row of rows) {
        apply(row);
        await pause();
      }
      while (data.orders?.mergeOneDue(data)) await pause(true);
    }
  };
  const { clock, changedIds, deleted } = await db.transaction(
    async (tx) => {
      const clock = await readClockAndPublicCount(tx);
      const changedIds = await readChangedIdsSince(tx, since);
      const deleted = await readDeletedSince(tx, since);
      await applyRows(tx, recheck);
      await applyRows(tx, changedIds);
      return { clock, changedIds, deleted };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  // A product deleted outright leaves no row to see: the deletion log names it (a day back).
  for (const id of deleted) remove(id);
  while (data.orders?.mergeOneDue(data)) await pause(true);
  return {
    watermarkUs: Number(clock?.now_us ?? watermarkUs),
    applied: changedIds.length + deleted.length + recheck.length,
    changed,
    // Anything missed still shows in the trigger-kept count.
    countsDisagree: clock !== undefined && clock.public_count !== data.aliveCount,
    compactionDue: data.deadCount > Math.max(1000, data.size * DEAD_SHARE),
  };
}

/**
 * A pause to call between small steps: it yields to the event loop once `sliceMs` have passed since
 * the last yield (or at once when `now`), so that searches run between the slices of a long task.
 */
function slicer(sliceMs: number): (now?: boolean) => Promise<void> {
  let deadline = performance.now() + sliceMs;
  return async (now = false) => {
    if (!now && performance.now() < deadline) return;
    await new Promise((resolve) => setImmediate(resolve));
    deadline = performance.now() + sliceMs;
  };
}

/**
 * The products where the index may disagree with PostgreSQL, for when the counts disagree
 * (a change missed: a row written with an old updated_at, a deletion older than the log, a
 * transaction that committed later than the overlap): every public product's id and updated_at,
 * read in batches of COMPARE_BATCH, compared with the index's. Named: the public products the
 * index lacks or holds in another version, and the products it holds that PostgreSQL did not list
 * as public. Nothing is changed here: the next refresh re-reads them (applyChanges()' `recheck`).
 * The index must not be compacted meanwhile (its slots are marked as seen); products changed
 * meanwhile take new slots, past those compared, and are left alone.
 */
export async function findDisagreements(db: Database, data: IndexData): Promise<string[]> {
  const size = data.size;
  const seen = new Uint8Array(size);
  const differ: string[] = [];
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await readPublicVersions(db, after, COMPARE_BATCH);
    for (const { id, updatedUs } of rows) {
      const slot = data.slotOf(id);
      if (slot === undefined || data.updated[slot] !== Number(updatedUs)) differ.push(id);
      else if (slot < size) seen[slot] = 1;
    }
    if (rows.length < COMPARE_BATCH) break;
    after = (rows.at(-1) as { id: string }).id;
  }
  for (let slot = 0; slot < size; slot += 1) if (data.alive[slot] === 1 && seen[slot] === 0) differ.push(data.idOf(slot));
  return [...new Set(differ)];
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
  return lexemesOf(await readTsQueries(db, words));
}

/** The lexemes of the dictionary's `limit` most used words (as readLexemes()), in one statement. */
export async function readCommonLexemes(db: Database, limit: number): Promise<{ word: string; lexemes: string[] | null }[]> {
  return lexemesOf(await readTsQueriesOfCommonWords(db, limit));
}

function lexemesOf(rows: { word: string; query: string }[]): { word: string; lexemes: string[] | null }[] {
  return rows.map((row) => ({ word: row.word, lexemes: parseSingleWordQuery(row.query) ?? null }));
}
