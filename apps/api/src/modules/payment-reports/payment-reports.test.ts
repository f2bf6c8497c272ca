import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProductFile, createProduct, createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/helpers';

/** Payment analytics and buyer history on a real database, after real sales and refunds. */

let t: TestApp;
let adminToken: string;
let sellerToken: string;
let tools: { id: string; title: string; priceCents: number }[];
const CARD = { card_number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' };

beforeAll(async () => {
  t = await createTestApp();
  const seller = await createUser(t.db, 'seller');
  const admin = await createUser(t.db, 'admin');
  adminToken = await signIn(t.app, admin.email, FACTORY_PASSWORD);
  sellerToken = await signIn(t.app, seller.email, FACTORY_PASSWORD);
  tools = [
    await createProduct(t.db, seller, { title: 'Report Kit', priceCents: 4999 }),
    await createProduct(t.db, seller, { title: 'Chart Kit', priceCents: 1234 }),
  ];
  for (const tool of tools) await addProductFile(t.deps, tool.id, 'kit.py', 'print("kit")\n');
});
afterAll(async () => {
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: token ? bearer(token) : {} });

async function newBuyer() {
  const user = await createUser(t.db, 'buyer');
  return signIn(t.app, user.email, FACTORY_PASSWORD);
}

async function buy(token: string, productId: string): Promise<{ order_id: string; order_number: string }> {
  expect((await api('POST', '/cart/add', token, { product_id: productId, quantity: 1 })).statusCode).toBe(200);
  const order = (await api('POST', '/orders/checkout', token, { billing_country: 'US' })).json();
  expect((await api('POST', `/payments/confirm-payment/${order.payment_intent_id}`, token, CARD)).statusCode).toBe(200);
  return order;
}

async function refund(token: string, orderId: string) {
  const asked = await api('POST', `/orders/${orderId}/request-refund`, token, { reason: 'It does not do what I need at all' });
  expect(asked.statusCode).toBe(201);
  const decided = await api('PUT', `/admin/orders/${orderId}/refund`, adminToken, { decision: 'approve', note: 'Refunded' });
  expect(decided.statusCode).toBe(200);
}

async function ledgerByKind() {
  const rows = await t.db.execute<{ kind: string; reason: string; total: number }>(
    sql`select kind, reason, sum(amount_cents)::int as total from ledger_entries group by kind, reason`,
  );
  const of = (kind: string, reason?: string) =>
    rows.rows.filter((r) => r.kind === kind && (!reason || r.reason === reason)).reduce((s, r) => s + r.total, 0);
  const all = (reason: string) => rows.rows.filter((r) => r.reason === reason).reduce((s, r) => s + r.total, 0);
  return {
    gross: all('sale'),
    refunds: -all('refund'),
    platform: of('platform'),
    pool: of('ai_pool'),
    sellers: of('seller'),
  };
}

const cents = (dollars: number) => Math.round(dollars * 100);

describe('payment analytics', () => {
  it('equal the ledger after sales and refunds, by day and in total', async () => {
    const alice = await newBuyer();
    const bob = await newBuyer();
    await buy(alice, tools[0]?.id as string);
    await buy(bob, tools[1]?.id as string);
    const refunded = await buy(bob, tools[0]?.id as string);
    await refund(bob, refunded.order_id);

    const ledger = await ledgerByKind();
    expect(ledger.gross).toBe(4999 + 1234 + 4999);
    expect(ledger.refunds).toBe(4999);

    const response = await api('GET', '/payments/admin/analytics?days=7', adminToken);
    expect(response.statusCode).toBe(200);
    const analytics = response.json();
    expect(analytics.daily).toHaveLength(7);
    expect(analytics.currency).toBe('USD');
    const { totals } = analytics;
    expect(cents(totals.gross)).toBe(ledger.gross);
    expect(cents(totals.refunds)).toBe(ledger.refunds);
    expect(cents(totals.platform_fees)).toBe(ledger.platform);
    expect(cents(totals.ai_pool)).toBe(ledger.pool);
    expect(cents(totals.seller_share)).toBe(ledger.sellers);
    expect(cents(totals.net)).toBe(ledger.gross - ledger.refunds);
    expect(cents(totals.net)).toBe(ledger.platform + ledger.pool + ledger.sellers);
    expect(totals.orders).toBe(3);
    // Today holds everything; the days before are present with zeros.
    expect(analytics.daily.at(-1)).toMatchObject({ gross: totals.gross, refunds: totals.refunds, orders: 3 });
    expect(analytics.daily[0]).toMatchObject({ gross: 0, refunds: 0, net: 0, orders: 0 });

    const today = analytics.end_date as string;
    const sameDay = (await api('GET', `/payments/admin/analytics?start_date=${today}&end_date=${today}`, adminToken)).json();
    expect(sameDay.totals).toEqual(totals);
  });

  it('refuses wrong roles and bad ranges', async () => {
    expect((await api('GET', '/payments/admin/analytics')).statusCode).toBe(401);
    expect((await api('GET', '/payments/admin/analytics', sellerToken)).statusCode).toBe(403);
    const backwards = await api('GET', '/payments/admin/analytics?start_date=2026-05-02&end_date=2026-05-01', adminToken);
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().detail).toBe('start_date must be on or before end_date');
    const tooLong = await api('GET', '/payments/admin/analytics?start_date=2025-01-01&end_date=2026-06-01', adminToken);
    expect(tooLong.json().detail).toBe('The date range can be at most 366 days');
    expect((await api('GET', '/payments/admin/analytics?days=400', adminToken)).statusCode).toBe(422);
    expect((await api('GET', '/payments/admin/analytics?end_date=2026-13-01', adminToken)).statusCode).toBe(422);
  });
});

