import { PRODUCT_PAGE_LIMIT_DEFAULT, PRODUCT_TOTAL_CAP, type ProductListQuery } from '@app/shared';
import type { Database } from '../../../db/client';
import type { CatalogChanges } from '../changes';
import { type FacetRow, searchWordsVersion } from '../repository';
import type { CorrectedWord } from '../typos';
import { browseIndexData } from './browse';
import type { IndexData } from './index-data';
import {
  applyChanges,
  ensureDistanceTable,
  findDisagreements,
  loadIndex,
  readCommonLexemes,
  readLexemes,
  SNAPSHOT_MAX_AGE_US,
} from './loading';
import { readClockUs, readDatabaseIdentity } from './repository';
import { type RowPlace, readRow } from './rows';
import { type IndexResult, searchIndexData } from './search';
import { captureSnapshot, readRowsFromSnapshot, readSnapshot } from './snapshot';
import { removeAbandonedWrites } from './snapshot-file';

export { IndexData } from './index-data';
export type { LexemesOf } from './matching';
export { type IndexResult, searchIndexData } from './search';

/**
 * The public catalogue (approved, not deleted, seller not suspended) as an in-memory search index: a derived read model
 * of PostgreSQL, which stays the source of truth. It answers a public search with exactly the SQL
 * path's matches, ranking, capped total and facets (see repository.ts listProducts), and the page's
 * rows as the API sends them: each public product's JSON (presentProduct, encoded through the
 * response schema) is kept as UTF-8 bytes, written when the product is read, so a search makes no
 * round trip for its rows and serialises nothing per row.
 *
 * What it keeps per product is what search reads: PostgreSQL's own tsvector (lexemes with
 * positions, so `@@` and `ts_rank` are reproduced rather than re-implemented with another
 * stemmer), the lower-cased title, the filter and sort columns, the row's JSON. Query words become lexemes through
 * PostgreSQL's `to_tsquery('english', word)`, cached per word.
 *
 * Sync: a full load (or the snapshot of an earlier run), then changes since a watermark on
 * `updated_at` (with an overlap window for transactions that commit late), checked at most every
 * `checkEveryMs` in the background, or before every search when that is 0 (tests, where every
 * write must show at once). A product deleted outright is named by the deletion log
 * (product_deletions). Changes are applied to the one index there is, incrementally, and a search
 * is answered from it as it stands: there is never a second copy of the index.
 *
 * - A product that changes gets a new slot and its old one is marked dead. Past a quarter of dead
 *   slots, the index is compacted in place from what it holds (IndexData.compact(): no database
 *   read; beside the index only a number per slot, one sorted order and about a chunk of rows), in
 *   one synchronous step between two searches, which wait for it as for any other work of the
 *   event loop: at 100,000 products on the loaded 2-core machine 0.12 s with the rows in the
 *   snapshot file, 0.26–0.30 s with every row in memory; in proportion to the catalogue above
 *   that; once per quarter of the slots changed. Not while a snapshot is being written from its
 *   arrays, nor while a comparison (below) marks its slots: then at a later refresh. The arrays
 *   keep the room freed for the next changes.
 * - When the trigger-kept count of public products disagrees with the index's (a change missed), a
 *   comparison in the background reads every public product's id and updated_at in batches and
 *   names the products that differ (findDisagreements()); the next refresh re-reads only those.
 *   If one finds nothing while the counts still disagree, the next waits RECHECK_PAUSE_MS.
 * - A full load from PostgreSQL happens only with no index: at the first start without a usable
 *   snapshot, and as a last resort if a compaction fails part-way (which drops the index first, so
 *   searches take the SQL path until the load is done). In normal operation, never again.
 *
 * The parts: index-data.ts (slots and their columns) with documents.ts (lexemes, positions,
 * posting lists), title-tokens.ts and rows.ts (the JSON); matching.ts (query plan, filters, `@@`),
 * title-match.ts, ranking.ts and facets.ts, joined by search.ts; loading.ts (the database side).
 */

