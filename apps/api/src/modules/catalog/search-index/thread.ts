import { Worker } from 'node:worker_threads';
import type { ProductListQuery } from '@app/shared';
import { FACET_KINDS, type FacetRow } from '../repository';
import type { CorrectedWord } from '../typos';
import type { CatalogIndex, ChangeFeed, IndexedPage, IndexStats } from './index';
import { readRow } from './rows';

/** What the index's thread is started with (workerData). */
export interface ThreadOptions {
  databaseUrl: string;
  poolMax: number;
  checkEveryMs: number;
  snapshotFile?: string;
}

export type ThreadCall =
  | { op: 'search'; query: ProductListQuery; words: CorrectedWord[] }
  | { op: 'browse'; query: ProductListQuery }
  | { op: 'product'; id: string }
  | { op: 'load' | 'settled' | 'stats' | 'bytesByPart' | 'close' };

/** Messages to the index's thread; `listening` says whether the main thread's LISTEN connection is up. */
export type ToIndexThread =
  | { type: 'call'; id: number; call: ThreadCall; listening: boolean }
  | { type: 'changed'; listening: boolean }
  | { type: 'localWrite' };

type FromIndexThread = { type: 'updated' } | { type: 'reply'; id: number; value?: unknown; error?: string };

/**
 * A page as it crosses between the threads, in a few strings and typed arrays rather than objects:
 * copying objects between threads costs ~0.5 µs each, and a page's 40-odd facet rows and 20 ids
 * made most of its ~40 µs (the typed arrays are moved, not copied).
 * - `places`: per row, three numbers: the file, position and length of a row in the snapshot file,
 *   or -1, its start in `rowBytes` and its length for a row the index holds in memory (those are
 *   joined in `rowBytes`);
 * - `ids`: the page's ids joined by commas;
 * - `facetCounts` and `facetValues`: per facet row, its kind (FACET_KINDS) and count, and its value
 *   (the values joined by NUL, which PostgreSQL text, where they come from, cannot hold).
 */
export type PackedPage = Omit<IndexedPage, 'rows' | 'ids' | 'facets'> & {
  ids: string;
  rowBytes: Uint8Array;
  places: Float64Array;
  facetCounts: Int32Array;
  facetValues: string;
};

/** Facet rows in the packed form of PackedPage. */
export function packedFacets(rows: readonly FacetRow[]): { facetCounts: Int32Array<ArrayBuffer>; facetValues: string } {
  const facetCounts = new Int32Array(2 * rows.length);
  rows.forEach((row, i) => {
    facetCounts[2 * i] = FACET_KINDS.indexOf(row.kind);
    facetCounts[2 * i + 1] = row.count;
  });
  return { facetCounts, facetValues: rows.map((row) => row.value).join('\u0000') };
}

function unpackedFacets(facetCounts: Int32Array, facetValues: string): FacetRow[] {
  if (facetCounts.length === 0) return [];
  return facetValues.split('\u0000').map((value, i) => ({
    kind: FACET_KINDS[facetCounts[2 * i] as number] as FacetRow['kind'],
    value,
    count: facetCounts[2 * i + 1] as number,
  }));
}

/** A lost thread is started again after this, doubled after each loss in a row up to RESTART_MAX_MS. */
const RESTART_FIRST_MS = 1_000;
const RESTART_MAX_MS = 60_000;
/** How long a clean close waits for the thread (a snapshot being written) before stopping it. */
const CLOSE_WAIT_MS = 10_000;

interface Pending {
  op: ThreadCall['op'];
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * The search index (SearchIndex, index.ts) in a worker thread of its own, with its own database
 * pool: searches, compactions and catch-ups run beside the thread that serves requests instead of
 * on it, so a search uses the second core, and no other request waits behind one. The page's rows
 * come back as their places in the snapshot file, read here, which spares the index's thread a
 * positioned read per row (rows changed since the last save come back as bytes).
 *
 * Until the thread has loaded the index, and while it is being started again after it stopped (a
 * crash), searches are answered undefined: the caller takes the SQL path, as before the first load.
 */
export class SearchIndexThread implements CatalogIndex {
  private worker?: Worker;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  private readonly updateListeners = new Set<() => void>();
  private changes?: ChangeFeed;
  private closed = false;
  private loadAsked = false;
  private restartMs = RESTART_FIRST_MS;
  private answeredSinceStart = false;

  constructor(
    private readonly options: ThreadOptions,
    private readonly log: (message: string) => void = () => {},
  ) {
    this.start();
  }

  search(query: ProductListQuery, words: CorrectedWord[]): Promise<IndexedPage | undefined> {
    return this.call<PackedPage>({ op: 'search', query, words }).then(unpacked);
  }

  browse(query: ProductListQuery): Promise<IndexedPage | undefined> {
    return this.call<PackedPage>({ op: 'browse', query }).then(unpacked);
  }

