// @database-server: day buckets in the server's time zone
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidOrder, createProduct, createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/helpers';
import { buildApp } from '../../app';
import { createDatabase, type Database } from '../../db/client';
import { createDeps } from '../../deps';
import type { UserRow } from '../users/repository';

/**
 * The admin and seller charts count days in UTC, as the payment and AI pool reports do, whatever
 * time zone the database server runs in: an order paid a minute ago is on today's (UTC) bar, never
 * on "tomorrow" or "yesterday".
 */

let t: TestApp;
let shifted: { app: FastifyInstance; db: Database };
let admin: UserRow;
let seller: UserRow;
const utcToday = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, 'admin');
  seller = await createUser(t.db, 'seller');
  const buyer = await createUser(t.db, 'buyer');
  const product = await createProduct(t.db, seller, { title: 'Midnight Toolkit', priceCents: 2500 });
  await createPaidOrder(t.db, buyer, product);
  // A server whose local date differs from the UTC date right now: 14 hours ahead in the UTC
  // afternoon, 12 hours behind in the UTC morning.
  const zone = new Date().getUTCHours() >= 12 ? 'Pacific/Kiritimati' : 'Etc/GMT+12';
  const [current] = (await t.db.execute<{ name: string }>(sql`select current_database() as name`)).rows;
  await t.db.execute(sql.raw(`alter database "${current?.name}" set timezone to '${zone}'`));
  // A new pool, so every connection starts in that zone.
  const db = createDatabase(t.config.databaseUrl as string, 2);
  const app = await buildApp(createDeps(t.config, db, { embeddedDatabase: false, log: () => {} }), { logger: false });
  await app.ready();
  shifted = { app, db };
});
afterAll(async () => {
  await shifted.app.close();
  await shifted.db.$client.end();
  await t.close();
});

describe('chart days on a database server in another time zone', () => {
  it('runs the new connections in a zone whose date is not the UTC date', async () => {
    const [local] = (await shifted.db.execute<{ day: string }>(sql`select current_date::text as day`)).rows;
    expect(local?.day).not.toBe(utcToday());
  });

  it('puts an order paid just now on today (UTC) in the admin statistics', async () => {
    const token = await signIn(shifted.app, admin.email, FACTORY_PASSWORD);
    const response = await shifted.app.inject({ method: 'GET', url: '/api/v1/admin/stats?days=7', headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    const series = response.json().series as { date: string; orders: number; revenue: number }[];
    expect(series).toHaveLength(7);
    expect(series.at(-1)).toMatchObject({ date: utcToday(), orders: 1, revenue: 25 });
    expect(response.json().top_products).toMatchObject([{ title: 'Midnight Toolkit', units: 1 }]);
  });

  it('puts it on today (UTC) in the seller sales chart', async () => {
    const token = await signIn(shifted.app, seller.email, FACTORY_PASSWORD);
    const response = await shifted.app.inject({
      method: 'GET',
      url: '/api/v1/seller/dashboard/sales?days=7',
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const series = response.json().series as { date: string; sales: number }[];
    expect(series).toHaveLength(7);
    expect(series.at(-1)).toMatchObject({ date: utcToday(), sales: 1 });
    expect(series.reduce((sum, d) => sum + d.sales, 0)).toBe(1);
  });
});
