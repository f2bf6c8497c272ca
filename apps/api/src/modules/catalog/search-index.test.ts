// @database-server: the index loads and catches up from the database

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CATEGORIES,
  cardKindOf,
  FRAMEWORKS,
  HOSTING_FACETS,
  HOSTING_OPTIONS,
  LICENSES,
  type ProductListQuery,
  productListQuerySchema,
  productListSchema,
  type StoredListingCard,
} from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { productDeletions, products } from '../../db/schema';
import type { UserRow } from '../users/repository';
import { SearchDictionary } from './dictionary';
import { productJson } from './present';
import { listProducts } from './repository';
import { type IndexData, SearchIndex, searchIndexData } from './search-index';
import { browseIndexData } from './search-index/browse';
import { Documents } from './search-index/documents';
import { readRow } from './search-index/rows';
import { captureSnapshot, readSnapshot } from './search-index/snapshot';
import { browseProducts, browsePublicProductsJson } from './service';
import { correctQuery, queryWords, typoDistance } from './typos';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const next = random(11);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;

// Word families (stems shared), near neighbours for typos, stop words, digits, hyphenation, and rare words.
const VOCABULARY = [
  ...['score', 'scoring', 'scores', 'scored', 'scorer', 'lead', 'leads', 'leading', 'module', 'modules', 'modular'],
  ...['vector', 'vectors', 'index', 'indexes', 'indexing', 'builder', 'build', 'building', 'search', 'searching'],
  ...['customer', 'customers', 'churn', 'churning', 'model', 'models', 'modeling', 'dataset', 'datasets', 'data'],
  ...['zanthorium', 'zanthxrim', 'zanthorim', 'prompt', 'prompts', 'prompting', 'chatbot', 'chatbots', 'chat'],
  ...['classifier', 'classification', 'classify', 'translation', 'translator', 'summary', 'summarizer', 'summarise'],
  ...['real-time', 'multi-lingual', 'e-mail', 'gpt4', 'v2', '2024', '100k', 'llama3', 'x86', 'a1'],
  ...['the', 'and', 'for', 'with', 'of', 'a', 'to', 'in', 'is', 'it', 'you', 'your', 'this', 'that'],
  ...['quorvex', 'plindar', 'trosmic', 'velquist', 'amberine', 'kolrath', 'nimbalo', 'strevant', 'orphelin'],
];

function sentence(min: number, max: number): string {
  const length = min + Math.floor(next() * (max - min + 1));
  return Array.from({ length }, () => pick(VOCABULARY)).join(next() < 0.1 ? ', ' : ' ');
}