  product(id: string): Promise<{ json: Uint8Array; category: string } | undefined> {
    return this.call({ op: 'product', id });
  }

  onUpdate(listener: () => void): () => void {
    this.updateListeners.add(listener);
    return () => this.updateListeners.delete(listener);
  }

  follow(changes: ChangeFeed): () => void {
    this.changes = changes;
    return changes.subscribe(() =>
      this.worker?.postMessage({ type: 'changed', listening: changes.listening } satisfies ToIndexThread),
    );
  }

  noteLocalWrite(): void {
    this.worker?.postMessage({ type: 'localWrite' } satisfies ToIndexThread);
  }

  async load(): Promise<void> {
    this.loadAsked = true;
    if (!this.worker) throw new Error('the search index thread is not running');
    await this.call({ op: 'load' });
  }

  async settled(): Promise<void> {
    await this.call({ op: 'settled' });
  }

  stats(): Promise<IndexStats | undefined> {
    return this.call({ op: 'stats' });
  }

  bytesByPart(): Promise<Record<string, number> | undefined> {
    return this.call({ op: 'bytesByPart' });
  }

  /** Lets the thread finish a snapshot being written and close its pool, then stops it. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    if (!worker) return;
    const timer = new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref());
    await Promise.race([this.call({ op: 'close' }).catch(() => {}), timer]);
    await worker.terminate();
  }

  private start(): void {
    const worker = new Worker(new URL('./thread-worker.ts', import.meta.url), {
      workerData: this.options,
      // TypeScript in the thread as in the process (start.mjs registers tsx in the main thread only);
      // the process's CPU profiling flags too, so a profiled server profiles this thread as well.
      execArgv: [...process.execArgv.filter((flag) => flag.startsWith('--cpu-prof')), '--import', 'tsx'],
      name: 'search-index',
    });
    // The thread alone never keeps the process running.
    worker.unref();
    worker.on('message', (message: FromIndexThread) => this.received(message));
    worker.on('error', (error) => this.log(`search index thread failed: ${String(error)}`));
    worker.on('exit', () => this.lost(worker));
    this.worker = worker;
    this.answeredSinceStart = false;
    if (this.loadAsked) this.call({ op: 'load' }).catch(() => {});
  }

  /** The thread stopped: what it was asked is answered as if it had no index, and it is started again unless closing. */
  private lost(worker: Worker): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const call of pending) {
      if (call.op === 'load') call.reject(new Error('the search index thread stopped'));
      else call.resolve(undefined);
    }
    if (this.closed) return;
    this.restartMs = this.answeredSinceStart ? RESTART_FIRST_MS : Math.min(this.restartMs * 2, RESTART_MAX_MS);
    this.log(`search index thread stopped: searches use SQL, starting it again in ${this.restartMs / 1000} s`);
    setTimeout(() => {
      if (!this.closed) this.start();
    }, this.restartMs).unref();
  }

  private received(message: FromIndexThread): void {
    if (message.type === 'updated') {
      for (const listener of this.updateListeners) listener();
      return;
    }
    const call = this.pending.get(message.id);
    if (!call) return;
    this.pending.delete(message.id);
    this.answeredSinceStart = true;
    if (message.error !== undefined) call.reject(new Error(message.error));
    else call.resolve(message.value);
  }

  /** Sends a call to the thread; undefined at once while no thread runs. */
  private call<T>(call: ThreadCall): Promise<T | undefined> {
    const worker = this.worker;
    if (!worker) return Promise.resolve(undefined);
    const id = this.nextId++;
    return new Promise<T | undefined>((resolve, reject) => {
      this.pending.set(id, { op: call.op, resolve: resolve as (value: unknown) => void, reject });
      const listening = this.changes?.listening ?? false;
      try {
        worker.postMessage({ type: 'call', id, call, listening } satisfies ToIndexThread);
      } catch (error) {
        // A value that cannot be copied to the thread: nothing was sent, nothing is waited for.
        this.pending.delete(id);
        reject(error as Error);
      }
    });
  }
}

/** The page with its rows read: those in the snapshot file here, on this thread (the file stays open a minute after the index leaves it). */
function unpacked(page: PackedPage | undefined): IndexedPage | undefined {
  if (!page) return undefined;
  const { ids, rowBytes, places, facetCounts, facetValues, ...rest } = page;
  const rows: Uint8Array[] = [];
  for (let i = 0; i < places.length; i += 3) {
    const [fd, position, length] = [places[i] as number, places[i + 1] as number, places[i + 2] as number];
    rows.push(fd < 0 ? rowBytes.subarray(position, position + length) : readRow({ fd, position, length }));
  }
  return { ...rest, ids: ids === '' ? [] : ids.split(','), rows, facets: unpackedFacets(facetCounts, facetValues) };
}
