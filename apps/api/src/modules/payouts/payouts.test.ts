// @database-server: payout runs under locks
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPaidOrder, createProduct, createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/helpers';
import { auditLog, bankAccounts, ledgerEntries, orderItems, orders, payouts, testPayoutTransfers } from '../../db/schema';
import { reverseSaleInTx, writeLedger } from '../orders/fulfil';
import type { UserRow } from '../users/repository';
import { decryptAccountNumber } from './encryption';
import type { PayoutProvider } from './providers/provider';
import { reconcilePayouts, runScheduledPayouts } from './transfers';

/**
 * Seller payouts on a real database: balances from the ledger, bank accounts, transfers that are
 * never paid twice (concurrent triggers, a crash between the provider and our database).
 */

let t: TestApp;
let adminToken: string;
let buyer: UserRow;
const DAY = 24 * 60 * 60 * 1000;
const GOOD_IBAN = 'DE89 3704 0044 0532 0130 00';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (token: string | null) => (method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined && { payload: payload as object }),
    headers: token ? bearer(token) : {},
  });
const admin = (method: Method, url: string, payload?: unknown) => as(adminToken)(method, url, payload);

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await createUser(t.db, 'admin');
  adminToken = await signIn(t.app, adminUser.email, FACTORY_PASSWORD);
  buyer = await createUser(t.db, 'buyer');
});
afterAll(async () => {
  await t.close();
});

async function newSeller() {
  const user = await createUser(t.db, 'seller', { firstName: 'Sal', lastName: 'Ler' });
  const token = await signIn(t.app, user.email, FACTORY_PASSWORD);
  return { user, token, call: as(token) };
}

/** A paid order of one product, with its ledger written as the payment path writes it. */
async function sale(seller: UserRow, priceCents: number, title = 'Prompt Kit', soldDaysAgo = 0) {
  const product = await createProduct(t.db, seller, { title, priceCents });
  const order = await createPaidOrder(t.db, buyer, product);
  const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  await writeLedger(t.db, order, items, t.config.platformFeePercent);
  if (soldDaysAgo) await moveSale(order.id, soldDaysAgo);
  return order;
}

async function moveSale(orderId: string, daysAgo: number) {
  await t.db
    .update(ledgerEntries)
    .set({ createdAt: new Date(Date.now() - daysAgo * DAY) })
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.reason, 'sale')));
}

async function refund(orderId: string) {
  await t.db.transaction(async (tx) => {
    await tx.update(orders).set({ status: 'refunded', paymentStatus: 'refunded' }).where(eq(orders.id, orderId));
    await reverseSaleInTx(tx, orderId);
  });
}

async function setSettings(body: Record<string, unknown>) {
  const response = await admin('PUT', '/payments/admin/settings', body);
  expect(response.statusCode).toBe(200);
}

async function addIban(call: ReturnType<typeof as>) {
  const response = await call('PUT', '/seller/payout-account', {
    account_holder_name: 'Sal Ler',
    bank_name: 'Commerzbank',
    account_type: 'iban',
    iban: GOOD_IBAN,
  });
  expect(response.statusCode).toBe(200);
  return response.json().account;
}

async function balanceOf(call: ReturnType<typeof as>) {
  const response = await call('GET', '/seller/payouts/balance');
  expect(response.statusCode).toBe(200);
  return response.json();
}

const transfersTo = async (sellerId: string) =>
  t.db
    .select()
    .from(testPayoutTransfers)
    .where(eq(testPayoutTransfers.destinationId, `acct_test_${(await accountIdOf(sellerId)).replace(/-/g, '')}`));

async function accountIdOf(sellerId: string) {
  const [row] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.userId, sellerId));
  return row?.id ?? '';
}

beforeEach(async () => {
  await setSettings({ payout_schedule: 'manual', minimum_payout: 0, hold_days: 30 });
});