const MAX_CACHED_WORDS = 100_000;
/**
 * Words whose lexemes are read ahead, the dictionary's most used first, once the index is ready: a
 * search made of them (the corrections are dictionary words) does not wait for PostgreSQL. Fresh
 * after a start, a quarter of the benchmark's searches waited for a lexeme read, 93% of them for
 * dictionary words.
 */
const PRELOADED_WORDS = 50_000;
/** After a write request to this instance, searches check the version for this long (see current()). */
const LOCAL_WRITE_WINDOW_MS = 2_000;
/** How often a changed index is saved again (so that a restart catches up on less than a day of changes). */
const SNAPSHOT_EVERY_MS = 30 * 60_000;
/**
 * Saved again at once, whatever the interval, past this many changes (and a 20th of the catalogue):
 * after a mass change (a bulk price change, a migration) a restart would otherwise read all of it
 * from PostgreSQL again (400,000 changes at 1M: 103 s instead of a 5 s start).
 */
const SNAPSHOT_SOON_CHANGES = 1_000;
/** After a comparison with PostgreSQL that found nothing to re-read while the counts disagree, the wait before another. */
const RECHECK_PAUSE_MS = 10 * 60_000;

/** A page of public search results from the index, its rows as JSON. */
export interface IndexedPage {
  ids: string[];
  /** Each product's JSON as the API sends it (UTF-8), in page order. */
  rows: Uint8Array[];
  total: number;
  totalCapped: boolean;
  facets: FacetRow[];
  page: number;
  limit: number;
}

/** IndexedPage with where each row is instead of its bytes (read them with readRow(), rows.ts). */
export type PlacedPage = Omit<IndexedPage, 'rows'> & { rows: RowPlace[] };

/** What the index holds (the start-up log, the benchmark, tests). */
export interface IndexStats {
  products: number;
  slots: number;
  lexemes: number;
  bytes: number;
  comparing: boolean;
  loadedFrom: 'snapshot' | 'database';
  fullLoads: number;
  compactions: number;
  comparisons: number;
  wordsKnown: number;
}

/** What tells the index of committed catalogue changes (changes.ts CatalogChanges, or its relay in the index's thread). */
export type ChangeFeed = Pick<CatalogChanges, 'listening' | 'subscribe'>;

/**
 * The index as the app uses it: SearchIndex on the thread that serves requests, or
 * SearchIndexThread (thread.ts), which runs one in a worker thread of its own.
 */
export interface CatalogIndex {
  search(query: ProductListQuery, words: CorrectedWord[]): Promise<IndexedPage | undefined>;
  browse(query: ProductListQuery): Promise<IndexedPage | undefined>;
  product(id: string): Promise<{ json: Uint8Array; category: string } | undefined>;
  onUpdate(listener: () => void): () => void;
  follow(changes: ChangeFeed): () => void;
  noteLocalWrite(): void;
  load(): Promise<void>;
  settled(): Promise<void>;
  /** Read from the worker by SearchIndexThread: await it. */
  stats(): IndexStats | undefined | Promise<IndexStats | undefined>;
  bytesByPart(): Record<string, number> | undefined | Promise<Record<string, number> | undefined>;
  close(): Promise<void>;
}

/**
 * The index of one API process with its sync (see the comment at the top). `search()` returns
 * undefined when it cannot answer (not loaded yet, or a word PostgreSQL splits into several
 * lexemes): the caller then takes the SQL path.
 */
export class SearchIndex implements CatalogIndex {
  private data?: IndexData;
  private watermarkUs = 0;
  private checkedAt = 0;
  /** The dictionary version the index was last refreshed at (see current()). */
  private version = -1;
  private pending?: Promise<void>;
  /** A comparison with PostgreSQL running (see findDisagreements()). */
  private comparing?: Promise<void>;
  /** Products it named, re-read by the next refresh. */
  private recheck: string[] = [];
  private nextComparisonAt = 0;
  /** How often the index was loaded whole from PostgreSQL, compacted, compared with PostgreSQL. */
  private fullLoads = 0;
  private compactions = 0;
  private comparisons = 0;
  private versionRead?: Promise<number>;
  private nextVersionRead?: Promise<number>;
  private readonly lexemes = new Map<string, string[] | null>();
  private preloading?: Promise<void>;
  private databaseIdentity?: string;
  private savedAt = 0;
  private changesSinceSave = 0;
  /** Products taken in or let go of since the last save (changesSinceSave also counts those only named again). */
  private productsChangedSinceSave = 0;
  private saving?: Promise<void>;
  /** Where the index in use came from: a snapshot (caught up since), or a full load from the database. */
  private loadedFrom: 'snapshot' | 'database' = 'database';
  private changes?: ChangeFeed;
  /** A change was heard while a refresh was running: another follows it. */
  private refreshAgain = false;
  /** Counts loads and changes taken in (so a refresh knows whether it changed anything). */
  private changesApplied = 0;
  private localWriteAt = 0;
  private readonly updateListeners = new Set<() => void>();

