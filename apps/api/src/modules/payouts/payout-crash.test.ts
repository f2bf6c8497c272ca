// @database-server: a killed payout run is finished once
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, databaseUrl } from '../../../test/database-url';
import { createPaidOrder, createProduct, createUser } from '../../../test/factories';
import { createDatabase, type Database } from '../../db/client';
import { bankAccounts, ledgerEntries, orderItems } from '../../db/schema';
import { writeLedger } from '../orders/fulfil';

/**
 * kill -9 in the middle of a scheduled payout run, then a restart: every seller is paid exactly
 * once, with exactly one transfer in the provider's books, and nothing is left in flight.
 */

const serverEntry = path.resolve(__dirname, '../../server.ts');
const SELLERS = 40;
const SHARE_CENTS = 8_000; // $100 sale − 10% AI pool − 10% platform fee
let db: Database;
let dbName: string;
let dataDir: string;
let port: number;

beforeAll(async () => {
  const { serverUrl, template } = inject('testDatabase');
  dbName = `mkt_payout_crash_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${dbName} TEMPLATE ${template}`);
  db = createDatabase(databaseUrl(serverUrl, dbName), 3);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-payout-crash-'));
  port = await freePort();
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
  await db.$client.end();
  const { serverUrl } = inject('testDatabase');
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function startServer(): ChildProcess {
  const { serverUrl } = inject('testDatabase');
  return spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl(serverUrl, dbName),
      SEED_DEMO: 'false',
      JWT_SECRET: 'payout-crash-secret-payout-crash-secret-0123',
      PAYMENT_STALE_SECONDS: '0',
      PAYOUT_CHECK_SECONDS: '1',
      LOG_LEVEL: 'silent',
    },
    stdio: 'ignore',
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

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

async function waitFor(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
}