describe('a buyer’s payment history', () => {
  it('lists only their own payments and refunds, newest first, paginated', async () => {
    const carol = await newBuyer();
    const other = await newBuyer();
    const first = await buy(carol, tools[1]?.id as string);
    const second = await buy(carol, tools[0]?.id as string);
    await refund(carol, second.order_id);
    await buy(other, tools[1]?.id as string);
    // An order left unpaid is not a payment.
    await api('POST', '/cart/add', carol, { product_id: tools[1]?.id, quantity: 1 });
    await api('POST', '/orders/checkout', carol, { billing_country: 'US' });

    const page1 = (await api('GET', '/payments/history?limit=1', carol)).json();
    expect(page1).toMatchObject({ total: 2, page: 1, pages: 2 });
    expect(page1.payments[0]).toMatchObject({
      order_id: second.order_id,
      status: 'refunded',
      amount: 49.99,
      refunded_amount: 49.99,
      currency: 'USD',
      provider: 'test',
    });
    expect(page1.payments[0].refunded_at).toBeTruthy();
    const page2 = (await api('GET', '/payments/history?limit=1&page=2', carol)).json();
    expect(page2.payments[0]).toMatchObject({
      order_id: first.order_id,
      status: 'paid',
      amount: 12.34,
      refunded_amount: 0,
      refunded_at: null,
    });

    const all = (await api('GET', '/payments/history', carol)).json();
    expect(all.payments.map((p: { order_id: string }) => p.order_id)).toEqual([second.order_id, first.order_id]);
  });

  it('needs a signed-in user and valid paging', async () => {
    expect((await api('GET', '/payments/history')).statusCode).toBe(401);
    const token = await newBuyer();
    expect((await api('GET', '/payments/history', token)).json()).toEqual({ payments: [], total: 0, page: 1, pages: 0 });
    expect((await api('GET', '/payments/history?limit=0', token)).statusCode).toBe(422);
    expect((await api('GET', '/payments/history?page=abc', token)).statusCode).toBe(422);
  });
});
