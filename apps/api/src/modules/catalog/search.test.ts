// @database-server: full-text search ranking (tsvector, ts_rank)
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/helpers';
import type { UserRow } from '../users/repository';

let t: TestApp;
let seller: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  seller = await createUser(t.db, 'seller', { firstName: 'Nova', lastName: 'Labs' });
  const products = [
    { title: 'Lead Scoring Module', salesCount: 5 },
    { title: 'CSV Cleaning Scripts', salesCount: 500 },
    { title: 'Customer Churn Model', salesCount: 40 },
    // Ranking: exact title > words in order > (words out of order) > relevance > popularity.
    { title: 'Vector Index', salesCount: 1 },
    { title: 'Vector Index Builder', salesCount: 2 },
    { title: 'Index of Vector Tools', salesCount: 3 },
    { title: 'Search Toolkit', description: 'Builds a vector index for you.', salesCount: 10 },
    { title: 'Search Toolbox', description: 'Builds a vector index for you.', salesCount: 100 },
    // Fewer typos first: 'zanthorum' is 1 typo from the first and 2 from the (more popular) second.
    { title: 'Zanthorium Kit', salesCount: 1 },
    { title: 'Zanthxrim Kit', salesCount: 999 },
  ];
  for (const product of products) await createProduct(t.db, seller, { description: 'Ready to use.', ...product });
});
afterAll(async () => {
  await t.close();
});

async function search(text: string, extra = '') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/products/?search=${encodeURIComponent(text)}${extra}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    products: { title: string }[];
    total: number;
    total_capped: boolean;
    pages: number;
    did_you_mean: string | null;
    facets: Record<string, { value: string; count: number }[]>;
  };
}
const titles = async (text: string) => (await search(text)).products.map((p) => p.title);

describe('a search with nothing to search for', () => {
  it('finds nothing for symbols or emoji alone, as for stop words alone, not the whole catalogue', async () => {
    for (const text of ['€', '🙂', '$$$ !!', 'the']) {
      const result = await search(text);
      expect({ text, total: result.total, products: result.products }).toEqual({ text, total: 0, products: [] });
      expect(result.pages).toBe(0);
      expect(result.facets.category?.every((option) => option.count === 0)).toBe(true);
    }
  });

  it('searches the words beside the symbols', async () => {
    expect(await titles('€ churn 🙂')).toEqual(['Customer Churn Model']);
  });
});

describe('typo tolerance', () => {
  it('finds "Lead Scoring Module" for "scroing" (swapped letters) and says what it searched for', async () => {
    const result = await search('scroing');
    expect(result.products.map((p) => p.title)).toEqual(['Lead Scoring Module']);
    expect(result.did_you_mean).toBe('scoring');
  });

  it('forgives one inserted, deleted, substituted or swapped letter in a 5 to 8 letter word', async () => {
    const queries = ['scorring module', 'scoing module', 'scoeing module', 'scroing module', 'lead scoring modlue'];
    for (const query of queries) expect(await titles(query), query).toEqual(['Lead Scoring Module']);
  });

  it('forgives two typos only from 9 letters on, and none under 5', async () => {
    expect(await titles('scrinog')).toEqual([]); // 7 letters, 2 typos
    // 9 letters: 1 typo from Zanthxrim, 2 from Zanthorium, both found.
    expect(await titles('zanthxrum')).toEqual(['Zanthxrim Kit', 'Zanthorium Kit']);
    expect(await titles('laed')).toEqual([]); // 4 letters: no typo
  });

  it('corrects a misspelled word although the other words match as typed', async () => {
    const result = await search('lead scroing');
    expect(result.products.map((p) => p.title)).toEqual(['Lead Scoring Module']);
    expect(result.did_you_mean).toBe('lead scoring');
  });

  it('matches the last word as a prefix, without calling it a correction', async () => {
    const result = await search('lead sco');
    expect(result.products.map((p) => p.title)).toEqual(['Lead Scoring Module']);
    expect(result.did_you_mean).toBeNull();
    // Only the last word is a prefix.
    expect(await titles('sco lead')).toEqual([]);
  });

  it('offers no "Did you mean" when every word was found as typed', async () => {
    expect((await search('customer churn')).did_you_mean).toBeNull();
  });
});