function title(): string {
  const words = sentence(1, 5);
  return words
    .split(' ')
    .map((w) => (next() < 0.7 ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join(' ');
}

function typo(word: string): string {
  if (word.length < 5) return word;
  const at = 1 + Math.floor(next() * (word.length - 2));
  const letter = pick([...'abcdefghijklmnopqrstuvwxyz']);
  switch (Math.floor(next() * 4)) {
    case 0:
      return word.slice(0, at) + letter + word.slice(at);
    case 1:
      return word.slice(0, at) + word.slice(at + 1);
    case 2:
      return word.slice(0, at) + letter + word.slice(at + 1);
    default:
      return word.slice(0, at - 1) + word[at] + word[at - 1] + word.slice(at + 1);
  }
}

// The listing cards and their filters draw from a generator of their own, so the rest stays as it was.
const nextCard = random(29);
const pickCard = <T>(items: readonly T[]): T => items[Math.floor(nextCard() * items.length)] as T;

/** A listing card for the category: some fields missing or of the wrong type, as old or hand-written rows may have. */
function randomCard(category: string, license: string): StoredListingCard {
  const card: Record<string, unknown> = {};
  const kind = cardKindOf(category);
  if (kind === 'model' && nextCard() < 0.9)
    card.model = {
      task: 'text-classification',
      framework: nextCard() < 0.05 ? 7 : pickCard(FRAMEWORKS).slug,
      model_format: 'safetensors',
      parameters: null,
      min_gpu_memory_gb: pickCard([null, 0, 2, 4, 6.5, 8, 8.5, 16, 24, 40, 80, '8']),
      runs_on_cpu: nextCard() < 0.5,
    };
  if (kind === 'api' && nextCard() < 0.9)
    card.api = { hosting: pickCard(HOSTING_OPTIONS).slug, rate_limit: '', languages: ['Python'] };
  if (license === 'custom' && nextCard() < 0.8) {
    card.license_text = 'Use it as you like, within reason.';
    card.commercial_use = nextCard() < 0.5;
    card.redistribution = false;
    card.modification = true;
  }
  return card as StoredListingCard;
}

/** Listing card filters, now and then. */
function withCardFilters(query: ProductListQuery): ProductListQuery {
  if (nextCard() < 0.15) query.framework = pickCard(FRAMEWORKS).slug;
  if (nextCard() < 0.15) query.commercial_use = true;
  if (nextCard() < 0.15) query.max_gpu_memory = pickCard([0, 4, 6.5, 8, 16, 24, 100]);
  if (nextCard() < 0.1) query.hosting = pickCard(HOSTING_FACETS);
  return query;
}

function randomQuery(texts: string[]): ProductListQuery {
  const words = queryWords(pick(texts));
  const size = Math.min(words.length, 1 + Math.floor(next() * 3));
  const start = Math.floor(next() * (words.length - size + 1));
  let chosen = words.slice(start, start + size);
  if (next() < 0.35) chosen = chosen.map((w) => (next() < 0.5 ? typo(w) : w));
  const lastWord = chosen.at(-1);
  if (lastWord && next() < 0.2 && lastWord.length > 3) chosen[chosen.length - 1] = lastWord.slice(0, 2 + Math.floor(next() * 3));
  const query: ProductListQuery = { search: chosen.join(' ') || pick(VOCABULARY) };
  if (next() < 0.25) query.category = pick(CATEGORIES).slug;
  if (next() < 0.15) query.license = pick(LICENSES).slug;
  if (next() < 0.15) query.min_price = pick([0, 5, 10, 25.5, 49.99]);
  if (next() < 0.15) query.max_price = pick([50, 99.99, 200, 1000]);
  if (next() < 0.15) query.min_rating = pick([1, 2.5, 3, 4, 4.25]);
  if (next() < 0.1) query.featured = next() < 0.5;
  if (next() < 0.35) {
    query.sort_by = pick(['created_at', 'price', 'rating', 'popularity', 'title', 'relevance'] as const);
    if (next() < 0.7) query.sort_order = pick(['asc', 'desc'] as const);
  }
  if (next() < 0.3) query.page = pick([2, 3, 5]);
  if (next() < 0.3) query.limit = pick([1, 5, 12, 50]);
  return withCardFilters(query);
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

let t: TestApp;
let sellers: UserRow[];
let index: SearchIndex;

async function bothPaths(query: ProductListQuery) {
  const dictionary = await t.deps.searchDictionary.current();
  const corrected = correctQuery(dictionary, queryWords(query.search ?? ''));
  const viaSql = await listProducts(t.db, query, { kind: 'public' }, corrected);
  const viaIndex = await index.search(query, corrected);
  return { viaSql, viaIndex };
}

describe('the search index answers exactly as the SQL path', () => {
  const texts: string[] = [];
  beforeAll(async () => {
    // The index refreshes in the background here, as in production; the catalogue is written first.
    t = await createTestApp({ CATALOG_CACHE_MS: '60000' });
    index = t.deps.searchIndex as SearchIndex;
    sellers = [
      await createUser(t.db, 'seller', { firstName: 'Nova', lastName: 'Labs' }),
      await createUser(t.db, 'seller', { firstName: 'Quorvex', lastName: 'Studio' }),
    ];
    const rows = Array.from({ length: 1400 }, () => {
      const seller = pick(sellers);
      const productTitle = next() < 0.05 ? 'Lead Scoring Module' : title();
      const shortDescription = sentence(0, 8);
      // 'toolkit' in every description: a word with more than 1,000 matches (capped total, no ts_rank).
      const description = `${sentence(3, 40)} toolkit`;
      texts.push(productTitle, shortDescription, description);
      return {
        sellerId: seller.id,
        sellerName: `${seller.firstName} ${seller.lastName}`,
        title: productTitle,
        shortDescription,
        description,
        priceCents: pick([0, 499, 999, 1000, 2550, 4999, 5000, 9999, 10_000, 25_000, 99_999]),
        category: pick(CATEGORIES).slug,
        license: pick(LICENSES).slug,
        card: {} as StoredListingCard,
        status: next() < 0.85 ? ('approved' as const) : pick(['pending', 'rejected'] as const),
        featured: next() < 0.1,
        ratingAverage: pick([0, 1, 2.5, 3, 3.33, 4, 4.25, 4.5, 5]),
        reviewCount: pick([0, 1, 2, 10]),
        salesCount: pick([0, 0, 1, 5, 40, 500]),
        deletedAt: next() < 0.03 ? new Date() : null,
        createdAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(next() * 30))),
      };
    });
    for (const row of rows) row.card = randomCard(row.category, row.license);
    for (let i = 0; i < rows.length; i += 300) await t.db.insert(products).values(rows.slice(i, i + 300));
    // A rare word next to common ones: its few candidates are checked against their own lexemes.
    const fixed = [
      ...['Zephyrine Sampler', 'Zephyrine Mixer', 'Toolkit of Zephyrine'].map((title) => ({
        title,
        description: 'zephyrine toolkit',
      })),
    ];
    await t.db.insert(products).values(
      fixed.map((product, i) => ({
        ...product,
        sellerId: (sellers[0] as UserRow).id,
        sellerName: 'Nova Labs',
        priceCents: 1000 + i,
        category: 'ai-tools',
        status: 'approved' as const,
      })),
    );
    await index.load();
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds the same products in the same order, with the same totals and facets, for 400 varied queries', async () => {
    let compared = 0;
    let capped = 0;
    for (let i = 0; i < 400; i += 1) {
      const query = randomQuery(texts);
      if (i % 10 === 0) query.search = `toolkit ${i % 20 === 0 ? '' : pick(VOCABULARY)}`;
      const { viaSql, viaIndex } = await bothPaths(query);
      const label = JSON.stringify(query);
      expect(viaIndex, label).toBeDefined();
      if (!viaIndex) continue;
      expect(viaIndex.ids, label).toEqual(viaSql.rows.map((row) => row.id));
      // The rows held as JSON are the rows PostgreSQL has now, presented as the API sends them.
      expect(viaIndex.rows.map(text), label).toEqual(viaSql.rows.map(productJson));
      expect([viaIndex.total, viaIndex.totalCapped], label).toEqual([viaSql.total, viaSql.totalCapped]);
      // Over more than 1,000 matches both count an unspecified first 1,001 rows; below, the same rows.
      if (!viaSql.totalCapped) {
        const sorted = (rows: typeof viaSql.facets) =>
          rows.map((r) => `${r.kind}:${r.value}:${r.count}`).sort((a, b) => a.localeCompare(b));
        expect(sorted(viaIndex.facets), label).toEqual(sorted(viaSql.facets));
      } else capped += 1;
      compared += viaSql.rows.length;
    }
    expect(compared).toBeGreaterThan(1000);
    expect(capped).toBeGreaterThan(0);
  });

  it('browses without search words exactly as the SQL path: 400 filter, sort and paging combinations', async () => {
    let compared = 0;
    let deep = 0;
    for (let i = 0; i < 400; i += 1) {
      const { search: _search, ...query } = randomQuery(texts);
      if (i % 4 === 0) query.seller_id = pick(sellers).id;
      if (i % 7 === 0) query.sort_by = 'relevance';
      if (i % 9 === 0) [query.page, query.limit] = [pick([10, 30, 60]), 20];
      const label = JSON.stringify(query);
      const viaSql = await listProducts(t.db, query, { kind: 'public' }, []);
      const viaIndex = await index.browse(query);
      expect(viaIndex, label).toBeDefined();
      if (!viaIndex) continue;
      expect(viaIndex.ids, label).toEqual(viaSql.rows.map((row) => row.id));
      expect(viaIndex.rows.map(text), label).toEqual(viaSql.rows.map(productJson));
      expect([viaIndex.total, viaIndex.totalCapped], label).toEqual([viaSql.total, viaSql.totalCapped]);
      // Past 1,000 matches both count the facets over a first 1,001 (the SQL path's are in no set order).
      if (!viaSql.totalCapped && viaSql.total <= 1000) {
        const sorted = (rows: typeof viaSql.facets) =>
          rows.map((r) => `${r.kind}:${r.value}:${r.count}`).sort((a, b) => a.localeCompare(b));
        expect(sorted(viaIndex.facets), label).toEqual(sorted(viaSql.facets));
      }
      if ((query.page ?? 1) >= 10) deep += viaSql.rows.length;
      compared += viaSql.rows.length;
    }
    expect(compared).toBeGreaterThan(2000);
    expect(deep).toBeGreaterThan(100);
  });

  it('agrees on stop words, stems, hyphenated words, digits and every typo class', async () => {
    const queries = [
      'the',
      'the and for',
      'the scoring',
      'scores',
      'scored leads',
      'real time',
      'real-time',
      'e mail',
      'gpt4',
      'v2 model',
      '2024',
      'zanthorum',
      'zanthrium kit',
      'scroing module',
      'modlue',
      'lead scoring module',
      'sco',
      'classificaton',
      'lead sc',
      'quorvex studio',
      'zephyrine toolkit',
      'toolkit zephyrine',
      'toolkit zephyrin',
      'zephyrine lead',
      'lead zephyrine',
    ];
    for (const search of queries)
      for (const sort of [{}, { sort_by: 'title' as const }, { sort_by: 'rating' as const, sort_order: 'asc' as const }]) {
        const { viaSql, viaIndex } = await bothPaths({ search, ...sort, limit: 50 });
        expect(
          viaIndex?.rows.map((row) => (JSON.parse(text(row)) as { title: string }).title),
          search,
        ).toEqual(viaSql.rows.map((row) => row.title));
        expect(viaIndex?.total, search).toBe(viaSql.total);
      }
  });

  it('sends the same page, byte for byte, as the SQL path encoded by the response schema', async () => {
    const withoutIndex = { ...t.deps, searchIndex: null };
    let pages = 0;
    for (let i = 0; i < 60; i += 1) {
      const query = randomQuery(texts);
      const label = JSON.stringify(query);
      const viaSql = await browseProducts(withoutIndex, query, null);
      // Over more than 1,000 matches the two count the facets over different rows (see decision 17).
      if (viaSql.total_capped) continue;
      const encoded = JSON.stringify(productListSchema.encode(viaSql));
      expect((await browsePublicProductsJson(withoutIndex, query)).toString(), label).toBe(encoded);
      expect((await browsePublicProductsJson(t.deps, query)).toString(), label).toBe(encoded);
      expect(await browseProducts(t.deps, query, null), label).toEqual(viaSql);
      pages += 1;
    }
    expect(pages).toBeGreaterThan(30);
  });

  it('keeps to a bounded memory per product (typed arrays, not objects per word)', () => {
    const stats = index.stats();
    expect(stats?.products).toBeGreaterThan(1000);
    // About 40 words of text per product here: well under 3 kB each, the row's JSON (~1 kB here) included.
    expect((stats?.bytes ?? Number.POSITIVE_INFINITY) / (stats?.slots ?? 1)).toBeLessThan(3072);
  });

  it('shows what it holds, per part, on /metrics (so an operator sees where the memory goes)', async () => {
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.statusCode).toBe(200);
    const parts: Record<string, number> = Object.fromEntries(
      [...metrics.body.matchAll(/^search_index_bytes\{part="(\w+)"\} (\d+)/gm)].map((m) => [m[1], Number(m[2])]),
    );
    expect(Object.keys(parts)).toEqual(
      expect.arrayContaining(['columns', 'titles', 'document_positions', 'lexeme_postings', 'sorted_orders']),
    );
    expect(parts.document_positions).toBeGreaterThan(0);
    const sum = Object.values(parts).reduce((total, bytes) => total + bytes, 0);
    expect(sum).toBe(index.stats()?.bytes);
  });
});