  /** `snapshotFile`: where the index is saved for a fast restart (see snapshot.ts); none for no snapshots. */
  /** `sliceMs`: milliseconds of applying changes between two yields to the event loop (loading.ts SLICE_MS). */
  constructor(
    private readonly db: Database,
    private readonly checkEveryMs: number,
    private readonly snapshotFile?: string,
    private readonly options: { sliceMs?: number } = {},
  ) {}

  /** Products, lexemes and bytes held (for the start-up log and the benchmark). */
  stats(): IndexStats | undefined {
    const data = this.data;
    if (!data) return undefined;
    return {
      products: data.aliveCount,
      slots: data.size,
      lexemes: data.documents.postings.ids.size,
      bytes: data.bytes(),
      comparing: this.comparing !== undefined,
      loadedFrom: this.loadedFrom,
      fullLoads: this.fullLoads,
      compactions: this.compactions,
      comparisons: this.comparisons,
      wordsKnown: this.lexemes.size,
    };
  }

  /** Bytes held per part of the index (the /metrics gauge search_index_bytes); undefined until it is loaded. */
  bytesByPart(): Record<string, number> | undefined {
    return this.data?.bytesByPart();
  }

  /** Nothing to let go of on this thread: the rows' file closes with the process, the pool is the app's. */
  async close(): Promise<void> {}

  /** Milliseconds per step of the last compaction, if there was one. */
  compactionSteps(): Record<string, number> | undefined {
    return this.data?.lastCompactionSteps;
  }

  /** Merges the products changed since the sort orders were built into them now (done by itself past a few thousand). */
  mergeOrders(): void {
    this.data?.orders?.mergeIfDue(this.data, 1);
  }

  /** Resolves when no comparison with PostgreSQL or snapshot write is running (tests, and a clean shutdown). */
  async settled(): Promise<void> {
    await this.comparing;
    await this.saving;
    await this.preloading;
  }

  /**
   * Catches up as soon as PostgreSQL notifies a change to the products (changes.ts), from any
   * instance; while that connection is up, searches no longer read the version first (current()).
   */
  follow(changes: ChangeFeed): () => void {
    this.changes = changes;
    return changes.subscribe(() => this.refreshSoon());
  }

  /** A request that may write arrived: the next searches check the version until it has settled. */
  noteLocalWrite(): void {
    this.localWriteAt = Date.now();
  }

  /** Calls `listener` whenever the index has taken in changes (caches of pages built from it forget them). */
  onUpdate(listener: () => void): () => void {
    this.updateListeners.add(listener);
    return () => this.updateListeners.delete(listener);
  }

  /** Loads the index if it is not there yet and waits for it. */
  async load(): Promise<void> {
    if (!this.data) await this.refresh();
  }

  /** A page of public search results, rows included (no round trip: they are held as JSON). */
  async search(query: ProductListQuery, words: CorrectedWord[]): Promise<IndexedPage | undefined> {
    return withRowsRead(await this.searchPlaces(query, words));
  }

  /** search() with where each row is instead of its bytes (SearchIndexThread's thread reads none). */
  async searchPlaces(query: ProductListQuery, words: CorrectedWord[]): Promise<PlacedPage | undefined> {
    const result = await this.find(query, words);
    if (!result) return undefined;
    const page = query.page ?? 1;
    const limit = query.limit ?? PRODUCT_PAGE_LIMIT_DEFAULT;
    return {
      ids: result.ids,
      rows: result.rows,
      total: Math.min(result.matched, PRODUCT_TOTAL_CAP),
      totalCapped: result.matched > PRODUCT_TOTAL_CAP,
      facets: result.facets,
      page,
      limit,
    };
  }

