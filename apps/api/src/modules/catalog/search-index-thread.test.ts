import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { productListQuerySchema } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { products } from '../../db/schema';
import type { UserRow } from '../users/repository';
import { SearchDictionary } from './dictionary';
import { type IndexedPage, SearchIndex } from './search-index';
import { SearchIndexThread } from './search-index/thread';
import { correctQuery, queryWords } from './typos';

// The search index in a worker thread of its own, as production runs it (CATALOG_CACHE_MS > 0).
let t: TestApp;
let thread: SearchIndexThread;
let seller: UserRow;

beforeAll(async () => {
  t = await createTestApp({ CATALOG_CACHE_MS: '60000', SEARCH_INDEX_THREAD: 'on' });
  thread = t.deps.searchIndex as SearchIndexThread;
  seller = await createUser(t.db, 'seller', { firstName: 'Tessel', lastName: 'Works' });
  const kinds = ['Vision', 'Speech', 'Ledger', 'Forecast'];
  for (let i = 0; i < 24; i += 1)
    await createProduct(t.db, seller, {
      title: `Kestrel ${kinds[i % 4]} Kit ${i}`,
      description: `A kestrel toolkit for ${kinds[(i + 1) % 4]?.toLowerCase()} work.`,
      priceCents: 500 + 250 * i,
      category: i % 3 === 0 ? 'datasets' : 'ai-tools',
      salesCount: i,
    });
  await thread.load();
});

afterAll(async () => {
  await t.close();
});

const titles = async (url: string) => {
  const response = await t.app.inject({ url });
  expect(response.statusCode).toBe(200);
  return (response.json() as { products: { title: string }[] }).products.map((p) => p.title);
};

/** A page with its rows as text (the thread's rows are views into one buffer, this thread's into its chunks). */
const readable = (page: IndexedPage | undefined) =>
  page && { ...page, rows: page.rows.map((row) => Buffer.from(row.buffer, row.byteOffset, row.byteLength).toString()) };

/** The thread's worker, to stop it as a crash would. */
const workerOf = (index: SearchIndexThread) => (index as unknown as { worker?: Worker }).worker;