describe('a compaction of the documents', () => {
  it('moves each kept document and its positions down, for removed ones marked either way', () => {
    const vectors = Array.from(
      { length: 40 },
      (_, i) => `'alpha':${i + 1} 'beta${i % 7}':2,${i + 3}B ${i % 3 === 0 ? "'gamma':9A" : ''}`,
    );
    const documents = new Documents(64);
    vectors.forEach((vector, slot) => {
      documents.add(slot, vector);
    });
    const gone = new Set([0, 3, 4, 5, 17, 38, 39]);
    for (const slot of gone) documents.remove(slot);
    // A snapshot written before removed documents kept their start marks them -1.
    documents.docStart[17] = -1;
    const renumbered = new Int32Array(40);
    let next = 0;
    for (let slot = 0; slot < 40; slot += 1) renumbered[slot] = gone.has(slot) ? -1 : next++;
    const located = (docs: Documents, slot: number) => {
      const operands = ['alpha', 'beta2', 'gamma'].map((text) => docs.lexeme(text) ?? -1);
      const into = { arena: new Uint16Array(0), starts: new Int32Array(3), ends: new Int32Array(3) };
      docs.locateOperands(slot, operands, into);
      return operands.map((_, i) =>
        (into.starts[i] as number) < 0 ? [] : Array.from(into.arena.subarray(into.starts[i], into.ends[i])),
      );
    };
    const before = vectors.map((_, slot) => located(documents, slot));
    documents.compact(renumbered, 40);
    expect(documents.docUsed).toBeGreaterThan(0);
    for (let slot = 0; slot < 40; slot += 1) {
      if (gone.has(slot)) continue;
      const target = renumbered[slot] as number;
      expect(located(documents, target), `slot ${slot}`).toEqual(before[slot]);
      expect(documents.has(target, documents.lexeme('gamma') as number)).toBe(slot % 3 === 0);
    }
    const postings = documents.postings;
    const alpha = documents.lexeme('alpha') as number;
    expect(Array.from(postings.listOf(alpha))).toEqual(Array.from({ length: 33 }, (_, i) => i));
  });
});