  /** A public catalogue page without search words (see browse.ts), rows included. */
  async browse(query: ProductListQuery): Promise<IndexedPage | undefined> {
    return withRowsRead(await this.browsePlaces(query));
  }

  /** browse() with where each row is instead of its bytes. */
  async browsePlaces(query: ProductListQuery): Promise<PlacedPage | undefined> {
    const data = await this.current();
    const browsed = data && browseIndexData(data, query);
    if (!browsed) return undefined;
    return { ...browsed, page: query.page ?? 1, limit: query.limit ?? PRODUCT_PAGE_LIMIT_DEFAULT };
  }

  /**
   * A public product's JSON (as the catalogue sends it) and its category, from the index as it
   * stands after the same catch-up a search makes; undefined when the index is not loaded or the
   * product is not public (the caller then asks PostgreSQL, which also knows who may see it).
   */
  async product(id: string): Promise<{ json: Uint8Array; category: string } | undefined> {
    const data = await this.current();
    const slot = data?.slotOf(id);
    if (!data || slot === undefined) return undefined;
    return { json: data.rowJson(slot), category: data.categories.values()[data.category[slot] as number] as string };
  }

  /** The page's ids and rows, the match count and the facets. */
  async find(query: ProductListQuery, words: CorrectedWord[]): Promise<IndexResult | undefined> {
    const data = await this.current();
    if (!data) return undefined;
    await this.learn(words.flatMap((w) => w.alternatives.map((a) => a.word)));
    return searchIndexData(data, query, words, (word) => this.lexemes.get(word) ?? undefined);
  }

  private async current(): Promise<IndexData | undefined> {
    if (this.checkEveryMs === 0) {
      await this.refresh();
      return this.data;
    }
    // Never make a search wait for the first load: the SQL path answers until it is ready.
    if (!this.data) {
      this.refresh().catch(() => {});
      return undefined;
    }
    // Told of every committed change within milliseconds (follow()): answer at once. Right after a
    // write request to this instance, its notification may still be on its way while the writer's
    // next search has arrived: the version is read first then, as without notifications.
    if (this.changes?.listening && Date.now() - this.localWriteAt > LOCAL_WRITE_WINDOW_MS) {
      if (Date.now() - this.checkedAt >= this.checkEveryMs) this.refreshSoon();
      return this.data;
    }
    // A product that becomes or stops being public moves the dictionary version (its triggers run in
    // the writing transaction, on any instance): catch up before answering, so an approved product
    // is found by the next search. Other changes (prices, sales) follow within checkEveryMs.
    try {
      for (let attempt = 0; attempt < 2 && (await this.readVersion()) !== this.version; attempt += 1) {
        await this.refresh();
      }
    } catch {
      return this.data; // the database hiccupped: answer from the index as it is
    }
    if (Date.now() - this.checkedAt >= this.checkEveryMs) this.refresh().catch(() => {});
    return this.data;
  }

  /**
   * The dictionary version, read by a statement that starts after this call, so a write committed
   * before it is seen. Concurrent callers share reads: one arriving while a read is in flight
   * waits for the next read, which starts once that one is done and serves every caller queued.
   */
  private readVersion(): Promise<number> {
    if (!this.versionRead) return this.startVersionRead();
    const inFlight = this.versionRead;
    this.nextVersionRead ??= inFlight
      .catch(() => undefined)
      .then(() => {
        this.nextVersionRead = undefined;
        return this.startVersionRead();
      });
    return this.nextVersionRead;
  }

  private startVersionRead(): Promise<number> {
    const read: Promise<number> = searchWordsVersion(this.db).finally(() => {
      if (this.versionRead === read) this.versionRead = undefined;
    });
    this.versionRead = read;
    return read;
  }

