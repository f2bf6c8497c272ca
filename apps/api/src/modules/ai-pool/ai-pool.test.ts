// @database-server: pool transfers under row locks
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProductFile, createProduct, createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../db/schema';
import type { TokenTransferProvider } from './providers';
import { finishPendingTransfers, runScheduledPoolTransfer, tokenAmountFor } from './transfers';
import { toChecksumAddress } from './wallet';

/**
 * The AI token pool on a real database: every figure equals the ledger after real sales and
 * refunds, transfers move money once (concurrent triggers, crashes), and only admins get in.
 */

let t: TestApp;
let adminToken: string;
let buyerToken: string;
let sellerToken: string;
let tool: { id: string; title: string; priceCents: number };

const WALLET = toChecksumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed');
const CARD = { card_number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' };

beforeAll(async () => {
  t = await createTestApp();
  const seller = await createUser(t.db, 'seller');
  const admin = await createUser(t.db, 'admin');
  const buyer = await createUser(t.db, 'buyer');
  adminToken = await signIn(t.app, admin.email, FACTORY_PASSWORD);
  buyerToken = await signIn(t.app, buyer.email, FACTORY_PASSWORD);
  sellerToken = await signIn(t.app, seller.email, FACTORY_PASSWORD);
  tool = await createProduct(t.db, seller, { title: 'Pool Toolkit', priceCents: 4999 });
  await addProductFile(t.deps, tool.id, 'pool.py', 'print("pool")\n');
  // Most stories here send today's sales at once; the refund hold has its own story at the end.
  await setHoldDays(0);
});

async function setHoldDays(days: number) {
  expect((await asAdmin('PUT', '/payments/admin/settings', { hold_days: days })).statusCode).toBe(200);
}

/** Moves a sale's ledger entries back in time, as if it had been made `daysAgo` days ago. */
async function ageSale(orderId: string, daysAgo: number) {
  await t.db.execute(
    sql`update ledger_entries set created_at = now() - make_interval(days => ${daysAgo}) where order_id = ${orderId} and reason = 'sale'`,
  );
}
afterAll(async () => {
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: token ? bearer(token) : {} });
const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => api(method, url, adminToken, payload);

/** A real purchase through checkout and the test card processor: writes the ledger as production does. */
async function buy(): Promise<{ orderId: string; token: string }> {
  const user = await createUser(t.db, 'buyer');
  const token = await signIn(t.app, user.email, FACTORY_PASSWORD);
  expect((await api('POST', '/cart/add', token, { product_id: tool.id, quantity: 1 })).statusCode).toBe(200);
  const order = (await api('POST', '/orders/checkout', token, { billing_country: 'US' })).json();
  expect((await api('POST', `/payments/confirm-payment/${order.payment_intent_id}`, token, CARD)).statusCode).toBe(200);
  return { orderId: order.order_id, token };
}

async function refund(purchase: { orderId: string; token: string }) {
  const asked = await api('POST', `/orders/${purchase.orderId}/request-refund`, purchase.token, {
    reason: 'It does not do what I need at all',
  });
  expect(asked.statusCode).toBe(201);
  const decided = await asAdmin('PUT', `/admin/orders/${purchase.orderId}/refund`, { decision: 'approve', note: 'Refunded' });
  expect(decided.statusCode).toBe(200);
}

async function ledgerPoolCents(): Promise<number> {
  const rows = await t.db.execute<{ total: number }>(
    sql`select coalesce(sum(amount_cents), 0)::int as total from ledger_entries where kind = 'ai_pool'`,
  );
  return rows.rows[0]?.total ?? 0;
}

async function providerBooks() {
  const rows = await t.db.execute<{ transfers: number; cents: number }>(
    sql`select count(*)::int as transfers, coalesce(sum(amount_cents), 0)::int as cents from test_token_transfers`,
  );
  return rows.rows[0] as { transfers: number; cents: number };
}

const cents = (dollars: number) => Math.round(dollars * 100);

describe('who may use the AI token pool routes', () => {
  const adminRoutes: [string, string, object?][] = [
    ['GET', '/ai-token-payments/dashboard?days=30'],
    ['GET', '/ai-token-payments/transfer-history'],
    ['GET', '/ai-token-payments/revenue-report'],
    ['GET', '/ai-token-payments/exchange-rate'],
    ['GET', '/ai-token-payments/ai-token-settings'],
    ['PUT', '/ai-token-payments/ai-token-settings', { schedule: 'daily' }],
    ['POST', '/ai-token-payments/trigger-manual-transfer', {}],
    ['GET', '/payments/admin/analytics'],
    ['GET', '/payments/exchange-rate'],
  ];

  it('answers 401 to the anonymous and 403 to buyers and sellers', async () => {
    for (const [method, url, body] of adminRoutes) {
      const m = method as 'GET' | 'PUT' | 'POST';
      expect((await api(m, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      for (const token of [buyerToken, sellerToken]) {
        const response = await api(m, url, token, body);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().detail).toBe('Admin access required');
      }
    }
  });

  it('shows the public summary to everyone, with no personal data', async () => {
    const response = await api('GET', '/ai-token-payments/public/summary');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual([
      'pool_balance',
      'token',
      'total_contributed',
      'total_transferred',
      'transfers',
    ]);
  });
});

describe('the AI token settings', () => {
  it('start with safe defaults and refuse a malformed or mistyped wallet address', async () => {
    const initial = (await asAdmin('GET', '/ai-token-payments/ai-token-settings')).json();
    expect(initial).toMatchObject({ wallet_address: null, token: 'USDC', auto_transfer_enabled: false, schedule: 'weekly' });

    const malformed = await asAdmin('PUT', '/ai-token-payments/ai-token-settings', { wallet_address: '0x1234' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().detail).toBe('Please enter a valid wallet address (0x followed by 40 hexadecimal characters)');

    expect(WALLET).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'); // EIP-55's own example
    // One letter's case flipped: the EIP-55 checksum catches it.
    const flipped = WALLET.replace(/[a-f]/, (c) => c.toUpperCase());
    const typo = await asAdmin('PUT', '/ai-token-payments/ai-token-settings', { wallet_address: flipped });
    expect(typo.statusCode).toBe(422);
    expect(typo.json().detail).toBe('This wallet address fails its checksum: check every character');

    const enableEarly = await asAdmin('PUT', '/ai-token-payments/ai-token-settings', { auto_transfer_enabled: true });
    expect(enableEarly.statusCode).toBe(422);
    expect((await asAdmin('PUT', '/ai-token-payments/ai-token-settings', {})).statusCode).toBe(422);
    expect((await asAdmin('PUT', '/ai-token-payments/ai-token-settings', { auto_transfer_threshold: 0.001 })).statusCode).toBe(
      422,
    );
  });

  it('are saved and every change is in the audit log with who made it', async () => {
    const saved = await asAdmin('PUT', '/ai-token-payments/ai-token-settings', {
      // Stored in its checksummed form, as the public page shows it.
      wallet_address: WALLET.toLowerCase(),
      auto_transfer_threshold: 25.5,
      schedule: 'daily',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toMatchObject({ wallet_address: WALLET, auto_transfer_threshold: 25.5, schedule: 'daily' });
    expect((await asAdmin('GET', '/ai-token-payments/ai-token-settings')).json().auto_transfer_threshold).toBe(25.5);
    const audits = await t.db.select().from(auditLog).where(sql`${auditLog.action} = 'ai_pool.settings_updated'`);
    expect(audits.length).toBeGreaterThanOrEqual(1);
    expect(audits.at(-1)?.actorId).not.toBeNull();
    expect(audits.at(-1)?.details).toMatchObject({ after: { wallet_address: WALLET, schedule: 'daily' } });
  });
});

describe('the exchange rate', () => {
  it('is USD to USDC at 1:1 by default, and refuses a pair it does not know', async () => {
    const rate = await asAdmin('GET', '/ai-token-payments/exchange-rate');
    expect(rate.json()).toMatchObject({ from_currency: 'USD', to_currency: 'USDC', rate: '1', source: 'fixed-parity' });
    const unknown = await asAdmin('GET', '/ai-token-payments/exchange-rate?from_currency=usd&to_currency=eth');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail).toBe('No exchange rate from USD to ETH');
    expect((await asAdmin('GET', '/ai-token-payments/exchange-rate?from_currency=u$d')).statusCode).toBe(422);
    // The spec's /payments path gives the same answer.
    expect((await asAdmin('GET', '/payments/exchange-rate')).json()).toMatchObject({ rate: '1', to_currency: 'USDC' });
  });

  it('turns cents into token amounts exactly', () => {
    expect(tokenAmountFor(1000, '1')).toBe('10.000000');
    expect(tokenAmountFor(1, '1')).toBe('0.010000');
    expect(tokenAmountFor(12345, '0.99980000')).toBe('123.425310');
  });
});

describe('the pool figures after real sales and refunds', () => {
  it('equal the ledger: 10% of each sale in, refunds out, on the dashboard, the report and the public page', async () => {
    const first = await buy();
    await buy();
    const third = await buy();
    await refund(third);
    const ledger = await ledgerPoolCents();
    // Three sales of $49.99 (each $5.00 to the pool after rounding), one refunded.
    expect(ledger).toBe(1000);

    const dashboard = (await asAdmin('GET', '/ai-token-payments/dashboard?days=30')).json();
    expect(cents(dashboard.total_contributed)).toBe(ledger);
    expect(cents(dashboard.pool_balance)).toBe(ledger);
    expect(dashboard.daily).toHaveLength(30);
    const today = dashboard.daily.at(-1);
    expect(today).toMatchObject({ inflow: 15, refunds: 5, net: 10 });
    expect(cents(dashboard.inflow_in_period)).toBe(ledger);

    const day = today.date as string;
    const report = (await asAdmin('GET', `/ai-token-payments/revenue-report?start_date=${day}&end_date=${day}`)).json();
    expect(report.totals).toMatchObject({ inflow: 15, refunds: 5, net: 10, transferred: 0 });

    const csv = await asAdmin('GET', `/ai-token-payments/revenue-report?start_date=${day}&end_date=${day}&format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="ai-pool-revenue-${day}-to-${day}.csv"`);
    expect(csv.body).toBe(
      `date,inflow_usd,refunds_usd,net_usd,transferred_usd\r\n${day},15.00,5.00,10.00,0.00\r\ntotal,15.00,5.00,10.00,0.00\r\n`,
    );

    const publicSummary = (await api('GET', '/ai-token-payments/public/summary')).json();
    expect(cents(publicSummary.total_contributed)).toBe(ledger);
    expect(first.orderId).toBeTruthy();
  });

  it('refuses backwards, too long and malformed report ranges with a clear message', async () => {
    const backwards = await asAdmin('GET', '/ai-token-payments/revenue-report?start_date=2026-03-10&end_date=2026-03-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().detail).toBe('start_date must be on or before end_date');
    const long = await asAdmin('GET', '/ai-token-payments/revenue-report?start_date=2024-01-01&end_date=2026-01-01');
    expect(long.json().detail).toBe('The date range can be at most 366 days');
    for (const bad of ['2026-02-30', '-000001-01-01', 'yesterday', '2026-1-1']) {
      const response = await asAdmin('GET', `/ai-token-payments/revenue-report?start_date=${bad}`);
      expect(response.statusCode, bad).toBe(422);
      expect(response.json().detail).toBe('start_date must be a date like 2026-01-31, in the years 2000 to 2999');
    }
    expect((await asAdmin('GET', '/ai-token-payments/dashboard?days=0')).statusCode).toBe(422);
    expect((await asAdmin('GET', '/ai-token-payments/transfer-history?limit=5000')).statusCode).toBe(422);
  });
});

describe('manual transfers', () => {
  it('never send more than the pool holds', async () => {
    const tooMuch = await asAdmin('POST', '/ai-token-payments/trigger-manual-transfer', { amount: 10.01 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().detail).toBe('The amount exceeds the pool balance of $10.00');
    expect((await asAdmin('POST', '/ai-token-payments/trigger-manual-transfer', { amount: -1 })).statusCode).toBe(422);
    expect(await providerBooks()).toEqual({ transfers: 0, cents: 0 });
  });

  it('send the balance once when five admins trigger at the same time', async () => {
    const before = await providerBooks();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => asAdmin('POST', '/ai-token-payments/trigger-manual-transfer', {})),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    const done = responses.find((r) => r.statusCode === 200)?.json().transfer;
    expect(done).toMatchObject({
      status: 'completed',
      amount: 10,
      token: 'USDC',
      token_amount: '10.000000',
      wallet_address: WALLET,
    });
    expect(done.transfer_id).toMatch(/^tt_test_/);
    const after = await providerBooks();
    expect(after.transfers - before.transfers).toBe(1);
    expect(after.cents - before.cents).toBe(1000);

    const dashboard = (await asAdmin('GET', '/ai-token-payments/dashboard')).json();
    expect(dashboard.pool_balance).toBe(0);
    expect(dashboard.total_transferred).toBe(10);
    expect(dashboard.recent_transfers[0].transfer_id).toBe(done.transfer_id);
    const empty = await asAdmin('POST', '/ai-token-payments/trigger-manual-transfer', {});
    expect(empty.statusCode).toBe(409);
    expect(empty.json().detail).toBe('The AI pool holds nothing to transfer');

    const history = (await asAdmin('GET', '/ai-token-payments/transfer-history?status=completed')).json();
    expect(history.transfers.map((x: { id: string }) => x.id)).toContain(done.id);
    const publicSummary = (await api('GET', '/ai-token-payments/public/summary')).json();
    expect(publicSummary.transfers[0]).toMatchObject({ id: done.id, amount: 10, transfer_id: done.transfer_id });
    expect(publicSummary.transfers[0]).not.toHaveProperty('requested_by');

    const audits = await t.db.select().from(auditLog).where(sql`${auditLog.subjectId} = ${done.id}`);
    expect(audits.map((a) => a.action).sort()).toEqual(['ai_pool.transfer_completed', 'ai_pool.transfer_requested']);
  });

  it('finish exactly once after a crash between the provider call and the bookkeeping', async () => {
    await buy(); // $5.00 more in the pool
    const real = t.deps.tokenTransfers;
    const crashing: TokenTransferProvider = {
      name: real.name,
      async transfer(request) {
        await real.transfer(request);
        throw new Error('process killed after the provider moved the money');
      },
    };
    t.deps.tokenTransfers = crashing;
    const before = await providerBooks();
    try {
      const crashed = await asAdmin('POST', '/ai-token-payments/trigger-manual-transfer', {});
      expect(crashed.statusCode).toBe(502);
    } finally {
      t.deps.tokenTransfers = real;
    }
    // The money is reserved while the outcome is unknown: no second transfer can start.
    const blocked = await asAdmin('POST', '/ai-token-payments/trigger-manual-transfer', {});
    expect(blocked.statusCode).toBe(409);
    expect((await asAdmin('GET', '/ai-token-payments/dashboard')).json()).toMatchObject({ pool_balance: 0, pending_transfer: 5 });

    expect(await finishPendingTransfers(t.deps, 0)).toBe(1);
    const after = await providerBooks();
    expect(after.transfers - before.transfers).toBe(1);
    expect(after.cents - before.cents).toBe(500);
    const dashboard = (await asAdmin('GET', '/ai-token-payments/dashboard')).json();
    expect(dashboard).toMatchObject({ pool_balance: 0, pending_transfer: 0, total_transferred: 15 });
    expect(cents(dashboard.total_contributed)).toBe(await ledgerPoolCents());
  });

  it('record a refusal as failed and leave the money in the pool', async () => {
    await buy();
    await asAdmin('PUT', '/ai-token-payments/ai-token-settings', { wallet_address: `0x${'0'.repeat(40)}` });
    const refused = await asAdmin('POST', '/ai-token-payments/trigger-manual-transfer', {});
    expect(refused.statusCode).toBe(502);
    expect(refused.json().detail).toBe('The transfer was refused: The destination wallet cannot receive tokens');
    const history = (await asAdmin('GET', '/ai-token-payments/transfer-history?status=failed&limit=1')).json();
    expect(history).toMatchObject({ total: 1, limit: 1 });
    expect(history.transfers[0]).toMatchObject({ status: 'failed', amount: 5 });
    expect((await asAdmin('GET', '/ai-token-payments/dashboard')).json().pool_balance).toBe(5);
    await asAdmin('PUT', '/ai-token-payments/ai-token-settings', { wallet_address: WALLET });
  });
});

describe('the scheduled transfer', () => {
  it('runs only when enabled, due and above the threshold, then waits for the next period', async () => {
    await asAdmin('PUT', '/ai-token-payments/ai-token-settings', { auto_transfer_enabled: false });
    expect(await runScheduledPoolTransfer(t.deps)).toBeNull();
    await asAdmin('PUT', '/ai-token-payments/ai-token-settings', {
      auto_transfer_enabled: true,
      auto_transfer_threshold: 6,
      schedule: 'weekly',
    });
    // $5.00 in the pool is below the $6.00 threshold.
    expect(await runScheduledPoolTransfer(t.deps)).toBeNull();
    await asAdmin('PUT', '/ai-token-payments/ai-token-settings', { auto_transfer_threshold: 5 });
    const sent = await runScheduledPoolTransfer(t.deps);
    expect(sent).toMatchObject({ status: 'completed', trigger: 'scheduled', amount: 5 });
    await buy();
    // A week has not passed since the last scheduled transfer.
    expect(await runScheduledPoolTransfer(t.deps)).toBeNull();
    const nextWeek = new Date(Date.now() + 7 * 86_400_000 + 1000);
    expect(await runScheduledPoolTransfer(t.deps, nextWeek)).toMatchObject({ trigger: 'scheduled', amount: 5 });
    const dashboard = (await asAdmin('GET', '/ai-token-payments/dashboard')).json();
    expect(cents(dashboard.total_transferred) + cents(dashboard.pool_balance)).toBe(await ledgerPoolCents());
  });

  it('after a refusal waits an hour before trying again, instead of failing on every sweep', async () => {
    await buy();
    await asAdmin('PUT', '/ai-token-payments/ai-token-settings', { wallet_address: `0x${'0'.repeat(40)}` });
    const later = new Date(Date.now() + 15 * 86_400_000);
    await expect(runScheduledPoolTransfer(t.deps, later)).rejects.toThrow('The transfer was refused');
    expect(await runScheduledPoolTransfer(t.deps, new Date(Date.now() + 60_000))).toBeNull();
    const failed = (await asAdmin('GET', '/ai-token-payments/transfer-history?status=failed')).json().transfers;
    expect(failed.filter((x: { trigger: string }) => x.trigger === 'scheduled')).toHaveLength(1);
    await asAdmin('PUT', '/ai-token-payments/ai-token-settings', { wallet_address: WALLET });
  });
});

describe('money a buyer may still get back', () => {
  it('stays in the pool inside the refund window and while a refund request is open, so the pool never goes negative', async () => {
    await asAdmin('PUT', '/ai-token-payments/ai-token-settings', { wallet_address: WALLET, auto_transfer_enabled: false });
    // A month later: the earlier stories' sales are past the window. Start from an empty transferable balance.
    await t.db.execute(sql`update ledger_entries set created_at = created_at - interval '31 days'`);
    await setHoldDays(30);
    if ((await asAdmin('GET', '/ai-token-payments/dashboard')).json().pool_balance > 0) {
      expect((await asAdmin('POST', '/ai-token-payments/trigger-manual-transfer', {})).statusCode).toBe(200);
    }
    const before = (await asAdmin('GET', '/ai-token-payments/dashboard')).json();
    expect(before.pool_balance).toBe(0);

    // Day 0: a sale. Its $5.00 share is held for the refund window.
    const purchase = await buy();
    let dashboard = (await asAdmin('GET', '/ai-token-payments/dashboard')).json();
    expect(dashboard).toMatchObject({ pool_balance: 0, held: before.held + 5 });
    expect((await asAdmin('POST', '/ai-token-payments/trigger-manual-transfer', {})).statusCode).toBe(409);

    // Day 29: the buyer asks for a refund. Day 31: the window is over, but the request is still open.
    await ageSale(purchase.orderId, 29);
    const asked = await api('POST', `/orders/${purchase.orderId}/request-refund`, purchase.token, {
      reason: 'It does not do what I need at all',
    });
    expect(asked.statusCode).toBe(201);
    await ageSale(purchase.orderId, 31);
    dashboard = (await asAdmin('GET', '/ai-token-payments/dashboard')).json();
    expect(dashboard).toMatchObject({ pool_balance: 0, held: before.held + 5 });
    const refused = await asAdmin('POST', '/ai-token-payments/trigger-manual-transfer', {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('The AI pool holds nothing to transfer');
    expect(await runScheduledPoolTransfer(t.deps, new Date(Date.now() + 60 * 86_400_000))).toBeNull();

    // The refund is approved: the share goes back to the buyer, never below zero.
    const decided = await asAdmin('PUT', `/admin/orders/${purchase.orderId}/refund`, { decision: 'approve', note: 'Refunded' });
    expect(decided.statusCode).toBe(200);
    dashboard = (await asAdmin('GET', '/ai-token-payments/dashboard')).json();
    expect(dashboard).toMatchObject({ pool_balance: 0, held: before.held });
    expect(cents(dashboard.total_transferred) + cents(dashboard.pool_balance) + cents(dashboard.held)).toBe(
      await ledgerPoolCents(),
    );
  });

  it('releases a share once its refund request is declined', async () => {
    await setHoldDays(30);
    const purchase = await buy();
    await ageSale(purchase.orderId, 10);
    expect(
      (
        await api('POST', `/orders/${purchase.orderId}/request-refund`, purchase.token, {
          reason: 'Changed my mind about this one',
        })
      ).statusCode,
    ).toBe(201);
    await ageSale(purchase.orderId, 31);
    expect((await asAdmin('GET', '/ai-token-payments/dashboard')).json().pool_balance).toBe(0);
    const denied = await asAdmin('PUT', `/admin/orders/${purchase.orderId}/refund`, {
      decision: 'deny',
      note: 'The product works as described',
    });
    expect(denied.statusCode).toBe(200);
    expect((await asAdmin('GET', '/ai-token-payments/dashboard')).json().pool_balance).toBe(5);
    const sent = await asAdmin('POST', '/ai-token-payments/trigger-manual-transfer', {});
    expect(sent.json().transfer).toMatchObject({ status: 'completed', amount: 5 });
  });
});