describe('who may touch payouts', () => {
  it('answers 401 to the anonymous and 403 to buyers, sellers and simple admins on every admin route', async () => {
    const buyerToken = await signIn(t.app, buyer.email, FACTORY_PASSWORD);
    const simple = await createUser(t.db, 'simple_admin');
    const simpleToken = await signIn(t.app, simple.email, FACTORY_PASSWORD);
    const { token: sellerToken } = await newSeller();
    const id = '7d9f1c2e-8a4b-4c3d-9e2f-1a2b3c4d5e6f';
    const routes: [Method, string, unknown?][] = [
      ['GET', '/payments/admin/bank-accounts'],
      ['POST', '/payments/admin/bank-accounts', {}],
      ['PUT', `/payments/admin/bank-accounts/${id}`, { bank_name: 'x' }],
      ['DELETE', `/payments/admin/bank-accounts/${id}`],
      ['GET', '/payments/admin/settings'],
      ['PUT', '/payments/admin/settings', { hold_days: 0 }],
      ['GET', '/payments/admin/transfers'],
      ['POST', `/payments/admin/transfers/${id}/reverse`],
      ['POST', '/payments/admin/trigger-transfer', {}],
    ];
    for (const [method, url, body] of routes) {
      expect((await as(null)(method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      for (const token of [buyerToken, sellerToken, simpleToken]) {
        expect((await as(token)(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      }
    }
    for (const url of ['/seller/payouts/balance', '/seller/payouts', '/seller/payouts/statement', '/seller/payout-account']) {
      expect((await as(null)('GET', url)).statusCode).toBe(401);
      expect((await as(buyerToken)('GET', url)).statusCode).toBe(403);
    }
  });
});

describe('payout accounts', () => {
  it('refuses IBANs with a bad checksum or length and routing numbers failing the ABA check', async () => {
    const { call } = await newSeller();
    const holder = { account_holder_name: 'Sal Ler' };
    const badChecksum = await call('PUT', '/seller/payout-account', {
      ...holder,
      account_type: 'iban',
      iban: 'DE89370400440532013001',
    });
    expect(badChecksum.statusCode).toBe(422);
    expect(badChecksum.json().errors).toContainEqual({
      field: 'iban',
      message: 'This IBAN is not valid: check the country, length and digits',
      messageId: 'payouts.ibanNotValidCheckCountry',
    });
    const shortIban = await call('PUT', '/seller/payout-account', {
      ...holder,
      account_type: 'iban',
      iban: 'DE8937040044053201300',
    });
    expect(shortIban.statusCode).toBe(422);
    const badRouting = await call('PUT', '/seller/payout-account', {
      ...holder,
      account_type: 'us',
      routing_number: '011000016',
      account_number: '123456789',
    });
    expect(badRouting.statusCode).toBe(422);
    expect(badRouting.json().errors).toContainEqual({
      field: 'routing_number',
      message: 'This routing number is not valid',
      messageId: 'payouts.routingNumberNotValid',
    });
    expect((await call('GET', '/seller/payout-account')).json().account).toBeNull();
  });

  it('stores the number masked for people and encrypted at rest, never in clear', async () => {
    const { user, call } = await newSeller();
    const saved = await call('PUT', '/seller/payout-account', {
      account_holder_name: 'Sal Ler',
      account_type: 'us',
      routing_number: '011000015',
      account_number: '000123456789',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().account).toMatchObject({ masked_number: '•••• 6789', routing_number: '011000015', country: 'US' });
    expect(saved.body).not.toContain('000123456789');
    const [row] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.userId, user.id));
    if (!row) throw new Error('no account row');
    expect(row.numberEncrypted).not.toContain('123456789');
    expect(decryptAccountNumber(t.deps.payoutEncryptionKey, row.numberEncrypted, row.id)).toBe('000123456789');
    expect(() => decryptAccountNumber(t.deps.payoutEncryptionKey, row.numberEncrypted, buyer.id)).toThrow();
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.subjectId, row.id));
    expect(audit.map((a) => a.action)).toContain('payout_account.created');
    expect(JSON.stringify(audit)).not.toContain('123456789');
  });

  it('lets admins manage the platform bank accounts with one primary', async () => {
    const first = await admin('POST', '/payments/admin/bank-accounts', {
      account_holder_name: 'Marketplace Ltd',
      bank_name: 'Barclays',
      account_type: 'iban',
      iban: 'GB82WEST12345698765432',
      is_primary: true,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().bank_account).toMatchObject({ masked_number: 'GB •••• 5432', is_primary: true, currency: 'usd' });
    const second = await admin('POST', '/payments/admin/bank-accounts', {
      account_holder_name: 'Marketplace Inc',
      account_type: 'us',
      routing_number: '021000021',
      account_number: '9876543210',
      is_primary: true,
    });
    expect(second.statusCode).toBe(201);
    const list = (await admin('GET', '/payments/admin/bank-accounts')).json().bank_accounts;
    expect(list.filter((a: { is_primary: boolean }) => a.is_primary).map((a: { id: string }) => a.id)).toEqual([
      second.json().bank_account.id,
    ]);
    const firstId = first.json().bank_account.id;
    const renamed = await admin('PUT', `/payments/admin/bank-accounts/${firstId}`, {
      bank_name: 'Barclays UK',
      is_primary: true,
    });
    expect(renamed.json().bank_account).toMatchObject({ bank_name: 'Barclays UK', is_primary: true });
    expect((await admin('PUT', `/payments/admin/bank-accounts/${firstId}`, {})).statusCode).toBe(422);
    expect((await admin('DELETE', `/payments/admin/bank-accounts/${firstId}`)).statusCode).toBe(200);
    expect((await admin('DELETE', `/payments/admin/bank-accounts/${firstId}`)).statusCode).toBe(404);
    // A seller's payout account is not one of the platform's.
    const { user, call } = await newSeller();
    await addIban(call);
    const sellerAccount = await accountIdOf(user.id);
    expect((await admin('DELETE', `/payments/admin/bank-accounts/${sellerAccount}`)).statusCode).toBe(404);
    const actions = (await t.db.select({ action: auditLog.action }).from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['bank_account.created', 'bank_account.updated', 'bank_account.deleted']));
  });
});

describe('balances from the ledger', () => {
  it('holds a sale for the refund window, then makes it available', async () => {
    const { user, call } = await newSeller();
    await sale(user, 10_000);
    expect(await balanceOf(call)).toMatchObject({ pending: 80, available: 0, paid_out: 0, hold_days: 30 });
    await setSettings({ hold_days: 0 });
    expect(await balanceOf(call)).toMatchObject({ pending: 0, available: 80 });
  });

  it('cancels pending money when a sale is refunded inside the window', async () => {
    const { user, call } = await newSeller();
    const kept = await sale(user, 5_000);
    const refunded = await sale(user, 10_000);
    await refund(refunded.id);
    expect(await balanceOf(call)).toMatchObject({ pending: 40, available: 0 });
    expect(kept.id).toBeTruthy();
  });

  it('takes a refund an admin approves (the real refund path) out of the pending money', async () => {
    const { user, call } = await newSeller();
    const order = await sale(user, 10_000, 'Refunded For Real');
    expect(await balanceOf(call)).toMatchObject({ pending: 80 });
    const buyerToken = await signIn(t.app, buyer.email, FACTORY_PASSWORD);
    const asked = await as(buyerToken)('POST', `/orders/${order.id}/request-refund`, {
      reason: 'It does not do what the page says.',
    });
    expect(asked.statusCode).toBeLessThan(300);
    const approved = await admin('PUT', `/admin/orders/${order.id}/refund`, { decision: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect(await balanceOf(call)).toMatchObject({ pending: 0, available: 0 });
    const lines = (await call('GET', '/seller/payouts/statement')).json().lines;
    expect(lines.map((l: { type: string; amount: number }) => [l.type, l.amount])).toEqual([
      ['refund', -80],
      ['sale', 80],
    ]);
  });

  it('leaves a negative balance after a refund of money already paid out, netted off by the next payout', async () => {
    const { user, call } = await newSeller();
    await addIban(call);
    const first = await sale(user, 10_000, 'Old Sale', 31);
    const run = await admin('POST', '/payments/admin/trigger-transfer', { seller_id: user.id });
    expect(run.json().results[0]).toMatchObject({ status: 'paid', payout: { amount: 80 } });
    await refund(first.id);
    expect(await balanceOf(call)).toMatchObject({ available: -80, paid_out: 80 });
    const later = await sale(user, 25_000, 'New Sale', 31);
    expect(await balanceOf(call)).toMatchObject({ available: 120 });
    const next = await admin('POST', '/payments/admin/trigger-transfer', { payment_id: later.id });
    expect(next.json().results[0]).toMatchObject({ status: 'paid', payout: { amount: 120 } });
    expect(await balanceOf(call)).toMatchObject({ available: 0, paid_out: 200 });
    // Every figure equals the ledger: kept seller money = money paid out.
    const [ledger] = await t.db
      .select({ total: sql<string>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.sellerId, user.id), eq(ledgerEntries.kind, 'seller')));
    expect(Number(ledger?.total)).toBe(20_000);
  });
});

describe('an open refund request holds the money', () => {
  const buyerCall = async () => as(await signIn(t.app, buyer.email, FACTORY_PASSWORD));
  const askRefund = async (orderId: string) => {
    const asked = await (await buyerCall())('POST', `/orders/${orderId}/request-refund`, {
      reason: 'It does not do what the page says.',
    });
    expect(asked.statusCode).toBe(201);
  };
  const payOut = async (sellerId: string) =>
    (await admin('POST', '/payments/admin/trigger-transfer', { seller_id: sellerId })).json().results[0];

  it('a refund asked on day 29 is not paid out on day 30, and its approval leaves the seller at zero, not −$24', async () => {
    const { user, call } = await newSeller();
    await addIban(call);
    const order = await sale(user, 3_000, 'Day 29 Kit', 29);
    await askRefund(order.id);
    await moveSale(order.id, 30.01);
    expect(await balanceOf(call)).toMatchObject({ pending: 0, held: 24, held_reason: 'refund_requested', available: 0 });
    const statement = (await call('GET', '/seller/payouts/statement')).json().lines;
    expect(statement[0]).toMatchObject({ type: 'sale', amount: 24, status: 'held' });

    expect(await payOut(user.id)).toMatchObject({ status: 'skipped', reason: 'nothing_available' });
    expect(await transfersTo(user.id)).toHaveLength(0);

    expect((await admin('PUT', `/admin/orders/${order.id}/refund`, { decision: 'approve' })).statusCode).toBe(200);
    expect(await balanceOf(call)).toMatchObject({ held: 0, held_reason: null, available: 0, paid_out: 0 });
    expect(await payOut(user.id)).toMatchObject({ status: 'skipped', reason: 'nothing_available' });
  });

  it('a declined request makes the money payable at the next run', async () => {
    const { user, call } = await newSeller();
    await addIban(call);
    const order = await sale(user, 3_000, 'Declined Refund Kit', 20);
    await askRefund(order.id);
    await moveSale(order.id, 31);
    expect(await payOut(user.id)).toMatchObject({ status: 'skipped', reason: 'nothing_available' });
    const denied = await admin('PUT', `/admin/orders/${order.id}/refund`, {
      decision: 'deny',
      note: 'The product works as described.',
    });
    expect(denied.statusCode).toBe(200);
    expect(await balanceOf(call)).toMatchObject({ held: 0, available: 24 });
    expect(await payOut(user.id)).toMatchObject({ status: 'paid', payout: { amount: 24 } });
    expect(await balanceOf(call)).toMatchObject({ available: 0, paid_out: 24 });
  });

  it('holds a request inside the hold too, and keeps paying the other sales', async () => {
    await setSettings({ hold_days: 7 });
    const { user, call } = await newSeller();
    await addIban(call);
    const asked = await sale(user, 3_000, 'Asked Kit', 10);
    await sale(user, 5_000, 'Kept Kit', 10);
    await askRefund(asked.id);
    expect(await balanceOf(call)).toMatchObject({ held: 24, available: 40 });
    expect(await payOut(user.id)).toMatchObject({ status: 'paid', payout: { amount: 40 } });
  });

  it('a payout run and a refund approval at the same moment never both take the same money', async () => {
    const sellers = await Promise.all(Array.from({ length: 4 }, () => newSeller()));
    const orders: string[] = [];
    for (const seller of sellers) {
      await addIban(seller.call);
      const asked = await sale(seller.user, 3_000, 'Raced Refund Kit', 31);
      await sale(seller.user, 5_000, 'Kept Kit', 31);
      await askRefund(asked.id);
      orders.push(asked.id);
    }
    await Promise.all(
      sellers.flatMap((seller, index) => [
        payOut(seller.user.id),
        admin('PUT', `/admin/orders/${orders[index]}/refund`, { decision: 'approve' }),
      ]),
    );
    for (const seller of sellers) {
      const sent = await t.db.select().from(payouts).where(eq(payouts.sellerId, seller.user.id));
      expect(sent.map((p) => p.amountCents)).toEqual([4_000]);
      expect(await balanceOf(seller.call)).toMatchObject({ available: 0, held: 0, paid_out: 40 });
    }
  });

  it('a refund request and a payout run at the same moment: the money is either paid first or held', async () => {
    await setSettings({ hold_days: 0 });
    const { user, call } = await newSeller();
    await addIban(call);
    const order = await sale(user, 3_000, 'Raced Request Kit');
    const buyerApi = await buyerCall();
    const [, run] = await Promise.all([
      buyerApi('POST', `/orders/${order.id}/request-refund`, { reason: 'It does not do what the page says.' }),
      payOut(user.id),
    ]);
    const balance = await balanceOf(call);
    if (run.status === 'paid') expect(balance).toMatchObject({ paid_out: 24, held: 24, available: -24 });
    else expect(balance).toMatchObject({ paid_out: 0, held: 24, available: 0 });
  });
});

describe('transfers', () => {
  it('pays the available balance once, records it for the seller, the provider and the audit log', async () => {
    const { user, call } = await newSeller();
    await addIban(call);
    await sale(user, 10_000, 'Held Sale');
    await sale(user, 5_000, 'Released Sale', 40);
    const run = await admin('POST', '/payments/admin/trigger-transfer', { seller_id: user.id });
    expect(run.statusCode).toBe(200);
    expect(run.json().results).toEqual([
      expect.objectContaining({ status: 'paid', payout: expect.objectContaining({ amount: 40 }) }),
    ]);
    const again = await admin('POST', '/payments/admin/trigger-transfer', { seller_id: user.id });
    expect(again.json().results).toEqual([{ seller_id: user.id, status: 'skipped', reason: 'nothing_available' }]);
    expect(await transfersTo(user.id)).toHaveLength(1);
    expect(await balanceOf(call)).toMatchObject({ pending: 80, available: 0, paid_out: 40 });
    const history = (await call('GET', '/seller/payouts')).json();
    expect(history).toMatchObject({ total: 1, payouts: [{ amount: 40, status: 'paid', account: 'DE •••• 3000' }] });
    const payoutId = history.payouts[0].id;
    const actions = await t.db.select().from(auditLog).where(eq(auditLog.subjectId, payoutId));
    expect(actions.map((a) => a.action).sort()).toEqual(['payout.created', 'payout.paid']);
  });

  it('skips sellers without an account or below the minimum payout', async () => {
    const { user } = await newSeller();
    await sale(user, 10_000, 'No Account', 40);
    expect((await admin('POST', '/payments/admin/trigger-transfer', { seller_id: user.id })).json().results[0]).toMatchObject({
      status: 'skipped',
      reason: 'no_account',
    });
    const small = await newSeller();
    await addIban(small.call);
    await sale(small.user, 1_000, 'Small', 40);
    await setSettings({ minimum_payout: 25 });
    expect(
      (await admin('POST', '/payments/admin/trigger-transfer', { seller_id: small.user.id })).json().results[0],
    ).toMatchObject({
      status: 'skipped',
      reason: 'below_minimum',
    });
  });

  it('records a transfer the provider refuses as failed and keeps the money available', async () => {
    const { user, call } = await newSeller();
    await addIban(call);
    await sale(user, 10_000, 'Refused', 40);
    await t.db.update(bankAccounts).set({ providerDestinationId: 'acct_closed_1' }).where(eq(bankAccounts.userId, user.id));
    const run = await admin('POST', '/payments/admin/trigger-transfer', { seller_id: user.id });
    expect(run.json().results[0]).toMatchObject({ status: 'failed', payout: { failure_reason: 'Unknown destination account' } });
    expect(await balanceOf(call)).toMatchObject({ available: 80, in_transit: 0, paid_out: 0 });
    const [payout] = await t.db.select().from(payouts).where(eq(payouts.sellerId, user.id));
    const actions = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, payout?.id ?? ''));
    expect(actions.map((a) => a.action).sort()).toEqual(['payout.created', 'payout.failed']);
  });

  it('pays once when ten admins trigger the same payout at the same moment', async () => {
    const { user, call } = await newSeller();
    await addIban(call);
    await sale(user, 10_000, 'Race', 40);
    const runs = await Promise.all(
      Array.from({ length: 10 }, () => admin('POST', '/payments/admin/trigger-transfer', { seller_id: user.id })),
    );
    expect(runs.every((r) => r.statusCode === 200)).toBe(true);
    const paid = runs.flatMap((r) => r.json().results).filter((r: { status: string }) => r.status === 'paid');
    expect(paid).toHaveLength(1);
    expect(await t.db.select().from(payouts).where(eq(payouts.sellerId, user.id))).toHaveLength(1);
    expect(await transfersTo(user.id)).toHaveLength(1);
    expect(await balanceOf(call)).toMatchObject({ available: 0, paid_out: 80 });
  });

  it('ends with exactly one transfer after a crash between the provider call and the database update', async () => {
    const { user, call } = await newSeller();
    await addIban(call);
    await sale(user, 10_000, 'Crash', 40);
    const real = t.deps.payouts;
    const crashing: PayoutProvider = {
      ...real,
      name: real.name,
      async transfer(input) {
        await real.transfer(input);
        throw new Error('process killed before recording the transfer');
      },
    };
    t.deps.payouts = crashing;
    try {
      const run = await admin('POST', '/payments/admin/trigger-transfer', { seller_id: user.id });
      expect(run.json().results[0]).toMatchObject({ status: 'processing' });
      // While it is in flight nobody can pay the same money again.
      const retry = await admin('POST', '/payments/admin/trigger-transfer', { seller_id: user.id });
      expect(retry.json().results[0]).toMatchObject({ status: 'skipped', reason: 'in_transit' });
      expect(await balanceOf(call)).toMatchObject({ available: 0, in_transit: 80 });
    } finally {
      t.deps.payouts = real;
    }
    expect(await transfersTo(user.id)).toHaveLength(1);
    // Restart: the reconciler asks the provider again with the same idempotency key.
    expect(await reconcilePayouts(t.deps, 0)).toMatchObject({ finished: 1 });
    expect(await reconcilePayouts(t.deps, 0)).toMatchObject({ finished: 0 });
    const [payout] = await t.db.select().from(payouts).where(eq(payouts.sellerId, user.id));
    const transfers = await transfersTo(user.id);
    expect(transfers).toHaveLength(1);
    expect(payout).toMatchObject({ status: 'paid', providerTransferId: transfers[0]?.id, amountCents: 8_000 });
    expect(await balanceOf(call)).toMatchObject({ available: 0, in_transit: 0, paid_out: 80 });
  });

  it('runs on schedule once per period however many instances check at once', async () => {
    const { user, call } = await newSeller();
    await addIban(call);
    await sale(user, 10_000, 'Scheduled', 40);
    await setSettings({ payout_schedule: 'daily' });
    await t.db.execute(sql`update payout_settings set last_run_at = null`);
    const runs = await Promise.all([runScheduledPayouts(t.deps), runScheduledPayouts(t.deps), runScheduledPayouts(t.deps)]);
    expect(runs.filter((r) => r !== null)).toHaveLength(1);
    expect(await runScheduledPayouts(t.deps)).toBeNull();
    expect(await transfersTo(user.id)).toHaveLength(1);
    await setSettings({ payout_schedule: 'manual' });
    await t.db.execute(sql`update payout_settings set last_run_at = null`);
    expect(await runScheduledPayouts(t.deps)).toBeNull();
  });

  it('pays out one payment by order or intent id, and refuses unknown or unpaid payments', async () => {
    const { user, call } = await newSeller();
    await addIban(call);
    const order = await sale(user, 10_000, 'By Payment', 40);
    await t.db
      .update(orders)
      .set({ paymentIntentId: `pi_test_${order.id.slice(0, 8)}` })
      .where(eq(orders.id, order.id));
    const byIntent = await admin('POST', '/payments/admin/trigger-transfer', { payment_id: `pi_test_${order.id.slice(0, 8)}` });
    expect(byIntent.json().results).toEqual([expect.objectContaining({ seller_id: user.id, status: 'paid' })]);
    expect((await admin('POST', '/payments/admin/trigger-transfer', { payment_id: 'pi_nothing' })).statusCode).toBe(404);
    await t.db.update(orders).set({ paymentStatus: 'refunded' }).where(eq(orders.id, order.id));
    expect((await admin('POST', '/payments/admin/trigger-transfer', { payment_id: order.id })).statusCode).toBe(409);
  });

  it('reverses a paid transfer once and gives the money back to the balance', async () => {
    const { user, call } = await newSeller();
    await addIban(call);
    await sale(user, 10_000, 'Reverse', 40);
    const run = await admin('POST', '/payments/admin/trigger-transfer', { seller_id: user.id });
    const payoutId = run.json().results[0].payout.id;
    const reversals = await Promise.all([
      admin('POST', `/payments/admin/transfers/${payoutId}/reverse`),
      admin('POST', `/payments/admin/transfers/${payoutId}/reverse`),
    ]);
    expect(reversals.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await balanceOf(call)).toMatchObject({ available: 80, paid_out: 0 });
    const [transfer] = await transfersTo(user.id);
    expect(transfer?.reversedCents).toBe(8_000);
  });

  it('lists transfers for admins with filters and pages', async () => {
    const a = await newSeller();
    const b = await newSeller();
    for (const s of [a, b]) {
      await addIban(s.call);
      await sale(s.user, 10_000, 'Listed', 40);
      await admin('POST', '/payments/admin/trigger-transfer', { seller_id: s.user.id });
    }
    const mine = await admin('GET', `/payments/admin/transfers?seller_id=${a.user.id}`);
    expect(mine.json()).toMatchObject({ total: 1, pages: 1, transfers: [{ seller_id: a.user.id, seller_email: a.user.email }] });
    const paged = (await admin('GET', '/payments/admin/transfers?status=paid&limit=1&page=2')).json();
    expect(paged.transfers).toHaveLength(1);
    expect(paged.pages).toBeGreaterThanOrEqual(2);
    const future = await admin('GET', '/payments/admin/transfers?start_date=2999-01-01');
    expect(future.json()).toMatchObject({ total: 0, transfers: [] });
    expect((await admin('GET', '/payments/admin/transfers?status=lost')).statusCode).toBe(422);
  });
});

describe('settings and statements', () => {
  it('validates payout settings and records who changed them', async () => {
    expect((await admin('PUT', '/payments/admin/settings', { hold_days: -1 })).statusCode).toBe(422);
    expect((await admin('PUT', '/payments/admin/settings', { payout_schedule: 'hourly' })).statusCode).toBe(422);
    expect((await admin('PUT', '/payments/admin/settings', { minimum_payout: 1.005 })).statusCode).toBe(422);
    expect((await admin('PUT', '/payments/admin/settings', {})).statusCode).toBe(422);
    const saved = await admin('PUT', '/payments/admin/settings', {
      payout_schedule: 'weekly',
      minimum_payout: 25.5,
      hold_days: 14,
    });
    expect(saved.json().settings).toMatchObject({
      payout_schedule: 'weekly',
      minimum_payout: 25.5,
      hold_days: 14,
      provider: 'test',
    });
    expect((await admin('GET', '/payments/admin/settings')).json()).toMatchObject({ minimum_payout: 25.5, hold_days: 14 });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'payout.settings_updated'))
      .orderBy(sql`${auditLog.createdAt} desc`)
      .limit(1);
    expect(entry?.details).toMatchObject({ after: { minimum_payout_cents: 2550, hold_days: 14 } });
  });

  it('exports the statement as CSV with proper quoting', async () => {
    const { user, call } = await newSeller();
    await addIban(call);
    const tricky = 'Prompts, "Pro" edition';
    await sale(user, 10_000, tricky, 40);
    await sale(user, 2_000, '=HYPERLINK("x")');
    await admin('POST', '/payments/admin/trigger-transfer', { seller_id: user.id });
    const json = (await call('GET', '/seller/payouts/statement')).json();
    expect(json.lines.map((l: { type: string; amount: number }) => [l.type, l.amount])).toEqual(
      expect.arrayContaining([
        ['sale', 80],
        ['sale', 16],
        ['payout', -80],
      ]),
    );
    const csv = await call('GET', '/seller/payouts/statement?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="statement-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('date,type,reference,description,amount_usd,available_on,status');
    expect(csv.body).toContain('"Prompts, ""Pro"" edition",80.00,');
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")",16.00,`);
    expect(csv.body).toContain(',payout,');
    expect(csv.body).toContain(',-80.00,,paid');
  });
});
