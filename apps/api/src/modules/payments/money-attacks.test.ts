// @database-server: concurrent payments, refunds and replays
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProductFile, createProduct, createPromo, createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, outboxMessages, signIn, type TestApp } from '../../../test/helpers';
import { orders, products, refundRequests } from '../../db/schema';
import type { UserRow } from '../users/repository';
import { runPaymentSweep } from './reconcile';
import { settleCharge } from './settle';

/**
 * The money rules, attacked the way outside testing attacked them: replay after a state change
 * (refund, cancel, expiry), concurrency, and crashes between the charge and the bookkeeping.
 */

let t: TestApp;
let seller: UserRow;
let admin: UserRow;
let adminToken: string;
let tool: { id: string; title: string; priceCents: number };

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_STALE_SECONDS: '0' });
  seller = await createUser(t.db, 'seller');
  admin = await createUser(t.db, 'admin');
  adminToken = await signIn(t.app, admin.email, FACTORY_PASSWORD);
  tool = await createProduct(t.db, seller, { title: 'Forecast Toolkit', priceCents: 4000, category: 'datasets' });
  await addProductFile(t.deps, tool.id, 'forecast.py', 'print("forecast")\n');
  await createPromo(t.db, { code: 'WELCOME', kind: 'fixed', value: 5000, firstOrderOnly: true, perCustomerLimit: 1 });
});
afterAll(async () => {
  await t.close();
});

const CARD = { card_number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' };

async function buyer() {
  const user = await createUser(t.db, 'buyer');
  const token = await signIn(t.app, user.email, FACTORY_PASSWORD);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url: `/api/v1${url}`, payload, headers: { ...bearer(token), ...headers } });
  return {
    user,
    call,
    add: (productId = tool.id) => call('POST', '/cart/add', { product_id: productId, quantity: 1 }),
    promo: (code: string) => call('POST', '/cart/promo', { code }),
    checkout: (key?: string) =>
      call('POST', '/orders/checkout', { billing_country: 'US' }, key ? { 'idempotency-key': key } : {}),
    pay: (intentId: string) => call('POST', `/payments/confirm-payment/${intentId}`, CARD),
  };
}

async function paidOrder() {
  const b = await buyer();
  await b.add();
  const order = (await b.checkout()).json();
  expect((await b.pay(order.payment_intent_id)).statusCode).toBe(200);
  return { b, order };
}

