import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { seedBulkCatalogue, withoutSecondaryIndexes } from './bulk';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function productIndexes(): Promise<string[]> {
  const result = await t.db.execute<{ indexdef: string }>(
    sql`select indexdef from pg_indexes where tablename = 'products' order by indexname`,
  );
  return result.rows.map((row) => row.indexdef);
}

describe('bulk seeding without the catalogue indexes', () => {
  it('loads with only the primary key and builds every index again, the same as before', async () => {
    const before = await productIndexes();
    expect(before.length).toBeGreaterThan(10);
    let during: string[] = [];
    await withoutSecondaryIndexes(
      t.db,
      () => {},
      async () => {
        during = await productIndexes();
      },
    );
    expect(during).toEqual([expect.stringContaining('products_pkey')]);
    expect(await productIndexes()).toEqual(before);
  });

  it('builds them again when the load fails, and after a load that was killed half-way', async () => {
    const before = await productIndexes();
    await expect(
      withoutSecondaryIndexes(
        t.db,
        () => {},
        async () => Promise.reject(new Error('disk full')),
      ),
    ).rejects.toThrow('disk full');
    expect(await productIndexes()).toEqual(before);

    // A process killed mid-load leaves the dropped definitions behind: the next seed rebuilds them first.
    await t.db.execute(sql`insert into bulk_seed_dropped_indexes (name, definition)
      select indexname, indexdef from pg_indexes where tablename = 'products' and indexname = 'products_public_price_idx'`);
    await t.db.execute(sql`drop index products_public_price_idx`);
    expect(await productIndexes()).not.toEqual(before);
    await withoutSecondaryIndexes(
      t.db,
      () => {},
      async () => {},
    );
    expect(await productIndexes()).toEqual(before);
  });
});

describe('bulk seeding without row triggers', () => {
  // A database of its own: its 6,000 products would change the other tests' totals.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('leaves the counts and the search words as the insert triggers would have', async () => {
    await createUser(t.db, 'seller', { firstName: 'Bulk', lastName: 'Seller' });
    const version = async () =>
      (await t.db.execute<{ version: number }>(sql`select version from search_words_version`)).rows[0]?.version ?? 0;
    const before = await version();
    await seedBulkCatalogue(t.db, t.deps.storage, 6_000, () => {});

    const counts = await t.db.execute<{ status: string; category: string; counted: number; total: number }>(sql`
      select status, category, counted, total from (
        select status, category, count(*)::int as counted from products where deleted_at is null group by status, category) p
      full join product_counts c using (status, category)`);
    expect(counts.rows.reduce((sum, row) => sum + row.counted, 0)).toBeGreaterThanOrEqual(6_000);
    expect(counts.rows.filter((row) => row.counted !== row.total)).toEqual([]);

    const words = await t.db.execute<{ word: string; used: number; frequency: number }>(sql`
      select coalesce(u.word, s.word) as word, u.used, s.frequency from (
        select w as word, count(*)::int as used from products p cross join lateral search_words_of(p) as w
        where p.status = 'approved' and p.deleted_at is null group by w) u
      full join search_words s on s.word = u.word`);
    expect(words.rows.length).toBeGreaterThan(1_000);
    expect(words.rows.filter((row) => row.used !== row.frequency)).toEqual([]);
    // One move of the version per batch of 5,000, as the statement trigger made.
    expect(await version()).toBe(before + 2);

    // Realistic listing cards: each model a framework, each dataset its rows, each API its hosting.
    const cards = await t.db.execute<{ category: string; frameworks: number; missing: number }>(sql`
      select category, count(distinct card->'model'->>'framework')::int as frameworks,
        count(*) filter (where case
          when category in ('models', 'ml-modules') then card->'model'->>'framework' is null
          when category = 'datasets' then card->'dataset'->>'rows' is null
          when category in ('apis', 'ai-tools') then card->'api'->>'hosting' is null
          else false end)::int as missing
      from products group by category`);
    expect(cards.rows.filter((row) => row.missing > 0)).toEqual([]);
    expect(cards.rows.find((row) => row.category === 'models')?.frameworks).toBeGreaterThanOrEqual(5);
  });
});

describe('a catalogue deeper than can be browsed', () => {
  it('counts every product but offers pages only down to the 10,000th result', async () => {
    const seller = await createUser(t.db, 'seller');
    await t.db.execute(sql`insert into products (seller_id, seller_name, title, short_description, description, price_cents, category, status)
      select ${seller.id}, 'Deep Seller', 'Deep product ' || n, 'Short', 'Long', 100, 'datasets', 'approved'
      from generate_series(1, 10050) as n`);
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/products/?limit=1' });
    expect(first.json()).toMatchObject({ total: 10_050, pages: 10_000 });
    const deepest = await t.app.inject({ method: 'GET', url: '/api/v1/products/?limit=1&page=10000' });
    expect(deepest.statusCode).toBe(200);
    expect(deepest.json().products).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/products/?limit=1&page=10001' })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/products/?limit=20' })).json().pages).toBe(500);
  });
});