  private refresh(): Promise<void> {
    this.checkedAt = Date.now();
    this.pending ??= (async () => {
      // Read first: a change committed after this read moves the version again, so it is not missed.
      const version = await searchWordsVersion(this.db);
      const before = this.changesApplied;
      await (this.data ? this.applyChanges() : this.reload());
      this.preloadLexemes();
      this.version = version;
      if (this.changesApplied !== before) for (const listener of this.updateListeners) listener();
      this.saveIfDue();
    })().finally(() => {
      this.pending = undefined;
      if (this.refreshAgain) this.refreshSoon();
    });
    return this.pending;
  }

  /** A refresh now, or right after the one running (which may have read the changes before this one committed). */
  private refreshSoon(): void {
    this.refreshAgain = this.pending !== undefined;
    if (!this.refreshAgain) this.refresh().catch(() => {});
  }

  /**
   * With no index: the snapshot and the changes since, or a full load; rows changed meanwhile are
   * re-read by the next refresh. Never beside an index in use (see the class comment).
   */
  private async reload(): Promise<void> {
    if (await this.restore()) return;
    this.fullLoads += 1;
    const loaded = await loadIndex(this.db);
    this.data = loaded.data;
    this.watermarkUs = loaded.watermarkUs;
    this.loadedFrom = 'database';
    this.changesSinceSave += 1;
    this.changesApplied += 1;
    this.savedAt = 0;
  }

  /**
   * The index as saved by an earlier run, brought up to date with the changes made since: seconds
   * where a full load takes minutes. False (and a full load follows) when there is no usable snapshot.
   */
  private async restore(): Promise<boolean> {
    if (!this.snapshotFile || this.checkEveryMs === 0) return false;
    try {
      // A save cut short by the last run's end (kill, crash, a stop mid-write) left its file behind.
      await removeAbandonedWrites(this.snapshotFile);
      this.databaseIdentity ??= await readDatabaseIdentity(this.db);
      const [saved, now] = await Promise.all([readSnapshot(this.snapshotFile), readClockUs(this.db)]);
      if (!saved || saved.origin.database !== this.databaseIdentity) return false;
      if (Number(now) - saved.origin.watermarkUs > SNAPSHOT_MAX_AGE_US) return false;
      await ensureDistanceTable(this.db);
      this.data = saved.data;
      this.watermarkUs = saved.origin.watermarkUs;
      this.loadedFrom = 'snapshot';
      this.changesApplied += 1;
      // Caught up as between refreshes; a count that still disagrees starts a comparison.
      await this.applyChanges();
      this.savedAt = Date.now();
      void saved.data.rows.warm();
      return true;
    } catch {
      this.retire(this.data);
      this.data = undefined;
      return false;
    }
  }

  /** Lets go of a generation replaced by another: its rows' file is closed once searches still on it are done. */
  private retire(data: IndexData | undefined): void {
    if (data) setTimeout(() => data.rows.close(), 60_000).unref();
  }

  /** Saves the index in the background after a full load, every SNAPSHOT_EVERY_MS while it changes, and after a mass change. */
  private saveIfDue(): void {
    const data = this.data;
    if (!data || !this.snapshotFile || this.checkEveryMs === 0 || this.saving || this.changesSinceSave === 0) return;
    const many = this.productsChangedSinceSave >= Math.max(SNAPSHOT_SOON_CHANGES, data.aliveCount / 20);
    if (!many && Date.now() - this.savedAt < SNAPSHOT_EVERY_MS) return;
    const file = this.snapshotFile;
    this.changesSinceSave = 0;
    this.productsChangedSinceSave = 0;
    this.savedAt = Date.now();
    this.saving = (async () => {
      this.databaseIdentity ??= await readDatabaseIdentity(this.db);
      // Taken at once, before any other change is applied (see captureSnapshot).
      const writer = captureSnapshot(data, { database: this.databaseIdentity, watermarkUs: this.watermarkUs });
      await writer.write(file);
      if (this.data === data) readRowsFromSnapshot(data, writer, file);
    })()
      .catch(() => {
        this.changesSinceSave += 1;
      })
      .finally(() => {
        this.saving = undefined;
      });
  }