async function refund(b: Awaited<ReturnType<typeof buyer>>, orderId: string) {
  const asked = await b.call('POST', `/orders/${orderId}/request-refund`, { reason: 'It does not do what I need at all' });
  expect(asked.statusCode).toBe(201);
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/orders/${orderId}/refund`,
    headers: bearer(adminToken),
    payload: { decision: 'approve', note: 'Refunded as asked' },
  });
}

async function ledgerSum(orderId: string): Promise<number> {
  const rows = await t.db.execute(
    sql`select coalesce(sum(amount_cents), 0)::int as total from ledger_entries where order_id = ${orderId}`,
  );
  return (rows.rows[0] as { total: number }).total;
}

async function intentBooks(intentId: string) {
  const rows = await t.db.execute(
    sql`select status, amount_cents, amount_refunded_cents, (select count(*)::int from test_refunds r where r.intent_id = i.id) as refunds
        from test_payment_intents i where id = ${intentId}`,
  );
  return rows.rows[0] as { status: string; amount_cents: number; amount_refunded_cents: number; refunds: number };
}

async function orderRow(orderId: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return row as typeof orders.$inferSelect;
}

describe('a refunded order', () => {
  it('can not be paid again, by confirm-payment or save-order, and its money leaves the ledger', async () => {
    const { b, order } = await paidOrder();
    const salesBefore = (await t.db.select().from(products).where(eq(products.id, tool.id)))[0]?.salesCount ?? 0;
    const sellerToken = await signIn(t.app, seller.email, FACTORY_PASSWORD);
    const sellerStats = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/seller/dashboard/stats', headers: bearer(sellerToken) })).json();
    const statsBefore = await sellerStats();
    expect(await ledgerSum(order.order_id)).toBe(4000);
    expect((await refund(b, order.order_id)).statusCode).toBe(200);
    // The seller's figures count only money that was kept: 80% of $40 leaves, and the sale.
    const statsAfter = await sellerStats();
    expect(Math.round((statsBefore.total_revenue - statsAfter.total_revenue) * 100)).toBe(3200);
    expect(statsBefore.total_sales - statsAfter.total_sales).toBe(1);

    const again = await b.pay(order.payment_intent_id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ORDER_NOT_PAYABLE',
      detail: 'This order was refunded and can not be paid again',
    });
    const saved = await b.call('POST', '/orders/save-order', {
      payment_intent_id: order.payment_intent_id,
      status: 'completed',
      payment_status: 'paid',
    });
    expect(saved.statusCode).toBe(409);
    expect((await b.call('GET', `/orders/${order.order_id}/download-zip`)).statusCode).toBe(403);

    expect(await orderRow(order.order_id)).toMatchObject({ status: 'refunded', paymentStatus: 'refunded' });
    expect(await ledgerSum(order.order_id)).toBe(0);
    const salesAfter = (await t.db.select().from(products).where(eq(products.id, tool.id)))[0]?.salesCount ?? 0;
    expect(salesAfter).toBe(salesBefore - 1);
    // The test processor refunded in its own books, once.
    expect(await intentBooks(order.payment_intent_id)).toMatchObject({
      status: 'succeeded',
      amount_cents: 4000,
      amount_refunded_cents: 4000,
      refunds: 1,
    });
    const [request] = await t.db.select().from(refundRequests).where(eq(refundRequests.orderId, order.order_id));
    expect(request).toMatchObject({ status: 'approved', decidedBy: admin.id });
    expect(request?.providerRefundId).toMatch(/^re_test_/);
  });

  it('is approved once when eight admins click at the same time: one provider refund, one e-mail', async () => {
    const { b, order } = await paidOrder();
    await b.call('POST', `/orders/${order.order_id}/request-refund`, { reason: 'Bought the wrong toolkit by mistake' });
    const decide = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/orders/${order.order_id}/refund`,
        headers: bearer(adminToken),
        payload: { decision: 'approve' },
      });
    const answers = await Promise.all(Array.from({ length: 8 }, decide));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect((await intentBooks(order.payment_intent_id)).refunds).toBe(1);
    const mails = outboxMessages(t.config).filter((m) => m.includes(`To: ${b.user.email}`) && m.includes('approved'));
    expect(mails).toHaveLength(1);
    expect(await ledgerSum(order.order_id)).toBe(0);
  });

  it('a denied refund keeps the order paid and cannot be approved afterwards', async () => {
    const { b, order } = await paidOrder();
    await b.call('POST', `/orders/${order.order_id}/request-refund`, { reason: 'Changed my mind about this one' });
    const deny = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/orders/${order.order_id}/refund`,
      headers: bearer(adminToken),
      payload: { decision: 'deny', note: 'Files were downloaded already' },
    });
    expect(deny.statusCode).toBe(200);
    const approve = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/orders/${order.order_id}/refund`,
      headers: bearer(adminToken),
      payload: { decision: 'approve' },
    });
    expect(approve.statusCode).toBe(409);
    expect(await ledgerSum(order.order_id)).toBe(4000);
  });
});