describe('ranking', () => {
  it('puts the exact title first, then words in order, then relevance, then popularity', async () => {
    expect(await titles('vector index')).toEqual([
      'Vector Index', // exact title
      'Vector Index Builder', // words in order in the title
      'Index of Vector Tools', // both words in the title: more relevant than the descriptions
      'Search Toolbox', // same text as the next one, but sold more
      'Search Toolkit',
    ]);
  });

  it('pages through the ranking without gaps or repeats', async () => {
    const pageOf = async (page: number) => (await search('vector index', `&limit=2&page=${page}`)).products.map((p) => p.title);
    expect([await pageOf(1), await pageOf(2), await pageOf(3)]).toEqual([
      ['Vector Index', 'Vector Index Builder'],
      ['Index of Vector Tools', 'Search Toolbox'],
      ['Search Toolkit'],
    ]);
  });

  it('puts fewer typos before popularity', async () => {
    expect(await titles('zanthorum')).toEqual(['Zanthorium Kit', 'Zanthxrim Kit']);
  });

  it('still honours an explicit sort', async () => {
    const popular = await search('vector index', '&sort_by=popularity&sort_order=desc');
    expect(popular.products.map((p) => p.title)).toEqual([
      'Search Toolbox',
      'Search Toolkit',
      'Index of Vector Tools',
      'Vector Index Builder',
      'Vector Index',
    ]);
  });
});