describe('the search index in a thread of its own', () => {
  it('runs the index off the thread that serves requests', () => {
    expect(thread).toBeInstanceOf(SearchIndexThread);
    expect(workerOf(thread)?.threadId).toBeGreaterThan(0);
  });

  it('answers a search, a catalogue page and a product page exactly as the index on this thread does', async () => {
    const local = new SearchIndex(t.db, 0);
    const dictionary = await new SearchDictionary(t.db, 0).current();
    for (const params of [
      { search: 'kestrel', limit: '5' },
      { search: 'kestrl vision', page: '1' },
      { search: 'kestrel', category: 'datasets', sort_by: 'price', sort_order: 'desc' },
      { search: 'ledger kit', min_price: '10', page: '2', limit: '3' },
    ]) {
      const query = productListQuerySchema.parse(params);
      const words = correctQuery(dictionary, queryWords(query.search ?? ''));
      const [there, here] = [await thread.search(query, words), await local.search(query, words)];
      expect(there?.ids.length).toBeGreaterThan(0);
      expect(readable(there)).toEqual(readable(here));
    }
    // A search that finds nothing: no ids, no rows, no facets.
    const nothing = productListQuerySchema.parse({ search: 'kestrel', min_price: '99999' });
    const nothingWords = correctQuery(dictionary, queryWords('kestrel'));
    const [none, noneHere] = [await thread.search(nothing, nothingWords), await local.search(nothing, nothingWords)];
    expect(none).toMatchObject({ ids: [], rows: [], facets: [], total: 0 });
    expect(readable(none)).toEqual(readable(noneHere));
    const browse = productListQuerySchema.parse({ category: 'ai-tools', sort_by: 'popularity' });
    expect(readable(await thread.browse(browse))).toEqual(readable(await local.browse(browse)));
    const [product] = await t.db.select({ id: products.id }).from(products).limit(1);
    const id = product?.id as string;
    const [there, here] = [await thread.product(id), await local.product(id)];
    expect(there?.category).toBe(here?.category);
    expect(Buffer.from(there?.json ?? []).toString()).toBe(Buffer.from(here?.json ?? []).toString());
    expect(await thread.stats()).toMatchObject({ products: 24, loadedFrom: 'database' });
  });

  it('finds a product approved a moment ago on the very next search, and forgets cached pages when it takes in a change', async () => {
    const product = await createProduct(t.db, seller, { title: 'Orphelin Kestrel Ledger', status: 'pending' });
    // Asked twice: the page is cached from its second request.
    expect(await titles('/api/v1/products/?search=orphelin')).toEqual([]);
    expect(await titles('/api/v1/products/?search=orphelin')).toEqual([]);
    await t.db.update(products).set({ status: 'approved' }).where(eq(products.id, product.id));
    // A new search reaches the thread, which catches up first and tells this thread to forget its pages.
    expect(await titles('/api/v1/products/?search=orphelin%20ledger')).toEqual(['Orphelin Kestrel Ledger']);
    expect(await titles('/api/v1/products/?search=orphelin')).toEqual(['Orphelin Kestrel Ledger']);
    await t.db.update(products).set({ status: 'rejected' }).where(eq(products.id, product.id));
    expect(await titles('/api/v1/products/?search=orphelin%20kestrel')).toEqual([]);
  });

  it('reads the rows a page takes from the snapshot file on the thread that serves requests, as the index on this thread has them', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'thread-snapshot-')), 'index.snapshot');
    const saving = new SearchIndexThread({
      databaseUrl: t.config.databaseUrl as string,
      poolMax: 2,
      checkEveryMs: 60_000,
      snapshotFile: file,
    });
    try {
      await saving.load();
      // The first full load is saved at once; from then on its rows are read from the file.
      await saving.settled();
      expect(fs.statSync(file).size).toBeGreaterThan(0);
      const local = new SearchIndex(t.db, 0);
      const dictionary = await new SearchDictionary(t.db, 0).current();
      const query = productListQuerySchema.parse({ search: 'kestrel kit', limit: '10' });
      const words = correctQuery(dictionary, queryWords('kestrel kit'));
      const there = await saving.search(query, words);
      expect(there?.rows).toHaveLength(10);
      expect(readable(there)).toEqual(readable(await local.search(query, words)));
      const browse = productListQuerySchema.parse({ sort_by: 'price', sort_order: 'asc' });
      expect(readable(await saving.browse(browse))).toEqual(readable(await local.browse(browse)));
    } finally {
      await saving.close();
    }
  });

  it('keeps answering when its thread dies: from PostgreSQL meanwhile, from the index again once the thread is back', async () => {
    const query = productListQuerySchema.parse({ search: 'forecast' });
    const words = correctQuery(await new SearchDictionary(t.db, 0).current(), queryWords('forecast'));
    const before = await thread.search(query, words);
    expect(before?.ids.length).toBeGreaterThan(0);
    const dying = workerOf(thread);
    await dying?.terminate();
    // No index while it is away: the caller takes the SQL path, and the page is the same.
    expect(await thread.search(query, words)).toBeUndefined();
    const viaSql = await titles('/api/v1/products/?search=forecast&limit=24');
    expect(viaSql).toHaveLength(before?.ids.length ?? -1);
    const deadline = Date.now() + 20_000;
    let again = await thread.search(query, words);
    while (!again && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await thread.search(query, words);
    }
    expect(workerOf(thread)).not.toBe(dying);
    expect(again?.ids).toEqual(before?.ids);
    expect(await titles('/api/v1/products/?search=forecast&limit=23')).toEqual(viaSql.slice(0, 23));
  });
});