describe('promo codes', () => {
  it('a single-use code can not be used twice through cancel-and-retry', async () => {
    await createPromo(t.db, { code: 'ONCEONLY', kind: 'percent', value: 50, usageLimit: 1 });
    const b = await buyer();
    await b.add();
    await b.promo('ONCEONLY');
    const first = (await b.checkout()).json();
    const second = (await b.checkout()).json();
    expect(second.amount).toBe(20);
    expect((await b.pay(second.payment_intent_id)).statusCode).toBe(200);
    // The cancelled first order can not be paid: the code's one use stays with the paid order.
    expect((await b.pay(first.payment_intent_id)).statusCode).toBe(409);
    const used = await t.db.execute(sql`select used_count from promo_codes where code = 'ONCEONLY'`);
    expect(used.rows[0]).toEqual({ used_count: 1 });
    // And it is gone for the next try.
    await b.add();
    expect((await b.promo('ONCEONLY')).statusCode).toBe(422);
  });

  it('WELCOME is for a first order only, once, also after a refund', async () => {
    const b = await buyer();
    const pricey = await createProduct(t.db, seller, { title: 'Vision Suite', priceCents: 12_000 });
    await b.add(pricey.id);
    expect((await b.promo('WELCOME')).statusCode).toBe(200);
    const order = (await b.checkout()).json();
    expect(order.amount).toBe(70);
    expect((await b.pay(order.payment_intent_id)).statusCode).toBe(200);

    await b.add(pricey.id);
    const again = await b.promo('WELCOME');
    expect(again.statusCode).toBe(422);
    expect(again.json().detail).toBe('WELCOME is for your first order only');

    expect((await refund(b, order.order_id)).statusCode).toBe(200);
    expect((await b.promo('WELCOME')).json().detail).toBe('WELCOME is for your first order only');
  });

  it('a code in the cart that stops applying is refused at checkout, never silently charged', async () => {
    await createPromo(t.db, { code: 'BIGCART', kind: 'percent', value: 10, minSubtotalCents: 5000 });
    const b = await buyer();
    const big = await createProduct(t.db, seller, { priceCents: 6000 });
    await b.add(big.id);
    expect((await b.promo('BIGCART')).statusCode).toBe(200);
    await b.call('DELETE', `/cart/items/${big.id}`);
    await b.add();
    expect((await b.call('GET', '/cart')).json()).toMatchObject({
      promoCode: null,
      promo_notice: 'BIGCART needs a subtotal of at least $50.00',
    });
    const checkout = await b.checkout();
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json().detail).toBe('BIGCART needs a subtotal of at least $50.00. Remove it and try again.');
    expect((await b.promo('BIGCART')).json().detail).toBe('BIGCART needs a subtotal of at least $50.00');
  });

  it('respects the validity window, the category scope and the per-buyer limit', async () => {
    await createPromo(t.db, { code: 'LATER', kind: 'percent', value: 10, startsAt: new Date(Date.now() + 86_400_000) });
    await createPromo(t.db, { code: 'DATA20', kind: 'percent', value: 20, category: 'datasets', perCustomerLimit: 1 });
    await createPromo(t.db, { code: 'TOOLS20', kind: 'percent', value: 20, category: 'ai-tools' });
    const b = await buyer();
    await b.add();
    expect((await b.promo('LATER')).json().detail).toBe('Invalid promo code');
    expect((await b.promo('TOOLS20')).json().detail).toBe('TOOLS20 applies only to AI Tools products');
    expect((await b.promo('DATA20')).statusCode).toBe(200);
    const order = (await b.checkout()).json();
    expect(order.amount).toBe(32);
    expect((await b.pay(order.payment_intent_id)).statusCode).toBe(200);
    // Buying the same product again takes an explicit buy_again (it is in their library now).
    expect((await b.call('POST', '/cart/add', { product_id: tool.id, quantity: 1, buy_again: true })).statusCode).toBe(200);
    expect((await b.promo('DATA20')).json().detail).toBe('You have already used DATA20');
  });

  it('a free order is a real paid order but does not make a verified reviewer', async () => {
    const b = await buyer();
    await b.add();
    await b.promo('WELCOME');
    const order = await b.checkout();
    expect(order.json()).toMatchObject({ amount: 0, provider: 'free', payment_status: 'paid', status: 'completed' });
    expect((await b.call('GET', `/orders/${order.json().order_id}`)).json().payment_status).toBe('paid');
    const review = await b.call('POST', `/products/${tool.id}/reviews`, { rating: 5, comment: 'Wonderful, five stars from me!' });
    expect(review.statusCode).toBe(403);
  });
});