describe('the search index follows every write', () => {
  let seller: UserRow;
  beforeAll(async () => {
    // CATALOG_CACHE_MS=0: every search brings the index up to date first, as the other tests expect.
    t = await createTestApp();
    seller = await createUser(t.db, 'seller');
  });
  afterAll(async () => {
    await t.close();
  });

  async function found(search: string, filters = ''): Promise<string[]> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/products/?search=${encodeURIComponent(search)}${filters}`,
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { products: { title: string }[] }).products.map((p) => p.title);
  }

  it('shows a product once approved, with its new texts after an edit, and never after rejection or deletion', async () => {
    const product = await createProduct(t.db, seller, { title: 'Plindar Forecast Kit', status: 'pending' });
    expect(await found('plindar')).toEqual([]);
    await t.db.update(products).set({ status: 'approved' }).where(eq(products.id, product.id));
    expect(await found('plindar')).toEqual(['Plindar Forecast Kit']);
    await t.db.update(products).set({ title: 'Trosmic Forecast Kit' }).where(eq(products.id, product.id));
    expect(await found('plindar')).toEqual([]);
    expect(await found('trosmic')).toEqual(['Trosmic Forecast Kit']);
    await t.db.update(products).set({ status: 'rejected' }).where(eq(products.id, product.id));
    expect(await found('trosmic')).toEqual([]);
    await t.db.update(products).set({ status: 'approved' }).where(eq(products.id, product.id));
    expect(await found('trosmic')).toEqual(['Trosmic Forecast Kit']);
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, product.id));
    expect(await found('trosmic')).toEqual([]);
  });

  it('sees a product created approved, and one deleted outright', async () => {
    const product = await createProduct(t.db, seller, { title: 'Velquist Audio Set' });
    expect(await found('velquist')).toEqual(['Velquist Audio Set']);
    const before = (t.deps.searchIndex as SearchIndex).stats();
    await t.db.delete(products).where(eq(products.id, product.id));
    expect(await found('velquist')).toEqual([]);
    // Removed from the deletion log, not by reloading everything (a reload would compact the slots).
    expect((t.deps.searchIndex as SearchIndex).stats()).toMatchObject({
      slots: before?.slots,
      products: (before?.products ?? 0) - 1,
    });
  });

  it('compacts its dead slots in place, without loading the catalogue again, and answers the same', async () => {
    const index = t.deps.searchIndex as SearchIndex;
    await t.db.execute(sql`insert into products (seller_id, seller_name, title, short_description, description, price_cents, category, status)
      select ${seller.id}, 'Bulk Seller', 'Quorvex item ' || n, 'Short', 'Long', 100, 'datasets', 'approved'
      from generate_series(1, 1100) as n`);
    const before = await found('quorvex');
    expect(before.length).toBeGreaterThan(0);
    const filteredBefore = await found('quorvex', '&category=datasets');
    expect(await found('quorvex', '&category=apis')).toEqual([]);
    const { fullLoads, compactions } = index.stats() ?? { fullLoads: -1, compactions: -1 };
    // Loaded once, at the first search of this app.
    expect(fullLoads).toBe(1);
    // Every one of them changes: 1,100 dead slots, past the compaction threshold.
    await t.db.execute(sql`update products set sales_count = sales_count + 1 where title like 'Quorvex item %'`);
    expect(await found('quorvex')).toEqual(before);
    expect(await found('quorvex', '&category=datasets')).toEqual(filteredBefore);
    expect(await found('quorvex', '&category=apis')).toEqual([]);
    expect(index.stats()).toMatchObject({ fullLoads, compactions: compactions + 1, comparing: false });
    expect(index.stats()?.slots).toBe(index.stats()?.products);
  });

  /** Search and catalogue pages from the index and the SQL path: same ids, rows, totals and (below the cap) facets. */
  async function agreeWithSql(index: SearchIndex, queries: ProductListQuery[], moment: string): Promise<void> {
    const dictionary = await t.deps.searchDictionary.current();
    for (const query of queries) {
      const corrected = correctQuery(dictionary, queryWords(query.search ?? ''));
      const viaSql = await listProducts(t.db, query, { kind: 'public' }, corrected);
      const viaIndex = corrected.length > 0 ? await index.search(query, corrected) : await index.browse(query);
      const label = `${moment} ${JSON.stringify(query)}`;
      expect(viaIndex?.ids, label).toEqual(viaSql.rows.map((row) => row.id));
      expect(viaIndex?.rows.map(text), label).toEqual(viaSql.rows.map(productJson));
      expect([viaIndex?.total, viaIndex?.totalCapped], label).toEqual([viaSql.total, viaSql.totalCapped]);
      const sorted = (rows: typeof viaSql.facets) => rows.map((r) => `${r.kind}:${r.value}:${r.count}`).sort();
      // Over 1,000 matches (a capped total, or an exact one past the cap) both count an unspecified first 1,001 rows.
      if (!viaSql.totalCapped && viaSql.total <= 1000)
        expect(sorted(viaIndex?.facets ?? []), label).toEqual(sorted(viaSql.facets));
    }
  }

  it("reads the first catalogue's licences (never rewritten) as their replacements, in filters and facets, as SQL does", async () => {
    const index = t.deps.searchIndex as SearchIndex;
    await t.db.execute(sql`insert into products (seller_id, seller_name, title, short_description, description, price_cents,
        category, license, status)
      select ${seller.id}, 'Legacy Seller', 'Kolrath legacy ' || n, 'Short', 'A product of the first catalogue', 500 + n,
        'scripts', (array['standard', 'extended', 'commercial', 'open-source', 'mit'])[1 + n % 5], 'approved'
      from generate_series(1, 20) as n`);
    await agreeWithSql(
      index,
      [
        { search: 'kolrath legacy' },
        { search: 'kolrath', license: 'commercial-team' },
        { search: 'kolrath', license: 'Standard' },
        { search: 'kolrath', license: 'mit', sort_by: 'price' },
        { search: 'kolrath', commercial_use: true },
        { seller_id: seller.id, license: 'commercial-single-seat' },
      ],
      'legacy licences',
    );
    const viaSql = await listProducts(t.db, { search: 'kolrath' }, { kind: 'public' }, [
      { query: 'kolrath', alternatives: [{ word: 'kolrath', typos: 0 }], corrected: false },
    ]);
    expect(
      viaSql.facets
        .filter((f) => f.kind === 'license')
        .map((f) => `${f.value}:${f.count}`)
        .sort(),
    ).toEqual(['commercial-single-seat:4', 'commercial-team:8', 'mit:8']);
  });

  it('counts listing card facets as SQL does when stored cards name more frameworks than the packed codes hold', async () => {
    const index = t.deps.searchIndex as SearchIndex;
    // Cards stored before the framework list, each naming its own framework: 40 of them, past the 30 packed per slot.
    await t.db.execute(sql`insert into products (seller_id, seller_name, title, short_description, description, price_cents,
        category, license, card, status)
      select ${seller.id}, 'Legacy Seller', 'Vandrel model ' || n, 'Short', 'An older model card', 900 + n, 'models', 'mit',
        jsonb_build_object('model', jsonb_build_object('framework', 'legacy-framework-' || (n % 40),
          'min_gpu_memory_gb', (array[2, 6, 12, 20, 40, 96])[1 + n % 6]),
          'api', jsonb_build_object('hosting', (array['hosted', 'self-hosted', 'both'])[1 + n % 3])),
        'approved'
      from generate_series(1, 80) as n`);
    await agreeWithSql(
      index,
      [
        { search: 'vandrel model' },
        { search: 'vandrel', max_gpu_memory: 16 },
        { search: 'vandrel', hosting: 'self-hosted', sort_by: 'price' },
        { category: 'models', min_price: 9 },
      ],
      'legacy frameworks',
    );
    const page = await index.search({ search: 'vandrel' }, [
      { query: 'vandrel', alternatives: [{ word: 'vandrel', typos: 0 }], corrected: false },
    ]);
    expect(page?.facets.filter((f) => f.kind === 'framework')).toHaveLength(40);
    // 80 cards, every sixth one needing 96 GB: 67 fit within 48.
    expect(page?.facets.find((f) => f.kind === 'gpu_memory' && f.value === '48')?.count).toBe(67);
  });

  it('keeps its slots bounded through many changes to the same products, never loading them again, every page as the SQL path', async () => {
    const index = t.deps.searchIndex as SearchIndex;
    await t.db.execute(sql`insert into products (seller_id, seller_name, title, short_description, description, price_cents,
        category, sales_count, rating_average, status)
      select ${seller.id}, 'Churn Seller', 'Dravenmoor churn ' || n, 'Short', 'hollisfern tessaroo ' || (n % 7), 100 + n * 13,
        case when n % 2 = 0 then 'datasets' else 'apis' end, n % 11, (n % 5) + 0.5, 'approved'
      from generate_series(1, 400) as n`);
    const queries: ProductListQuery[] = [
      { search: 'dravenmoor churn' },
      { search: 'tessaroo', sort_by: 'price', page: 2 },
      { search: 'dravenmoor', category: 'datasets', sort_by: 'popularity' },
      { search: 'hollisfern', min_price: 20, sort_by: 'title', sort_order: 'desc' },
      { sort_by: 'popularity', limit: 50 },
      { sort_by: 'price', sort_order: 'asc', category: 'apis', page: 3 },
      { seller_id: seller.id, sort_by: 'rating' },
    ];
    await agreeWithSql(index, queries, 'added');
    const { compactions } = index.stats() ?? { compactions: -1 };
    let mostDead = 0;
    for (let round = 0; round < 12; round += 1) {
      // The same 300 products change every round (price, sales, words); a few leave, those of the round before come back.
      await t.db.execute(sql`update products set price_cents = price_cents + 1, sales_count = (sales_count * 7 + ${round}) % 23,
          description = 'hollisfern tessaroo ' || ((sales_count + ${round}) % 7)
        where title like 'Dravenmoor churn %' and substring(title from 18)::int % 4 <> 0`);
      await t.db.execute(sql`update products set status = 'rejected'
        where title like 'Dravenmoor churn %' and substring(title from 18)::int % 12 = ${round}`);
      await t.db.execute(sql`update products set status = 'approved'
        where title like 'Dravenmoor churn %' and status = 'rejected' and substring(title from 18)::int % 12 <> ${round}`);
      await agreeWithSql(index, queries, `round ${round}`);
      const stats = index.stats();
      mostDead = Math.max(mostDead, (stats?.slots ?? 0) - (stats?.products ?? 0));
    }
    // Compacted past 1,000 dead slots (a quarter of the slots in a larger catalogue), in place.
    expect(mostDead).toBeLessThanOrEqual(1000 + 400);
    expect(index.stats()?.fullLoads).toBe(1);
    expect(index.stats()?.compactions).toBeGreaterThanOrEqual(compactions + 3);
    index.mergeOrders();
    await agreeWithSql(index, queries, 'merged');
  }, 90_000);

  it('re-reads only the products it missed when its count disagrees with PostgreSQL, without loading everything again', async () => {
    const index = t.deps.searchIndex as SearchIndex;
    expect(await found('zorbelline')).toEqual([]);
    const { comparisons } = index.stats() ?? { comparisons: -1 };
    // Written with an updated_at a day old: no refresh reads it as a change, only the count shows it.
    const inserted = await t.db.execute<{ id: string }>(sql`insert into products (seller_id, seller_name, title,
        short_description, description, price_cents, category, status, created_at, updated_at)
      values (${seller.id}, 'Quiet Seller', 'Zorbelline Missed Probe', 'Short', 'Long', 100, 'datasets', 'approved',
        now() - interval '1 day', now() - interval '1 day') returning id`);
    const id = (inserted.rows[0] as { id: string }).id;
    await found('zorbelline');
    await index.settled();
    expect(await found('zorbelline')).toEqual(['Zorbelline Missed Probe']);
    expect(index.stats()).toMatchObject({ fullLoads: 1, comparisons: comparisons + 1 });
    // Deleted outright and gone from the deletion log: again only the count shows it.
    await t.db.delete(products).where(eq(products.id, id));
    await t.db.delete(productDeletions).where(eq(productDeletions.id, id));
    await found('zorbelline');
    await index.settled();
    expect(await found('zorbelline')).toEqual([]);
    expect(index.stats()).toMatchObject({ fullLoads: 1, comparisons: comparisons + 2, comparing: false });
  });

  it('browses in step with every change: new, changed and removed products, before and after they join the sort orders', async () => {
    const index = t.deps.searchIndex as SearchIndex;
    const other = await createUser(t.db, 'seller');
    for (let i = 0; i < 24; i += 1)
      await createProduct(t.db, i % 3 === 0 ? other : seller, {
        title: `Browse Probe ${String.fromCharCode(65 + ((i * 7) % 26))}${i}`,
        priceCents: 100 + ((i * 37) % 11) * 250,
        category: pick(CATEGORIES).slug,
        featured: i % 5 === 0,
        salesCount: (i * 13) % 7,
      });
    const queries: ProductListQuery[] = [
      {},
      { sort_by: 'price', sort_order: 'asc' },
      { sort_by: 'price', limit: 7, page: 2 },
      { sort_by: 'title' },
      { sort_by: 'title', sort_order: 'desc', featured: true },
      { sort_by: 'popularity', seller_id: other.id },
      { sort_by: 'rating', sort_order: 'asc', max_price: 20 },
      { category: 'datasets', sort_by: 'created_at', sort_order: 'asc' },
    ];
    const agree = async (moment: string) => {
      for (const query of queries) {
        const viaSql = await listProducts(t.db, query, { kind: 'public' }, []);
        const viaIndex = await index.browse(query);
        const label = `${moment} ${JSON.stringify(query)}`;
        expect(viaIndex?.ids, label).toEqual(viaSql.rows.map((row) => row.id));
        expect(viaIndex?.total, label).toBe(viaSql.total);
      }
    };
    await agree('added');
    await t.db.execute(sql`update products set price_cents = price_cents + 333, sales_count = sales_count + 2
      where title like 'Browse Probe %' and right(title, 1) in ('1', '4', '7')`);
    await t.db.execute(sql`update products set deleted_at = now() where title like 'Browse Probe %' and right(title, 1) = '2'`);
    await t.db.delete(products).where(sql`title like 'Browse Probe %' and right(title, 1) = '3'`);
    await agree('changed');
    index.mergeOrders();
    await agree('merged');
    await createProduct(t.db, other, { title: 'Browse Probe After Merge', priceCents: 50 });
    await agree('added after the merge');
  });

  it('pages searches of more than 1,000 matches from the sorted orders as the SQL path does, through changes', async () => {
    const index = t.deps.searchIndex as SearchIndex;
    await t.db.execute(sql`insert into products (seller_id, seller_name, title, short_description, description, price_cents,
        category, sales_count, rating_average, status)
      select ${seller.id}, 'Bulk Seller', case when n % 9 = 0 then 'Orphelin Suite ' || n else 'Catalogue item ' || n end,
        'Short', 'orphelin amberine ' || case when n % 2 = 0 then 'gravelle' else 'tessaline' end, 100 + (n * 37) % 5000,
        case when n % 3 = 0 then 'datasets' else 'apis' end, (n * 7) % 50, (n % 5) + 0.5, 'approved'
      from generate_series(1, 1300) as n`);
    const queries: ProductListQuery[] = [
      { search: 'orphelin' },
      { search: 'orphelin', page: 8 },
      { search: 'orphelin amberine', limit: 50, page: 3 },
      { search: 'amberine orph', category: 'apis' },
      { search: 'amberine', min_price: 20, max_price: 30 },
      { search: 'orphelin', sort_by: 'price' },
      { search: 'orphelin', sort_by: 'title', page: 2 },
      { search: 'amberine', sort_by: 'popularity', sort_order: 'asc', min_rating: 3 },
      { search: 'orphelin amberine', sort_by: 'rating', category: 'datasets', page: 2 },
      { search: 'amberine', sort_by: 'created_at', sort_order: 'asc', limit: 5 },
      // Filters the index ANDs as bitsets (a category, a rating threshold), alone, together and beside other filters.
      { search: 'orphelin', category: 'datasets', min_rating: 3 },
      { search: 'amberine', min_rating: 2.5, page: 2 },
      { search: 'orphelin amberine', category: 'apis', min_price: 10 },
      { search: 'amberine', category: 'datasets', sort_by: 'popularity', page: 3 },
      // A walk of the price or rating order starts and ends where the bounds asked for are.
      { search: 'orphelin', sort_by: 'price', min_price: 20, max_price: 30 },
      { search: 'amberine', sort_by: 'price', sort_order: 'asc', min_price: 25, page: 2 },
      { search: 'orphelin amberine', sort_by: 'price', sort_order: 'asc', max_price: 12 },
      { search: 'orphelin amberine', sort_by: 'rating', min_rating: 3 },
      { search: 'amberine', sort_by: 'rating', sort_order: 'asc', min_rating: 2.5, limit: 5 },
    ];
    const agree = async (moment: string) => {
      const dictionary = await t.deps.searchDictionary.current();
      for (const query of queries) {
        const corrected = correctQuery(dictionary, queryWords(query.search ?? ''));
        const viaSql = await listProducts(t.db, query, { kind: 'public' }, corrected);
        const viaIndex = await index.search(query, corrected);
        const label = `${moment} ${JSON.stringify(query)}`;
        expect(viaIndex?.ids, label).toEqual(viaSql.rows.map((row) => row.id));
        expect([viaIndex?.total, viaIndex?.totalCapped], label).toEqual([viaSql.total, viaSql.totalCapped]);
      }
    };
    await agree('added');
    // Changed products take new slots, outside the sorted orders until they are merged in.
    await t.db.execute(sql`update products set sales_count = sales_count + 40, price_cents = price_cents + 7
      where description like 'orphelin amberine%' and right(title, 1) in ('1', '4')`);
    await t.db.execute(
      sql`update products set deleted_at = now() where description like 'orphelin amberine%' and right(title, 1) = '2'`,
    );
    await t.db.delete(products).where(sql`description like 'orphelin amberine%' and right(title, 1) = '3'`);
    await agree('changed');
    index.mergeOrders();
    await agree('merged');
  });

  it('re-ranks after a change made with raw SQL (sales count)', async () => {
    await createProduct(t.db, seller, { title: 'Kolrath Alpha', description: 'nimbalo', salesCount: 10 });
    const beta = await createProduct(t.db, seller, { title: 'Kolrath Beta', description: 'nimbalo', salesCount: 5 });
    expect(await found('nimbalo')).toEqual(['Kolrath Alpha', 'Kolrath Beta']);
    await t.db.execute(sql`update products set sales_count = 50 where id = ${beta.id}`);
    expect(await found('nimbalo')).toEqual(['Kolrath Beta', 'Kolrath Alpha']);
  });

  it('sends the row as PostgreSQL has it now: price, rating, reviews, sales and seller name changed by any path', async () => {
    const product = await createProduct(t.db, seller, { title: 'Zanthorium Row Probe', priceCents: 1000 });
    const shown = async () => {
      const response = await t.app.inject({ url: '/api/v1/products/?search=zanthorium' });
      const [row] = (response.json() as { products: Record<string, unknown>[] }).products;
      return row;
    };
    expect(await shown()).toMatchObject({ id: product.id, price: 10 });
    await t.db.update(products).set({ priceCents: 2599, originalPriceCents: 3000 }).where(eq(products.id, product.id));
    expect(await shown()).toMatchObject({ price: 25.99, original_price: 30 });
    await t.db.execute(
      sql`update products set rating_average = 4.5, review_count = 2, sales_count = 7, seller_name = 'Renamed Seller' where id = ${product.id}`,
    );
    expect(await shown()).toMatchObject({ rating: 4.5, review_count: 2, sales_count: 7, seller: 'Renamed Seller' });
    // And exactly what the product's own page says.
    const detail = (await t.app.inject({ url: `/api/v1/products/${product.id}` })).json() as Record<string, unknown>;
    const { related: _related, ...own } = detail;
    expect(await shown()).toEqual(own);
  });

  it('still corrects typos against the words it has just learnt', async () => {
    await createProduct(t.db, seller, { title: 'Strevant Mapper' });
    expect(typoDistance('strevnat', 'strevant', 2)).toBe(1);
    expect(await found('strevnat')).toEqual(['Strevant Mapper']);
  });

  it('ranks a small title bucket of a search of more than 1,000 matches as SQL does: shortest titles first, exact titles ahead', async () => {
    const index = t.deps.searchIndex as SearchIndex;
    await t.db.execute(sql`insert into products (seller_id, seller_name, title, short_description, description, price_cents,
        category, sales_count, rating_average, status)
      select ${seller.id}, 'Bulk Seller', 'Bulk listing ' || n, 'Short', 'zephyrine toolkit ' || n, 100 + n,
        case when n % 2 = 0 then 'datasets' else 'apis' end, n % 40, (n % 5) + 0.5, 'approved'
      from generate_series(1, 1200) as n`);
    // Few titles hold the words (the bucket is visited title by title), of many lengths, some of one
    // length (ties broken by sales), one exactly the query and longer than the page's other titles.
    const titles = [
      'Zephyrine',
      'Zephyrine kit',
      'Zephyrine toolkit',
      'Zephyrine toolkit pro',
      'Big zephyrine toolkit',
      'Zephyrine toolkit plus',
      'A zephyrine for every toolkit you own',
      'Zephyrine toolkit for large teams',
      'Zephyrine toolkit, second edition with extras',
      'Toolkit without the word',
    ];
    for (const [i, title] of titles.entries())
      await createProduct(t.db, seller, { title, description: 'zephyrine toolkit', salesCount: (i * 7) % 5 });
    await createProduct(t.db, seller, { title: 'zephyrine toolkit for large teams', description: 'zephyrine', salesCount: 0 });
    const queries: ProductListQuery[] = [1, 2, 3, 4].flatMap((page) => [
      { search: 'zephyrine', limit: 3, page },
      { search: 'zephyrine toolkit', limit: 2, page },
      { search: 'zephyrine toolkit for large teams', limit: 2, page },
      { search: 'zephyrine', limit: 3, page, category: 'apis' },
    ]);
    await agreeWithSql(index, queries, 'small title bucket');
  });

  it('ranks a search of more than 1,000 matches with typo levels as SQL does: fewest typos first, in the title bucket and after it', async () => {
    const index = t.deps.searchIndex as SearchIndex;
    // 'quillaxine' (many products) and 'quillaxite' (fewer): a typed 'quillaxina' is one typo from
    // the first and two from the second, 'quillaxita' the other way round.
    await t.db.execute(sql`insert into products (seller_id, seller_name, title, short_description, description, price_cents,
        category, sales_count, rating_average, status)
      select ${seller.id}, 'Bulk Seller',
        case when n % 50 = 0 then 'Quillaxine set ' || n when n % 45 = 0 then 'Quillaxite pack ' || n else 'Lot ' || n end,
        'Short', case when n % 4 = 0 then 'quillaxite ' else 'quillaxine ' end || n, 100 + (n * 13) % 900,
        case when n % 2 = 0 then 'datasets' else 'apis' end, (n * 11) % 60, (n % 5) + 0.5, 'approved'
      from generate_series(1, 1400) as n`);
    const dictionary = await t.deps.searchDictionary.current();
    expect(correctQuery(dictionary, ['quillaxina'])[0]?.alternatives).toEqual([
      { word: 'quillaxine', typos: 1 },
      { word: 'quillaxite', typos: 2 },
    ]);
    const queries: ProductListQuery[] = [
      ...[1, 2, 3].map((page) => ({ search: 'quillaxina', limit: 10, page })),
      // Fewer products with the fewest typos than the page reaches: the others follow them.
      ...[1, 17, 18, 40].map((page) => ({ search: 'quillaxita', limit: 20, page })),
      { search: 'quillaxita', category: 'apis', limit: 20, page: 9 },
      { search: 'quillaxina', sort_by: 'price', sort_order: 'asc' },
      { search: 'quillaxita', sort_by: 'popularity', page: 3 },
    ];
    await agreeWithSql(index, queries, 'typo levels');
  });
});

describe('the search index with the page cache on', () => {
  it('shows a changed price within the refresh interval, without a restart', async () => {
    const app = await createTestApp({ CATALOG_CACHE_MS: '200' });
    try {
      const seller = await createUser(app.db, 'seller');
      const product = await createProduct(app.db, seller, { title: 'Nimbalo Price Probe', priceCents: 1500 });
      await (app.deps.searchIndex as SearchIndex).load();
      let attempt = 0;
      // Each search is a distinct URL, so the page cache cannot answer it.
      const price = async () => {
        attempt += 1;
        const response = await app.app.inject({ url: `/api/v1/products/?search=nimbalo&page=1&limit=${attempt}` });
        return (response.json() as { products: { price: number }[] }).products[0]?.price;
      };
      expect(await price()).toBe(15);
      await app.db.update(products).set({ priceCents: 1725 }).where(eq(products.id, product.id));
      const deadline = Date.now() + 5000;
      let seen = await price();
      while (seen !== 17.25 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen = await price();
      }
      expect(seen).toBe(17.25);
    } finally {
      await app.close();
    }
  });

  it('finds a product approved a moment ago on the very next search, and drops it once rejected', async () => {
    const app = await createTestApp({ CATALOG_CACHE_MS: '60000' });
    try {
      const seller = await createUser(app.db, 'seller');
      await createProduct(app.db, seller, { title: 'Amberine Warm Start' });
      await (app.deps.searchIndex as SearchIndex).load();
      const product = await createProduct(app.db, seller, { title: 'Orphelin Ledger Tool', status: 'pending' });
      // Each search is a distinct URL, so the page cache cannot answer it.
      const titles = async (search: string) => {
        const response = await app.app.inject({ url: `/api/v1/products/?search=${encodeURIComponent(search)}` });
        expect(response.statusCode).toBe(200);
        return (response.json() as { products: { title: string }[] }).products.map((p) => p.title);
      };
      expect(await titles('orphelin')).toEqual([]);
      await app.db.update(products).set({ status: 'approved' }).where(eq(products.id, product.id));
      expect(await titles('orphelin ledger')).toEqual(['Orphelin Ledger Tool']);
      await app.db.update(products).set({ status: 'rejected' }).where(eq(products.id, product.id));
      expect(await titles('orphelin tool')).toEqual([]);
      expect(await titles('amberine')).toEqual(['Amberine Warm Start']);
    } finally {
      await app.close();
    }
  });

  it("reads the lexemes of the dictionary's words once it is loaded: a search of them waits for no lexeme read", async () => {
    const app = await createTestApp({ CATALOG_CACHE_MS: '60000' });
    try {
      const seller = await createUser(app.db, 'seller');
      await createProduct(app.db, seller, { title: 'Quillon Harmonizer', description: 'Tunes running engines.' });
      const index = new SearchIndex(app.db, 60_000);
      await index.load();
      await index.settled();
      const [dictionary] = (await app.db.execute<{ words: number }>(sql`select count(*)::int as words from search_words`)).rows;
      expect(dictionary?.words).toBeGreaterThan(3);
      expect(index.stats()?.wordsKnown).toBe(dictionary?.words);

      const search = async (text: string) => {
        const query = productListQuerySchema.parse({ search: text });
        const page = await index.search(query, correctQuery(await new SearchDictionary(app.db, 0).current(), queryWords(text)));
        return page?.rows.map((row) => (JSON.parse(Buffer.from(row).toString('utf8')) as { title: string }).title);
      };
      // A typo of a dictionary word is searched as that word: nothing left to read.
      expect(await search('quillon harmonizr')).toEqual(['Quillon Harmonizer']);
      expect(index.stats()?.wordsKnown).toBe(dictionary?.words);
      // A word outside the dictionary is still read when it is first searched.
      expect(await search('zyxwvut')).toEqual([]);
      expect(index.stats()?.wordsKnown).toBe((dictionary?.words ?? 0) + 1);
    } finally {
      await app.close();
    }
  });

  it('takes in a burst of changes in slices, answering searches meanwhile from the index as it stands', async () => {
    const app = await createTestApp({ CATALOG_CACHE_MS: '60000' });
    try {
      const seller = await createUser(app.db, 'seller');
      // 900 of 3,000 products change: fewer dead slots than a compaction waits for.
      const burst = 900;
      const catalogue = 3000;
      await app.db.execute(sql`insert into products (seller_id, seller_name, title, short_description, description,
          price_cents, category, status)
        select ${seller.id}, 'Burst Seller', 'Velquist burst ' || n, 'Short', 'A product changed in a burst', 100 + n,
          'datasets', 'approved'
        from generate_series(1, ${catalogue}) as n`);
      // Checks for changes on every search, in the background (a price change does not make a search
      // wait), and yields after every product applied: how many fit in a slice of 8 ms depends on
      // the machine, and a fast one applied the 900 in two or three.
      const index = new SearchIndex(app.db, 1, undefined, { sliceMs: 0 });
      await index.load();
      const slots = index.stats()?.slots ?? 0;
      await app.db.execute(sql`update products set price_cents = price_cents + 100000
        where title like 'Velquist burst %' and substring(title from 16)::int > ${catalogue - burst}`);
      const query = productListQuerySchema.parse({ category: 'datasets', sort_by: 'price', sort_order: 'desc', limit: 1 });
      // What the index holds at every turn of the event loop while searches keep arriving.
      const seen = new Set<number>();
      let sampling = true;
      const sample = () => {
        seen.add(index.stats()?.slots ?? 0);
        if (sampling) setImmediate(sample);
      };
      sample();
      const deadline = Date.now() + 60_000;
      while ((index.stats()?.slots ?? 0) < slots + burst && Date.now() < deadline) {
        expect((await index.browse(query))?.total).toBe(catalogue);
      }
      sampling = false;
      expect(index.stats()).toMatchObject({ products: catalogue, slots: slots + burst, compactions: 0 });
      // The changes did not land in one step of the event loop: part-way states were there to answer from.
      expect([...seen].filter((count) => count > slots && count < slots + burst).length).toBeGreaterThan(100);
      const page = await index.browse(query);
      expect(JSON.parse(new TextDecoder().decode(page?.rows[0]))).toMatchObject({ title: 'Velquist burst 3000', price: 1031 });
    } finally {
      await app.close();
    }
  }, 60_000);

  it('compacts an index whose rows are read from its snapshot file, and keeps answering as the SQL path', async () => {
    const app = await createTestApp({ CATALOG_CACHE_MS: '60000' });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'search-index-compaction-')), 'index.snapshot');
    try {
      const seller = await createUser(app.db, 'seller');
      await app.db.execute(sql`insert into products (seller_id, seller_name, title, short_description, description,
          price_cents, category, sales_count, status)
        select ${seller.id}, 'File Seller', 'Quillomarch item ' || n, 'Short', 'brantlewick ' || (n % 5), 100 + n * 7,
          case when n % 3 = 0 then 'datasets' else 'apis' end, n % 13, 'approved'
        from generate_series(1, 1400) as n`);
      // Every search starts a refresh in the background (no snapshot is taken when that interval is 0).
      const index = new SearchIndex(app.db, 1, file);
      await index.load();
      await index.settled();
      expect(fs.existsSync(file)).toBe(true);
      expect(index.stats()).toMatchObject({ products: 1400, fullLoads: 1, compactions: 0 });
      // 1,200 of them change: their rows in the file are no longer read, past the compaction threshold.
      await app.db.execute(sql`update products set price_cents = price_cents + 5, sales_count = sales_count + n.k
        from (select generate_series(1, 1400) as k) n
        where title = 'Quillomarch item ' || n.k and n.k > 200`);
      const deadline = Date.now() + 10_000;
      while (index.stats()?.compactions === 0 && Date.now() < deadline) {
        await index.browse({});
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(index.stats()).toMatchObject({ products: 1400, slots: 1400, fullLoads: 1, compactions: 1 });
      const dictionary = await app.deps.searchDictionary.current();
      for (const query of [
        { search: 'quillomarch', limit: 50 },
        { search: 'brantlewick', sort_by: 'price' as const, page: 3, limit: 50 },
        { sort_by: 'popularity' as const, limit: 100 },
        { sort_by: 'title' as const, category: 'apis', page: 4, limit: 100 },
        { sort_by: 'created_at' as const, sort_order: 'asc' as const, limit: 100, page: 2 },
      ]) {
        const corrected = correctQuery(dictionary, queryWords(query.search ?? ''));
        const viaSql = await listProducts(app.db, query, { kind: 'public' }, corrected);
        const viaIndex = corrected.length ? await index.search(query, corrected) : await index.browse(query);
        expect(viaIndex?.rows.map(text), JSON.stringify(query)).toEqual(viaSql.rows.map(productJson));
        expect(viaIndex?.total).toBe(viaSql.total);
        // A snapshot of the compacted index reads back the same.
        const { data, lexemes: learnt } = index as unknown as { data: IndexData; lexemes: Map<string, string[] | null> };
        const copy = path.join(path.dirname(file), 'compacted.snapshot');
        await captureSnapshot(data, { database: 'test', watermarkUs: 0 }).write(copy);
        const restored = (await readSnapshot(copy))?.data as IndexData;
        const fromCopy = corrected.length
          ? searchIndexData(restored, query, corrected, (word) => learnt.get(word) ?? undefined)?.rows.map(readRow)
          : browseIndexData(restored, query)?.rows.map(readRow);
        expect(fromCopy?.map(text), `restored ${JSON.stringify(query)}`).toEqual(viaSql.rows.map(productJson));
        restored.rows.close();
      }
      // A snapshot of the format before ids were kept as words (their text in a JSON section) restores the same ids.
      const { data } = index as unknown as { data: IndexData };
      const idsOf = (of: IndexData) => Array.from({ length: of.size }, (_, slot) => of.idOf(slot));
      const writer = captureSnapshot(data, { database: 'test', watermarkUs: 0 });
      const sections = writer as unknown as { parts: { name: string }[] };
      sections.parts = sections.parts.filter((part) => part.name !== 'idWords');
      writer.json('ids', idsOf(data));
      writer.value('format', 5);
      const older = path.join(path.dirname(file), 'format-5.snapshot');
      await writer.write(older);
      const restored = (await readSnapshot(older))?.data as IndexData;
      expect(idsOf(restored)).toEqual(idsOf(data));
      const probe = data.idOf(7);
      expect(restored.slotOf(probe)).toBe(data.slotOf(probe));
      expect(restored.slotOf(probe)).toBe(7);
      restored.rows.close();
    } finally {
      await app.close();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  it('saves its snapshot again right after a mass change, not half an hour later', async () => {
    const app = await createTestApp({ CATALOG_CACHE_MS: '60000' });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'search-index-soon-')), 'index.snapshot');
    try {
      const seller = await createUser(app.db, 'seller');
      await app.db.execute(sql`insert into products (seller_id, seller_name, title, short_description, description,
          price_cents, category, status)
        select ${seller.id}, 'Mass Seller', 'Quorvane mass ' || n, 'Short', 'A product changed in bulk', 100 + n,
          'datasets', 'approved'
        from generate_series(1, 4000) as n`);
      const index = new SearchIndex(app.db, 1, file);
      await index.load();
      await index.settled();
      const saved = () => fs.readFileSync(file).toString('base64');
      const afterLoad = saved();
      const query = productListQuerySchema.parse({ category: 'datasets', limit: 1 });
      const applyAll = async (expectedSlots: number) => {
        const deadline = Date.now() + 60_000;
        while ((index.stats()?.slots ?? 0) < expectedSlots && Date.now() < deadline) {
          await index.browse(query);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        await index.settled();
      };
      // One price change: saved at the next interval, not now.
      let slots = index.stats()?.slots ?? 0;
      await app.db.execute(sql`update products set price_cents = price_cents + 1 where title = 'Quorvane mass 1'`);
      await applyAll(slots + 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await index.settled();
      expect(saved()).toBe(afterLoad);
      // 1,050 changes (fewer dead slots than a compaction waits for): saved at once, so a restart starts from them.
      slots = index.stats()?.slots ?? 0;
      await app.db.execute(sql`update products set price_cents = price_cents + 1
        where title like 'Quorvane mass %' and substring(title from 15)::int > 2950`);
      await applyAll(slots + 1050);
      await expect.poll(saved, { timeout: 15_000 }).not.toBe(afterLoad);
      await index.settled();
      const restarted = new SearchIndex(app.db, 60_000, file);
      await restarted.load();
      const page = await restarted.browse(
        productListQuerySchema.parse({ category: 'datasets', sort_by: 'price', sort_order: 'desc', limit: 1 }),
      );
      expect(JSON.parse(new TextDecoder().decode(page?.rows[0]))).toMatchObject({ title: 'Quorvane mass 4000', price: 41.01 });
    } finally {
      await app.close();
    }
  });

  it('starts from its snapshot, caught up with the changes made while it was down, and answers as the SQL path', async () => {
    const app = await createTestApp({ CATALOG_CACHE_MS: '60000' });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'search-index-snapshot-')), 'index.snapshot');
    try {
      const seller = await createUser(app.db, 'seller');
      const made = [];
      for (let i = 0; i < 40; i += 1)
        made.push(
          await createProduct(app.db, seller, {
            title: `Snapshot Probe ${i % 2 ? 'Amberine' : 'Kolrath'} ${i}`,
            priceCents: 500 + i * 100,
            category: pick(CATEGORIES).slug,
          }),
        );
      const first = new SearchIndex(app.db, 60_000, file);
      await first.load();
      await first.settled();
      expect(first.stats()).toMatchObject({ products: 40, loadedFrom: 'database' });
      expect(fs.existsSync(file)).toBe(true);
      // Once saved, the rows are read from the file: the index holds less than one that keeps them in memory.
      const inMemory = new SearchIndex(app.db, 60_000);
      await inMemory.load();
      const rowBytes = 40 * 400;
      expect(first.stats()?.bytes).toBeLessThan((inMemory.stats()?.bytes ?? 0) - rowBytes);
      expect((await first.browse({ limit: 50 }))?.rows.map(text)).toEqual((await inMemory.browse({ limit: 50 }))?.rows.map(text));
      // While no instance runs: a new product, a price change, a rejection and a product deleted outright.
      await createProduct(app.db, seller, { title: 'Snapshot Probe Amberine New', priceCents: 100 });
      await app.db
        .update(products)
        .set({ priceCents: 99_900 })
        .where(eq(products.id, (made[1] as { id: string }).id));
      await app.db
        .update(products)
        .set({ status: 'rejected' })
        .where(eq(products.id, (made[2] as { id: string }).id));
      await app.db.delete(products).where(eq(products.id, (made[3] as { id: string }).id));
      // Saves cut short: by a process that is gone, by one still running (kept), by one silent for an hour.
      const gone = spawnSync(process.execPath, ['-e', '0']).pid as number;
      const leftover = (pid: number) => `${file}.${pid}.tmp`;
      for (const pid of [gone, process.ppid, 1]) fs.writeFileSync(leftover(pid), 'half a snapshot');
      const anHourAgo = new Date(Date.now() - 3_600_000);
      fs.utimesSync(leftover(1), anHourAgo, anHourAgo);
      const second = new SearchIndex(app.db, 60_000, file);
      await second.load();
      expect(second.stats()).toMatchObject({ products: 39, loadedFrom: 'snapshot', comparing: false, fullLoads: 0 });
      expect([gone, process.ppid, 1].map((pid) => fs.existsSync(leftover(pid)))).toEqual([false, true, false]);
      fs.rmSync(leftover(process.ppid));
      const dictionary = await app.deps.searchDictionary.current();
      for (const query of [
        { search: 'amberine' },
        { search: 'kolrath', sort_by: 'price' as const },
        {},
        { sort_by: 'price' as const, sort_order: 'desc' as const },
        { sort_by: 'title' as const, limit: 50 },
      ]) {
        const corrected = correctQuery(dictionary, queryWords(query.search ?? ''));
        const viaSql = await listProducts(app.db, query, { kind: 'public' }, corrected);
        const viaIndex = corrected.length ? await second.search(query, corrected) : await second.browse(query);
        expect(viaIndex?.rows.map(text), JSON.stringify(query)).toEqual(viaSql.rows.map(productJson));
        expect(viaIndex?.total).toBe(viaSql.total);
      }
      // A snapshot of another database (or damaged) is never used: a full load instead.
      fs.writeFileSync(file, 'not a snapshot');
      const third = new SearchIndex(app.db, 60_000, file);
      await third.load();
      expect(third.stats()).toMatchObject({ products: 39, loadedFrom: 'database' });
    } finally {
      await app.close();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