describe('totals and facets', () => {
  it('counts exactly up to 1,000 matches, then says there are more', async () => {
    const other = await createTestApp();
    try {
      const owner = await createUser(other.db, 'seller');
      await other.db.execute(sql`
        insert into products (seller_id, seller_name, title, price_cents, category, status)
        select ${owner.id}, 'Bulk Seller', 'Bulk Widget ' || i, 1000, 'scripts', 'approved' from generate_series(1, 1005) i`);
      const capped = await other.app.inject({ method: 'GET', url: '/api/v1/products/?search=widget' });
      expect(capped.json()).toMatchObject({ total: 1000, total_capped: true, pages: 50 });
      const exact = await other.app.inject({ method: 'GET', url: '/api/v1/products/?search=widget%201000' });
      expect(exact.json()).toMatchObject({ total_capped: false });
      // The plain catalogue keeps its exact total from the kept counts.
      const all = await other.app.inject({ method: 'GET', url: '/api/v1/products/' });
      expect(all.json()).toMatchObject({ total: 1005, total_capped: false });
    } finally {
      await other.close();
    }
  });

  it('counts matches per category, licence, price band and rating', async () => {
    const other = await createTestApp();
    try {
      const owner = await createUser(other.db, 'seller');
      const rows = [
        { title: 'Prompt Alpha', category: 'prompt-packs', license: 'commercial-team', priceCents: 500, ratingAverage: 4.5 },
        {
          title: 'Prompt Beta',
          category: 'prompt-packs',
          license: 'commercial-single-seat',
          priceCents: 2500,
          ratingAverage: 3.2,
        },
        { title: 'Prompt Gamma', category: 'datasets', license: 'commercial-single-seat', priceCents: 15000, ratingAverage: 0 },
        { title: 'Unrelated Thing', category: 'datasets', license: 'commercial-single-seat', priceCents: 100 },
      ];
      for (const row of rows) await createProduct(other.db, owner, row);
      const response = await other.app.inject({ method: 'GET', url: '/api/v1/products/?search=prompt' });
      const { facets, total } = response.json();
      expect(total).toBe(3);
      const counts = (facet: { value: string; count: number }[]) =>
        Object.fromEntries(facet.filter((f) => f.count > 0).map((f) => [f.value, f.count]));
      expect(counts(facets.category)).toEqual({ 'prompt-packs': 2, datasets: 1 });
      expect(counts(facets.license)).toEqual({ 'commercial-team': 1, 'commercial-single-seat': 2 });
      expect(counts(facets.price)).toEqual({ 'under-10': 1, '10-50': 1, '100-plus': 1 });
      expect(counts(facets.rating)).toEqual({ '4': 1, '3': 2, '2': 2, '1': 2 });
      // Facet values filter: the rating facet as min_rating, a price band as min/max price.
      const rated = await other.app.inject({ method: 'GET', url: '/api/v1/products/?search=prompt&min_rating=4' });
      expect(rated.json().products.map((p: { title: string }) => p.title)).toEqual(['Prompt Alpha']);
      const bad = await other.app.inject({ method: 'GET', url: '/api/v1/products/?min_rating=9' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors[0].field).toBe('min_rating');
    } finally {
      await other.close();
    }
  });
});

describe('the dictionary follows the catalogue', () => {
  it('learns the words of a product when it is approved and forgets them when it goes', async () => {
    const product = await createProduct(t.db, seller, { title: 'Quixotic Planner', status: 'pending' });
    expect(await titles('quixotik')).toEqual([]);
    await t.db.execute(sql`update products set status = 'approved' where id = ${product.id}`);
    const found = await search('quixotik');
    expect(found.products.map((p) => p.title)).toEqual(['Quixotic Planner']);
    expect(found.did_you_mean).toBe('quixotic');
    await t.db.execute(sql`update products set deleted_at = now() where id = ${product.id}`);
    expect(await titles('quixotik')).toEqual([]);
    const words = await t.db.execute(sql`select word from search_words where word = 'quixotic'`);
    expect(words.rows).toEqual([]);
  });

  it('counts how many public products use each word, through edits', async () => {
    const frequency = async (word: string) =>
      (await t.db.execute<{ frequency: number }>(sql`select frequency from search_words where word = ${word}`)).rows[0]
        ?.frequency ?? 0;
    const before = await frequency('vector');
    const product = await createProduct(t.db, seller, { title: 'Vector Cache' });
    expect(await frequency('vector')).toBe(before + 1);
    await t.db.execute(sql`update products set title = 'Tensor Cache', sales_count = 7 where id = ${product.id}`);
    expect(await frequency('vector')).toBe(before);
    expect(await frequency('tensor')).toBe(1);
  });
});

describe('shared cache for the public catalogue', () => {
  it('serves signed-in visitors the same shared page, but keeps status listings private', async () => {
    const cached = await createTestApp({ CATALOG_CACHE_MS: '60000' });
    try {
      const owner = await createUser(cached.db, 'seller');
      const buyer = await createUser(cached.db, 'buyer');
      const token = await signIn(cached.app, buyer.email, FACTORY_PASSWORD);
      const ownerToken = await signIn(cached.app, owner.email, FACTORY_PASSWORD);
      await createProduct(cached.db, owner, { title: 'First Listing' });
      // A page is kept from its second request.
      await cached.app.inject({ method: 'GET', url: '/api/v1/products/?limit=5' });
      const anonymous = await cached.app.inject({ method: 'GET', url: '/api/v1/products/?limit=5' });
      await createProduct(cached.db, owner, { title: 'Second Listing' });
      const signedIn = await cached.app.inject({ method: 'GET', url: '/api/v1/products/?limit=5', headers: bearer(token) });
      expect(signedIn.body).toBe(anonymous.body);
      expect(signedIn.headers['cache-control']).toBe('public, max-age=5');
      // The public page does not depend on who asks, so not even on a stale token.
      const stale = await cached.app.inject({
        method: 'GET',
        url: '/api/v1/products/?limit=5',
        headers: { authorization: 'Bearer expired-or-garbage' },
      });
      expect([stale.statusCode, stale.body]).toEqual([200, anonymous.body]);

      const own = await cached.app.inject({
        method: 'GET',
        url: `/api/v1/products/?limit=5&seller_id=${owner.id}&status=all`,
        headers: bearer(ownerToken),
      });
      expect(own.headers['cache-control']).toBe('private, no-store');
      expect(own.json().total).toBe(2);
    } finally {
      await cached.close();
    }
  });
});