describe('unpaid orders', () => {
  it('expire: an overdue order can not be paid, and the sweep gives its promo use back', async () => {
    await createPromo(t.db, { code: 'LASTONE', kind: 'percent', value: 10, usageLimit: 1 });
    const b = await buyer();
    await b.add();
    await b.promo('LASTONE');
    const order = (await b.checkout()).json();
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order.order_id));
    const late = await b.pay(order.payment_intent_id);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe('This order expired before it was paid. Please check out again.');
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'expired', paymentStatus: 'void' });
    expect((await intentBooks(order.payment_intent_id)).status).toBe('requires_payment_method');

    const other = await buyer();
    await other.add();
    await other.promo('LASTONE');
    const abandoned = (await other.checkout()).json();
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, abandoned.order_id));
    const report = await runPaymentSweep(t.deps);
    expect(report.expired).toBeGreaterThanOrEqual(1);
    expect(await orderRow(abandoned.order_id)).toMatchObject({ status: 'expired', paymentStatus: 'void' });
    expect((await intentBooks(abandoned.payment_intent_id)).status).toBe('canceled');
    const used = await t.db.execute(sql`select used_count from promo_codes where code = 'LASTONE'`);
    expect(used.rows[0]).toEqual({ used_count: 0 });
  });

  it('are re-checked at payment: a repriced or withdrawn product cancels the order before any charge', async () => {
    const b = await buyer();
    const cheap = await createProduct(t.db, seller, { title: 'Cheap Model', priceCents: 4000 });
    await b.add(cheap.id);
    const repriced = (await b.checkout()).json();
    await t.db.update(products).set({ priceCents: 40_000 }).where(eq(products.id, cheap.id));
    const paid = await b.pay(repriced.payment_intent_id);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().detail).toBe('The price of Cheap Model has changed. Please check out again.');
    expect((await intentBooks(repriced.payment_intent_id)).status).toBe('requires_payment_method');

    const c = await buyer();
    const doomed = await createProduct(t.db, seller, { title: 'Doomed Agent', priceCents: 4000 });
    await c.add(doomed.id);
    const withdrawn = (await c.checkout()).json();
    await t.db.update(products).set({ status: 'rejected' }).where(eq(products.id, doomed.id));
    const refused = await c.pay(withdrawn.payment_intent_id);
    expect(refused.json().detail).toBe('Doomed Agent is no longer available. Please check out again.');
    expect(await orderRow(withdrawn.order_id)).toMatchObject({ status: 'cancelled' });
  });

  it('three pays at once of a repriced order all say why, charge nothing, and a later pay says it again', async () => {
    const b = await buyer();
    const product = await createProduct(t.db, seller, { title: 'Drifting Price Kit', priceCents: 4000 });
    await b.add(product.id);
    const order = (await b.checkout()).json();
    await t.db.update(products).set({ priceCents: 4500 }).where(eq(products.id, product.id));
    const reason = 'The price of Drifting Price Kit has changed. Please check out again.';
    const answers = await Promise.all(Array.from({ length: 3 }, () => b.pay(order.payment_intent_id)));
    expect(answers.map((a) => [a.statusCode, a.json().detail])).toEqual([
      [409, reason],
      [409, reason],
      [409, reason],
    ]);
    expect((await b.pay(order.payment_intent_id)).json().detail).toBe(reason);
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'cancelled', paymentStatus: 'void' });
    expect(await ledgerSum(order.order_id)).toBe(0);
  });

  it('a superseded order is cancelled only after its intent is closed, so it can never be charged', async () => {
    const b = await buyer();
    await b.add();
    const first = (await b.checkout()).json();
    const second = (await b.checkout()).json();
    expect(second.order_id).not.toBe(first.order_id);
    expect((await b.pay(first.payment_intent_id)).json()).toMatchObject({
      code: 'ORDER_NOT_PAYABLE',
      detail: 'This order was replaced by a newer checkout. Please pay the newer order.',
    });
    expect((await intentBooks(first.payment_intent_id)).status).toBe('canceled');
    expect((await b.pay(second.payment_intent_id)).statusCode).toBe(200);
  });
});

