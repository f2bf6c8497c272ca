import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { products } from '../../db/schema';
import { addSales, touchSellerProducts } from '../products/repository';

/**
 * Columns whose change does not tell the instances at once (migration 0041): the periodic check
 * takes them in. drizzle sets updated_at in every update, so it is left out too (a change that
 * only moves it notifies by itself: touchSellerProducts).
 */
const NOT_NOTIFIED = ['sales_count', 'search_vector', 'updated_at'];

describe('catalogue change notifications (migration 0041)', () => {
  let t: TestApp;
  let listener: pg.Client;
  let heard = 0;

  beforeAll(async () => {
    t = await createTestApp();
    listener = new pg.Client({ connectionString: t.config.databaseUrl });
    await listener.connect();
    listener.on('notification', () => {
      heard += 1;
    });
    await listener.query('LISTEN catalog_changed');
  });

  afterAll(async () => {
    await listener.end();
    await t.close();
  });

  /** Notifications heard after `change` commits (one usually arrives within milliseconds; it has 1 s). */
  async function notificationsAfter(change: () => Promise<unknown>): Promise<number> {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const before = heard;
    await change();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    return heard - before;
  }

  it('does not tell the instances of a sale (a sales count), so paid orders do not empty their page caches', async () => {
    const seller = await createUser(t.db, 'seller');
    const product = await createProduct(t.db, seller, { title: 'Notify probe' });
    expect(await notificationsAfter(() => addSales(t.db, product.id, 2))).toBe(0);
    const [row] = await t.db.select({ sales: products.salesCount }).from(products).where(eq(products.id, product.id));
    expect(row?.sales).toBe(2);
  });

  it('still tells them of a price change, a new product, a suspended seller and a deletion at once', async () => {
    const seller = await createUser(t.db, 'seller');
    const product = await createProduct(t.db, seller, { title: 'Notify probe two' });
    expect(
      await notificationsAfter(() => t.db.update(products).set({ priceCents: 4200 }).where(eq(products.id, product.id))),
    ).toBe(1);
    expect(await notificationsAfter(() => createProduct(t.db, seller, { title: 'Notify probe three' }))).toBe(1);
    expect(await notificationsAfter(() => touchSellerProducts(t.db, seller.id))).toBe(1);
    expect(await notificationsAfter(() => t.db.delete(products).where(eq(products.id, product.id)))).toBe(1);
  });

  it('lists every column of products but the sales count (and updated_at) in the trigger, so a new column is not silently left out', async () => {
    const columns = await t.db.execute<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = 'products'`,
    );
    const watched = await t.db.execute<{ attname: string }>(sql`
      select a.attname from pg_trigger tr
      join pg_attribute a on a.attrelid = tr.tgrelid and a.attnum = any(tr.tgattr::int2[])
      where tr.tgname = 'products_catalog_changed' and tr.tgrelid = 'products'::regclass`);
    const expected = columns.rows.map((row) => row.column_name).filter((name) => !NOT_NOTIFIED.includes(name));
    expect(watched.rows.map((row) => row.attname).sort()).toEqual(expected.sort());
  });
});
