// @database-server: a product update killed mid-way is finished once
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '../../../test/factories';
import { exited, type SpawnedServer, spawnedServer, waitFor } from '../../../test/spawned-server';
import type { Database } from '../../db/client';
import { queueProductUpdate } from './index';

/**
 * The real server, its scheduler and its file outbox: kill -9 while an update to 1,200 buyers is
 * being sent (several batches of 500), then a restart. Every buyer has one notification and at most
 * one e-mail; only the one mail that was being handed over at the kill may be missing (never sent
 * twice), and the rest all go out.
 */

const BUYERS = 1200;
let db: Database;
let server: SpawnedServer;
let dataDir: string;
let productId: string;

beforeAll(async () => {
  server = await spawnedServer('updates_crash');
  ({ db, dataDir } = server);
  const seller = await createUser(db, 'seller');
  const product = await createProduct(db, seller);
  productId = product.id;
  // 1,200 buyers, each with a paid order of the product (in SQL: the factories would take minutes).
  await db.$client.query(
    `with buyers as (
       insert into users (email, first_name, last_name, role)
       select 'crash-buyer-' || n || '@example.org', 'Buyer', 'No' || n, 'buyer' from generate_series(1, $1::int) n
       returning id),
     placed as (
       insert into orders (order_number, user_id, status, payment_status, subtotal_cents, total_cents, paid_at)
       select 'CR-' || id, id, 'completed', 'paid', 1000, 1000, now() from buyers
       returning id)
     insert into order_items (order_id, product_id, product_title, seller_id, unit_price_cents)
     select id, $2::uuid, $3, $4::uuid, 1000 from placed`,
    [BUYERS, product.id, product.title, seller.id],
  );
  await db.transaction((tx) =>
    queueProductUpdate(tx, { productId: product.id, kind: 'note', title: 'Big news', body: 'Version 2 is out.' }),
  );
});

afterAll(async () => {
  await server.close();
});

function startServer(): ChildProcess {
  return server.start({
    JWT_SECRET: 'updates-crash-secret-updates-crash-secret-01',
    PRODUCT_UPDATES_CHECK_SECONDS: '1',
  });
}

async function state() {
  const { rows } = await db.$client.query(
    `select
       (select count(*)::int from product_update_deliveries) as rows,
       (select count(*)::int from product_update_deliveries where status = 'sent') as sent,
       (select count(*)::int from product_update_deliveries where status in ('queued', 'sending')) as pending,
       (select count(*)::int from product_update_deliveries where status = 'failed') as failed,
       (select count(*)::int from notifications where link = $1) as notifications,
       (select count(*)::int from (select user_id from notifications where link = $1 group by user_id having count(*) > 1) twice) as notified_twice,
       (select count(*)::int from product_updates where fanout_done_at is null) as fanning_out`,
    [`/products/${productId}`],
  );
  return rows[0] as Record<'rows' | 'sent' | 'pending' | 'failed' | 'notifications' | 'notified_twice' | 'fanning_out', number>;
}

/** The recipients of the outbox's mails (one .eml file per mail). */
function mailedTo(): string[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .map(
      (file) =>
        fs
          .readFileSync(path.join(outbox, file), 'utf8')
          .match(/^To: (.*)$/m)?.[1]
          ?.trim() ?? '',
    )
    .filter((to) => to.startsWith('crash-buyer-'));
}

describe('a crash while an update goes out to past buyers', () => {
  it('after kill -9 and a restart, every buyer is notified once and e-mailed at most once, and the rest is sent', async () => {
    const first = startServer();
    // Kill once the fan-out has begun and some mails are out: the rest is somewhere mid-way.
    const deadline = Date.now() + 90_000;
    while ((await state()).sent < 20 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 2));
    first.kill('SIGKILL');
    await exited(first);
    const atCrash = await state();
    expect(atCrash.sent).toBeGreaterThanOrEqual(20);
    // Killed mid fan-out too: the later batches of buyers had no delivery rows yet.
    expect(atCrash.rows).toBeLessThan(BUYERS);
    expect(atCrash.notified_twice).toBe(0);

    const second = startServer();
    try {
      // A mail taken at the kill stays `sending` until it is given up (15 minutes): it is not waited for here.
      await waitFor(async () => {
        const now = await state();
        return now.fanning_out === 0 && now.sent + now.pending + now.failed === BUYERS && now.sent >= BUYERS - 1;
      }, 120_000);
      const end = await state();
      expect(end).toMatchObject({ rows: BUYERS, notifications: BUYERS, notified_twice: 0, fanning_out: 0 });
      expect(end.sent + end.pending + end.failed).toBe(BUYERS);
      expect(end.pending + end.failed).toBeLessThanOrEqual(1);
      const mails = mailedTo();
      expect(new Set(mails).size).toBe(mails.length);
      expect(mails.length).toBeGreaterThanOrEqual(BUYERS - 1);
    } finally {
      second.kill('SIGTERM');
      await exited(second);
    }
  }, 240_000);
});