describe('charges and crashes', () => {
  it('a double submit of the pay button charges once and both answers say paid', async () => {
    const b = await buyer();
    await b.add();
    const order = (await b.checkout()).json();
    const answers = await Promise.all(Array.from({ length: 6 }, () => b.pay(order.payment_intent_id)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.every((a) => a.json().payment_status === 'paid')).toBe(true);
    expect(await ledgerSum(order.order_id)).toBe(4000);
  });

  it('a charge left half-way by a crash is settled by the sweep, not charged again by a new checkout', async () => {
    const b = await buyer();
    await b.add();
    const order = (await b.checkout()).json();
    // The crash: the claim was committed and the card charged, but "mark paid" never ran.
    await t.db
      .update(orders)
      .set({ paymentStatus: 'processing', paymentAttemptAt: new Date() })
      .where(eq(orders.id, order.order_id));
    await t.deps.payments.confirm(order.payment_intent_id, CARD);

    // Reloading checkout settles the charge instead of cancelling the order and charging again.
    const reload = await b.checkout('a-new-key');
    expect(reload.statusCode).toBe(422);
    expect(reload.json().detail).toBe('Your cart is empty');
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'completed', paymentStatus: 'paid' });

    const c = await buyer();
    await c.add();
    const other = (await c.checkout()).json();
    await t.db
      .update(orders)
      .set({ paymentStatus: 'processing', paymentAttemptAt: new Date(Date.now() - 5000) })
      .where(eq(orders.id, other.order_id));
    await t.deps.payments.confirm(other.payment_intent_id, CARD);
    const report = await runPaymentSweep(t.deps);
    expect(report.settled).toBeGreaterThanOrEqual(1);
    expect(await orderRow(other.order_id)).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    expect(await ledgerSum(other.order_id)).toBe(4000);
  });

  it('a claim whose charge never happened goes back to unpaid and can be paid', async () => {
    const b = await buyer();
    await b.add();
    const order = (await b.checkout()).json();
    await t.db
      .update(orders)
      .set({ paymentStatus: 'processing', paymentAttemptAt: new Date(Date.now() - 5000) })
      .where(eq(orders.id, order.order_id));
    expect((await runPaymentSweep(t.deps)).released).toBeGreaterThanOrEqual(1);
    expect((await orderRow(order.order_id)).paymentStatus).toBe('unpaid');
    expect((await b.pay(order.payment_intent_id)).statusCode).toBe(200);
  });

  it('a charge that lands on an order that can no longer be paid is refunded in full, once', async () => {
    const b = await buyer();
    await b.add();
    const order = (await b.checkout()).json();
    await t.deps.payments.confirm(order.payment_intent_id, CARD);
    await t.db.update(orders).set({ status: 'cancelled', paymentStatus: 'void' }).where(eq(orders.id, order.order_id));
    const charge = { orderId: order.order_id, intentId: order.payment_intent_id, amountCents: 4000, currency: 'usd' };
    expect(await settleCharge(t.deps, charge)).toBe('refunded');
    expect(await settleCharge(t.deps, charge)).toBe('refunded');
    expect(await intentBooks(order.payment_intent_id)).toMatchObject({ amount_refunded_cents: 4000, refunds: 1 });
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(await ledgerSum(order.order_id)).toBe(0);
  });

  it('a refund interrupted after the provider call is finished by the sweep, without a second refund', async () => {
    const { b, order } = await paidOrder();
    await b.call('POST', `/orders/${order.order_id}/request-refund`, { reason: 'Not what the page described' });
    const [request] = await t.db.select().from(refundRequests).where(eq(refundRequests.orderId, order.order_id));
    // The crash: claimed and refunded at the provider, but our books were never written.
    await t.db
      .update(refundRequests)
      .set({ status: 'processing', decidedAt: new Date(Date.now() - 5000) })
      .where(eq(refundRequests.id, request?.id as string));
    await t.deps.payments.refund(order.payment_intent_id, 4000, `refund-${request?.id}`);
    expect((await runPaymentSweep(t.deps)).refundsFinished).toBe(1);
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'refunded', paymentStatus: 'refunded' });
    expect(await intentBooks(order.payment_intent_id)).toMatchObject({ amount_refunded_cents: 4000, refunds: 1 });
    expect(await ledgerSum(order.order_id)).toBe(0);
  });

  it('the whole ledger equals the money kept: paid totals minus refunds', async () => {
    const rows = await t.db.execute(sql`
      select
        (select coalesce(sum(amount_cents), 0)::int from ledger_entries) as ledger,
        (select coalesce(sum(total_cents), 0)::int from orders where payment_status = 'paid') as kept`);
    const { ledger, kept } = rows.rows[0] as { ledger: number; kept: number };
    expect(ledger).toBe(kept);
  });
});
