// @database-server: a killed payout run is finished once
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidOrder, createProduct, createUser } from '../../../test/factories';
import { exited, type SpawnedServer, spawnedServer, waitFor } from '../../../test/spawned-server';
import type { Database } from '../../db/client';
import { bankAccounts, ledgerEntries, orderItems } from '../../db/schema';
import { writeLedger } from '../orders/fulfil';

/**
 * kill -9 in the middle of a scheduled payout run, then a restart: every seller is paid exactly
 * once, with exactly one transfer in the provider's books, and nothing is left in flight.
 */

const SELLERS = 40;
const SHARE_CENTS = 8_000; // $100 sale − 10% AI pool − 10% platform fee
let db: Database;
let server: SpawnedServer;

beforeAll(async () => {
  server = await spawnedServer('payout_crash');
  ({ db } = server);
  const buyer = await createUser(db, 'buyer');
  for (let i = 0; i < SELLERS; i += 1) {
    const seller = await createUser(db, 'seller');
    const product = await createProduct(db, seller, { priceCents: 10_000 });
    const order = await createPaidOrder(db, buyer, product);
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    await writeLedger(db, order, items, 10);
    await db
      .update(ledgerEntries)
      .set({ createdAt: new Date(Date.now() - 40 * 24 * 60 * 60 * 1000) })
      .where(eq(ledgerEntries.orderId, order.id));
    const accountId = randomUUID();
    await db.insert(bankAccounts).values({
      id: accountId,
      userId: seller.id,
      holderName: 'Crash Seller',
      accountType: 'iban',
      country: 'DE',
      maskedNumber: 'DE •••• 3000',
      numberEncrypted: 'v1:unused:unused:unused',
      payoutProvider: 'test',
      providerDestinationId: `acct_test_${accountId.replace(/-/g, '')}`,
    });
  }
  // The scheduled run is due the moment the server starts.
  await db.$client.query(
    `update payout_settings set schedule = 'daily', last_run_at = null, minimum_payout_cents = 0, hold_days = 30`,
  );
});

afterAll(async () => {
  await server.close();
});

function startServer(): ChildProcess {
  return server.start({
    JWT_SECRET: 'payout-crash-secret-payout-crash-secret-0123',
    PAYMENT_STALE_SECONDS: '0',
    PAYOUT_CHECK_SECONDS: '1',
  });
}

async function books() {
  const { rows } = await db.$client.query(`
    select
      (select count(*)::int from payouts) as payouts,
      (select count(*)::int from payouts where status = 'processing') as in_flight,
      (select count(*)::int from payouts where status = 'paid') as paid,
      (select count(*)::int from test_payout_transfers) as transfers,
      (select count(*)::int from (select seller_id from payouts where status <> 'failed' group by seller_id having count(*) > 1) twice) as paid_twice,
      (select count(*)::int from (select destination_id from test_payout_transfers group by destination_id having count(*) > 1) twice) as sent_twice,
      (select count(*)::int from payouts p where p.status = 'paid' and not exists
         (select 1 from test_payout_transfers t where t.id = p.provider_transfer_id and t.amount_cents = p.amount_cents)) as paid_without_transfer,
      (select coalesce(sum(amount_cents), 0)::int from test_payout_transfers) as transferred`);
  return rows[0] as Record<
    'payouts' | 'in_flight' | 'paid' | 'transfers' | 'paid_twice' | 'sent_twice' | 'paid_without_transfer' | 'transferred',
    number
  >;
}

describe('a crash in the middle of a payout run', () => {
  it('after kill -9 and a restart, every seller has exactly one payout and one transfer', async () => {
    const first = startServer();
    // Kill as soon as the scheduled run has claimed a few payouts: the rest are somewhere mid-way.
    const deadline = Date.now() + 60_000;
    while ((await books()).payouts < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 2));
    first.kill('SIGKILL');
    await exited(first);
    const atCrash = await books();
    expect(atCrash.payouts).toBeGreaterThanOrEqual(3);
    expect(atCrash).toMatchObject({ paid_twice: 0, sent_twice: 0, paid_without_transfer: 0 });

    // The restart finishes what was in flight; the next scheduled run pays everyone else.
    const second = startServer();
    try {
      await waitFor(async () => (await books()).in_flight === 0, 60_000);
      await db.$client.query('update payout_settings set last_run_at = null');
      await waitFor(async () => (await books()).paid === SELLERS, 60_000);
      const end = await books();
      expect(end).toEqual({
        payouts: SELLERS,
        in_flight: 0,
        paid: SELLERS,
        transfers: SELLERS,
        paid_twice: 0,
        sent_twice: 0,
        paid_without_transfer: 0,
        transferred: SELLERS * SHARE_CENTS,
      });
    } finally {
      second.kill('SIGTERM');
      await exited(second);
    }
  }, 180_000);
});
