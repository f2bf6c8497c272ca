// @database-server: PostgreSQL's LISTEN/NOTIFY between two instances

import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { buildApp } from '../../app';
import { createDatabase, type Database } from '../../db/client';
import { products, users } from '../../db/schema';
import { createDeps } from '../../deps';
import type { AppDeps } from '../../lib/context';
import { touchSellerProducts } from '../products/repository';
import type { UserRow } from '../users/repository';

/**
 * A second instance of the app on the same database, listening for catalogue changes as server.ts
 * does, with its search index in a thread of its own as in production.
 */
async function secondInstance(t: TestApp): Promise<{ app: FastifyInstance; deps: AppDeps; db: Database }> {
  const db = createDatabase(t.config.databaseUrl as string, 3);
  const deps = createDeps({ ...t.config, searchIndexThread: true }, db, { embeddedDatabase: false, log: () => {} });
  deps.searchIndex?.follow(deps.catalogChanges);
  await deps.catalogChanges.start();
  await deps.searchIndex?.load();
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  return { app, deps, db };
}

/** Milliseconds until `seen()` holds, polled every 10 ms; fails past `limitMs`. */
async function delayUntil(seen: () => Promise<boolean>, limitMs = 3_000): Promise<number> {
  const started = performance.now();
  while (!(await seen())) {
    if (performance.now() - started > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now() - started;
}

describe('catalogue changes reach another instance within a second', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof secondInstance>>;
  let seller: UserRow;

  beforeAll(async () => {
    // Pages are cached for a minute and the index checks for changes every minute: only the
    // notifications can bring a change to instance B within the second asked.
    a = await createTestApp({ CATALOG_CACHE_MS: '60000' });
    seller = await createUser(a.db, 'seller', { firstName: 'Kolrath', lastName: 'Works' });
    b = await secondInstance(a);
  });

  afterAll(async () => {
    await b.app.close();
    await b.deps.catalogChanges.stop();
    await b.deps.searchIndex?.settled();
    await b.db.$client.end();
    await a.close();
  });

  const pageOf = async (url: string) => {
    const response = await b.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.json() as { products: { id: string; title: string; price: number }[] };
  };
  const titlesIn = async (url: string) => (await pageOf(url)).products.map((p) => p.title);

  it('shows a price change, an approval, a rejection and a deletion made through instance A', async () => {
    const product = await createProduct(a.db, seller, { title: 'Amberine Signal Kit', priceCents: 1900, category: 'datasets' });
    const catalogue = '/api/v1/products/?category=datasets';
    await delayUntil(async () => (await titlesIn(catalogue)).includes('Amberine Signal Kit'));
    // Now cached by B for a minute: only a notification can change what it shows.
    const delays: number[] = [];
    await a.db.update(products).set({ priceCents: 2400 }).where(eq(products.id, product.id));
    delays.push(await delayUntil(async () => (await pageOf(catalogue)).products[0]?.price === 24));
    expect((await (await b.app.inject({ url: `/api/v1/products/${product.id}` })).json()).price).toBe(24);
    expect(await titlesIn('/api/v1/products/?search=amberine')).toEqual(['Amberine Signal Kit']);

    await a.db.update(products).set({ status: 'rejected' }).where(eq(products.id, product.id));
    delays.push(await delayUntil(async () => (await titlesIn(catalogue)).length === 0));
    expect(await titlesIn('/api/v1/products/?search=amberine')).toEqual([]);
    expect((await b.app.inject({ url: `/api/v1/products/${product.id}` })).statusCode).toBe(404);

    await a.db.update(products).set({ status: 'approved' }).where(eq(products.id, product.id));
    delays.push(await delayUntil(async () => (await titlesIn(catalogue)).includes('Amberine Signal Kit')));

    await a.db.delete(products).where(eq(products.id, product.id));
    delays.push(await delayUntil(async () => (await titlesIn(catalogue)).length === 0));
    for (const delay of delays) expect(delay).toBeLessThan(1_000);
  });

  it('hides the products of a seller suspended through instance A', async () => {
    const other = await createUser(a.db, 'seller', { firstName: 'Nimbalo', lastName: 'Tools' });
    await createProduct(a.db, other, { title: 'Nimbalo Vector Set', category: 'apis' });
    const catalogue = '/api/v1/products/?category=apis';
    await delayUntil(async () => (await titlesIn(catalogue)).includes('Nimbalo Vector Set'));
    // As the admin's suspension does it (users/admin.ts): the account, then their products marked changed.
    await a.db.transaction(async (tx) => {
      await tx.update(users).set({ isActive: false }).where(eq(users.id, other.id));
      await touchSellerProducts(tx, other.id);
    });
    const delay = await delayUntil(async () => !(await titlesIn(catalogue)).includes('Nimbalo Vector Set'));
    expect(delay).toBeLessThan(1_000);
  });

  it('listens again after its connection to PostgreSQL was cut', async () => {
    await a.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN catalog_changed' and datname = current_database()`,
    );
    await delayUntil(async () => !b.deps.catalogChanges.listening);
    await delayUntil(async () => b.deps.catalogChanges.listening);
    const product = await createProduct(a.db, seller, { title: 'Orphelin Audio Pack', category: 'models' });
    await delayUntil(async () => (await titlesIn('/api/v1/products/?category=models')).includes('Orphelin Audio Pack'));
    await a.db.update(products).set({ priceCents: 3100 }).where(eq(products.id, product.id));
    expect(
      await delayUntil(async () => (await pageOf('/api/v1/products/?category=models')).products[0]?.price === 31),
    ).toBeLessThan(1_000);
  });
});