  /**
   * Products changed since the watermark, and those a comparison named; a compaction when too many
   * slots are dead, a comparison when the counts disagree (see the class comment).
   */
  private async applyChanges(): Promise<void> {
    const data = this.data as IndexData;
    const recheck = this.recheck;
    const result = await applyChanges(this.db, data, this.watermarkUs, recheck, this.options.sliceMs);
    // The index was dropped meanwhile (a failed compaction): these changes were for it.
    if (this.data !== data) return;
    if (this.recheck === recheck) this.recheck = [];
    this.watermarkUs = result.watermarkUs;
    this.changesSinceSave += result.applied;
    this.productsChangedSinceSave += result.changed;
    this.changesApplied += result.applied;
    if (result.compactionDue) await this.compact(data);
    if (result.countsDisagree) this.compareInBackground();
  }

  /**
   * Drops the dead slots in place (IndexData.compact()). The sorted orders, its longest part, are
   * built first in slices (SortedOrders.prepareCompaction()) while searches go on; the rest is one
   * step: searches run before or after it, never during. Nothing else changes the index meanwhile
   * (this refresh waits for it). Not while a snapshot is being written from the index's arrays, nor
   * while a comparison marks its slots: a later refresh does it then. Should it fail part-way, the
   * index is no longer consistent: it is dropped (searches take the SQL path) and the next refresh loads it.
   */
  private async compact(data: IndexData): Promise<void> {
    if (this.saving || this.comparing) return;
    try {
      const plan = data.compactionPlan();
      const prepared = await data.orders?.prepareCompaction(data, plan.renumbered, plan.kept);
      if (this.data !== data) return;
      data.compact(plan, prepared);
      this.compactions += 1;
    } catch {
      this.retire(data);
      this.data = undefined;
    }
  }

  /**
   * Compares the index with PostgreSQL in the background (findDisagreements()) and has the next
   * refresh re-read the products that differ. Not while products named by the last one wait for
   * that refresh; after one that named nothing, not again for RECHECK_PAUSE_MS.
   */
  private compareInBackground(): void {
    const data = this.data;
    if (!data || this.comparing || this.recheck.length > 0 || Date.now() < this.nextComparisonAt) return;
    this.comparing = (async () => {
      let differ: string[] = [];
      try {
        differ = await findDisagreements(this.db, data);
      } catch {
        this.nextComparisonAt = Date.now() + RECHECK_PAUSE_MS;
      } finally {
        this.comparing = undefined;
      }
      if (this.data !== data) return;
      this.comparisons += 1;
      if (differ.length === 0) this.nextComparisonAt = Date.now() + RECHECK_PAUSE_MS;
      else {
        this.recheck = differ;
        this.refreshSoon();
      }
    })();
  }

  /**
   * Reads the lexemes of the dictionary's most used words in the background, once the index is
   * there (PRELOADED_WORDS). Not in tests (checkEveryMs 0), whose searches each read what they need.
   */
  private preloadLexemes(): void {
    if (!this.data || this.checkEveryMs === 0 || this.preloading) return;
    this.preloading = readCommonLexemes(this.db, PRELOADED_WORDS).then(
      (rows) => {
        for (const { word, lexemes } of rows) if (!this.lexemes.has(word)) this.lexemes.set(word, lexemes);
      },
      // Not tried again: searches still read each unknown word's lexemes (learn()).
      () => {},
    );
  }

  /** Asks PostgreSQL for the lexemes of words not seen before: `to_tsquery('english', word)`. */
  async learn(words: string[]): Promise<void> {
    const unknown = [...new Set(words)].filter((word) => !this.lexemes.has(word));
    if (unknown.length === 0) return;
    if (this.lexemes.size + unknown.length > MAX_CACHED_WORDS) this.lexemes.clear();
    for (const { word, lexemes } of await readLexemes(this.db, unknown)) this.lexemes.set(word, lexemes);
  }
}

/** The page with its rows read (at once: a row's place in a file stays valid for a minute, see rows.ts). */
function withRowsRead(page: PlacedPage | undefined): IndexedPage | undefined {
  return page && { ...page, rows: page.rows.map(readRow) };
}
