import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { withoutSecondaryIndexes } from './bulk';

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
