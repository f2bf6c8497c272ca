// @database-server: free and pay-what-you-want orders, attacked
import { MESSAGE_CATALOGUE, MESSAGE_LANGUAGES } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProductFile, checkoutAndPay, createProduct, createPromo, signedInUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { orders, products } from '../../db/schema';

/**
 * Free products and pay-what-you-want (issue 25, docs/decisions/0042): the server decides every
 * amount. A buyer's amount is checked against the product as stored, at the cart and again at
 * checkout; a free order is paid without the provider; the split follows the amount paid.
 */

let t: TestApp;
let seller: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_STALE_SECONDS: '0' });
  seller = await signedInUser(t, 'seller');
});
afterAll(async () => {
  await t.close();
});

async function product(values: { priceCents: number; pwywSuggestedCents?: number | null; title?: string }) {
  const row = await createProduct(t.db, seller.user, { category: 'ai-tools', ...values });
  await addProductFile(t.deps, row.id, 'tool.py', 'print("tool")\n');
  return row;
}

async function buyer() {
  return signedInUser(t, 'buyer');
}

const add = (b: Awaited<ReturnType<typeof buyer>>, productId: string, amount?: unknown) =>
  b.call('POST', '/cart/add', { product_id: productId, quantity: 1, ...(amount !== undefined && { amount }) });

async function ledger(orderId: string) {
  const rows = (await t.db.execute(sql`select kind, seller_id, amount_cents from ledger_entries where order_id = ${orderId}`))
    .rows as { kind: string; seller_id: string | null; amount_cents: number }[];
  const of = (kind: string) => rows.filter((r) => r.kind === kind).reduce((sum, r) => sum + r.amount_cents, 0);
  return {
    ai: of('ai_pool'),
    platform: of('platform'),
    seller: of('seller'),
    total: rows.reduce((s, r) => s + r.amount_cents, 0),
  };
}

const intentsOf = async (orderId: string) =>
  (
    (await t.db.execute(sql`select count(*)::int as n from test_payment_intents where order_id = ${orderId}`)).rows[0] as {
      n: number;
    }
  ).n;

function expectCatalogued(body: { messageId?: string; detail: string }, id: string) {
  expect(body.messageId).toBe(id);
  for (const language of MESSAGE_LANGUAGES) expect(MESSAGE_CATALOGUE[language][id as 'cart.pwywFixedPrice']).toBeTruthy();
}

describe('a free product', () => {
  it('is ordered without a card: one paid order, no payment intent, downloads, a licence key and a review', async () => {
    const free = await product({ priceCents: 0, title: 'Free Prompt Pack' });
    expect(
      (await seller.call('PUT', `/seller/products/${free.id}/license-settings`, { enabled: true, activation_limit: 2 }))
        .statusCode,
    ).toBe(200);
    const shown = (await t.app.inject({ method: 'GET', url: `/api/v1/products/${free.id}` })).json();
    expect(shown).toMatchObject({ price: 0, pay_what_you_want: false, suggested_price: null });

    const b = await buyer();
    expect((await add(b, free.id)).json()).toMatchObject({ total: 0, items: [{ price: 0 }] });
    const checkout = await b.call('POST', '/orders/checkout');
    expect(checkout.statusCode).toBe(201);
    expect(checkout.json()).toMatchObject({
      provider: 'free',
      amount: 0,
      payment_intent_id: null,
      client_secret: null,
      status: 'completed',
      payment_status: 'paid',
    });
    const orderId = checkout.json().order_id as string;
    expect(await intentsOf(orderId)).toBe(0);
    expect((await b.call('GET', '/cart')).json().items).toHaveLength(0);

    const links = await b.call('GET', `/orders/${orderId}/download-links`);
    expect(links.statusCode).toBe(200);
    const url = links.json().links[0].url as string;
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('print("tool")');

    const keys = (await b.call('GET', `/licenses/mine?order_id=${orderId}`)).json().licenses;
    expect(keys).toHaveLength(1);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/v1/licenses/verify',
      payload: { product_id: free.id, key: keys[0].key },
    });
    expect(verified.json()).toMatchObject({ valid: true });

    const review = await b.call('POST', `/products/${free.id}/reviews`, { rating: 5, comment: 'Free and good' });
    expect(review.statusCode).toBe(201);
    // The ledger holds the order at $0: nothing for anyone, and it sums to the total.
    expect(await ledger(orderId)).toMatchObject({ ai: 0, platform: 0, seller: 0, total: 0 });
  });

  it('checked out twice at once (a double submit) is one order', async () => {
    const free = await product({ priceCents: 0 });
    const b = await buyer();
    await add(b, free.id);
    const [first, second] = await Promise.all([b.call('POST', '/orders/checkout'), b.call('POST', '/orders/checkout')]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes).toEqual([201, 422]);
    const refused = first.statusCode === 422 ? first : second;
    expect(refused.json().detail).toBe('Your cart is empty');
    const placed = await t.db.select().from(orders).where(eq(orders.userId, b.user.id));
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ paymentStatus: 'paid', totalCents: 0, paymentIntentId: null });
  });

  it('with the same Idempotency-Key twice answers the same paid order', async () => {
    const free = await product({ priceCents: 0 });
    const b = await buyer();
    await add(b, free.id);
    const key = { 'idempotency-key': 'free-double-click' };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/checkout',
      headers: { ...key, authorization: `Bearer ${b.token}` },
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/checkout',
      headers: { ...key, authorization: `Bearer ${b.token}` },
    });
    expect(again.json().order_id).toBe(first.json().order_id);
    expect(again.json().payment_status).toBe('paid');
    expect(await t.db.select().from(orders).where(eq(orders.userId, b.user.id))).toHaveLength(1);
  });

  it('refunded: a no-op with a clear message, the order, downloads and keys stay', async () => {
    const free = await product({ priceCents: 0 });
    const b = await buyer();
    await add(b, free.id);
    const orderId = (await b.call('POST', '/orders/checkout')).json().order_id;
    const asked = await b.call('POST', `/orders/${orderId}/request-refund`, { reason: 'I want my nothing back please' });
    expect(asked.statusCode).toBe(422);
    expect(asked.json().detail).toBe('This order was free: there is nothing to refund');
    expectCatalogued(asked.json(), 'orders.freeOrderNothingToRefund');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.paymentStatus).toBe('paid');
  });
});

describe('free products elsewhere', () => {
  it('are found by the catalogue price filter at $0 and sort first by price, a pay-what-you-want one by its minimum', async () => {
    const tag = `freebie${Date.now()}`;
    const free = await createProduct(t.db, seller.user, { priceCents: 0, title: `Gift ${tag}` });
    const pwyw = await createProduct(t.db, seller.user, { priceCents: 300, pwywSuggestedCents: 900, title: `Choose ${tag}` });
    await createProduct(t.db, seller.user, { priceCents: 200, title: `Cheap ${tag}` });
    const list = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/products?search=${tag}&${query}` })).json().products as {
        id: string;
        price: number;
      }[];
    expect((await list('max_price=0')).map((p) => p.id)).toEqual([free.id]);
    expect((await list('sort_by=price&sort_order=asc')).map((p) => p.price)).toEqual([0, 2, 3]);
    expect((await list('min_price=2.5&max_price=10')).map((p) => p.id)).toEqual([pwyw.id]);
  });

  it('made free by a promo still does not make a verified reviewer (a giveaway by the seller does)', async () => {
    await createPromo(t.db, { code: 'ALLFREE', kind: 'percent', value: 100 });
    const paid = await product({ priceCents: 1500 });
    const b = await buyer();
    await add(b, paid.id);
    await b.call('POST', '/cart/promo', { code: 'ALLFREE' });
    const checkout = (await b.call('POST', '/orders/checkout')).json();
    expect(checkout).toMatchObject({ provider: 'free', payment_status: 'paid' });
    const review = await b.call('POST', `/products/${paid.id}/reviews`, { rating: 1, comment: 'Got it for nothing' });
    expect(review.statusCode).toBe(403);
  });
});

describe('attacks on the amount', () => {
  it('a $0 checkout of a paid product: an amount sent for a fixed price is refused and checkout charges the price', async () => {
    const paid = await product({ priceCents: 2500 });
    const b = await buyer();
    const zero = await add(b, paid.id, 0);
    expect(zero.statusCode).toBe(422);
    expectCatalogued(zero.json(), 'cart.pwywFixedPrice');
    expect(zero.json().errors[0].field).toBe('amount');
    expect((await add(b, paid.id)).statusCode).toBe(200);
    const changed = await b.call('PUT', `/cart/items/${paid.id}`, { amount: 0 });
    expect(changed.statusCode).toBe(422);
    // Whatever else the checkout request carries, the server's price is the one asked for.
    const checkout = await b.call('POST', '/orders/checkout', {
      billing_country: 'US',
      amount: 0,
      total_amount: 0,
      items: [{ price: 0 }],
    });
    expect(checkout.statusCode).toBe(201);
    expect(checkout.json()).toMatchObject({ amount: 25, provider: 'test' });
  });

  it('pay-what-you-want below the minimum is refused, at the cart and when the line is changed', async () => {
    const pwyw = await product({ priceCents: 500, pwywSuggestedCents: 1200 });
    const b = await buyer();
    const low = await add(b, pwyw.id, 4.99);
    expect(low.statusCode).toBe(422);
    expect(low.json().detail).toBe('The amount is below the minimum price the seller set for this product');
    expectCatalogued(low.json(), 'cart.pwywAmountBelowMinimum');
    expect((await b.call('GET', '/cart')).json().items).toHaveLength(0);

    const ok = await add(b, pwyw.id, 5);
    expect(ok.json().items[0]).toMatchObject({ price: 5, pay_what_you_want: true, min_price: 5, suggested_price: 12 });
    expect((await b.call('PUT', `/cart/items/${pwyw.id}`, { amount: 1 })).statusCode).toBe(422);
    expect((await b.call('GET', '/cart')).json().total).toBe(5);
  });

  it.each([
    ['negative', -5, 'cart.pwywAmountNegative'],
    ['NaN', 'NaN', 'aiPool.amountNumber'],
    ['text', 'ten dollars', 'aiPool.amountNumber'],
    ['huge', 1e12, 'cart.pwywAmountTooLarge'],
    ['infinite', '1e400', 'aiPool.amountNumber'],
    ['fractional cent', 12.345, 'cart.pwywAmountWholeCents'],
    ['under a card minimum', 0.2, 'cart.pwywCardPaymentAtLeast050'],
  ])('a %s amount is refused with 422', async (_name, amount, id) => {
    const pwyw = await product({ priceCents: 0, pwywSuggestedCents: 800 });
    const b = await buyer();
    const refused = await add(b, pwyw.id, amount);
    expect(refused.statusCode).toBe(422);
    const body = refused.json();
    expect(body.errors.some((e: { messageId?: string }) => e.messageId === id) || body.messageId === id).toBe(true);
    expect((await b.call('GET', '/cart')).json().items).toHaveLength(0);
  });

  it('a price change between cart and checkout: the seller raises the minimum, the cart flags the line and checkout refuses', async () => {
    const pwyw = await product({ priceCents: 300, pwywSuggestedCents: 900 });
    const b = await buyer();
    expect((await add(b, pwyw.id, 4)).statusCode).toBe(200);
    await t.db.update(products).set({ priceCents: 600, pwywSuggestedCents: 900 }).where(eq(products.id, pwyw.id));
    expect((await b.call('GET', '/cart')).json().items[0]).toMatchObject({ price: 4, min_price: 6, amount_below_minimum: true });
    const refused = await b.call('POST', '/orders/checkout', { billing_country: 'US' });
    expect(refused.statusCode).toBe(422);
    expectCatalogued(refused.json(), 'cart.pwywAmountBelowMinimum');
    expect(await t.db.select().from(orders).where(eq(orders.userId, b.user.id))).toHaveLength(0);
    expect((await b.call('PUT', `/cart/items/${pwyw.id}`, { amount: 6 })).statusCode).toBe(200);
    expect((await b.call('POST', '/orders/checkout', { billing_country: 'US' })).json()).toMatchObject({ amount: 6 });
  });

  it('the minimum raised after checkout but before payment: the charge is sent back', async () => {
    const pwyw = await product({ priceCents: 300, pwywSuggestedCents: 900 });
    const b = await buyer();
    await add(b, pwyw.id, 4);
    const checkout = (await b.call('POST', '/orders/checkout', { billing_country: 'US' })).json();
    await t.db.update(products).set({ priceCents: 500 }).where(eq(products.id, pwyw.id));
    const paid = await b.call('POST', `/payments/confirm-payment/${checkout.payment_intent_id}`, {
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: new Date().getFullYear() + 2,
      cvc: '123',
    });
    expect(paid.statusCode).toBe(409);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, checkout.order_id));
    expect(row?.paymentStatus).not.toBe('paid');
  });
});

describe('a pay-what-you-want order', () => {
  it('paid above the suggested price: the split follows the amount paid (10% AI pool, the platform fee, the rest to the seller)', async () => {
    const pwyw = await product({ priceCents: 500, pwywSuggestedCents: 1500 });
    const b = await buyer();
    await add(b, pwyw.id, 40);
    const { order_id } = await checkoutAndPay(b.call);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order_id));
    expect(row?.totalCents).toBe(4000);
    expect(await ledger(order_id)).toEqual({ ai: 400, platform: 400, seller: 3200, total: 4000 });
    const mine = (await b.call('GET', `/orders/${order_id}`)).json();
    expect(mine.total_amount).toBe(40);
  });

  it('at $0 when the minimum is $0 is a free order (no intent)', async () => {
    const pwyw = await product({ priceCents: 0, pwywSuggestedCents: 700 });
    const b = await buyer();
    expect((await add(b, pwyw.id)).json().total).toBe(7);
    expect((await b.call('PUT', `/cart/items/${pwyw.id}`, { amount: '0' })).json().total).toBe(0);
    const checkout = (await b.call('POST', '/orders/checkout')).json();
    expect(checkout).toMatchObject({ provider: 'free', payment_status: 'paid' });
    expect(await intentsOf(checkout.order_id)).toBe(0);
  });

  it('with a promo: the code applies to the amount chosen but never below the minimum', async () => {
    await createPromo(t.db, { code: 'PWYWHALF', kind: 'percent', value: 50 });
    await createPromo(t.db, { code: 'PWYWALL', kind: 'fixed', value: 100_000 });
    const pwyw = await product({ priceCents: 1000, pwywSuggestedCents: 2000 });
    const b = await buyer();
    await add(b, pwyw.id, 30);
    const half = (await b.call('POST', '/cart/promo', { code: 'PWYWHALF' })).json();
    expect(half).toMatchObject({ subtotal: 30, total: 15, promoCode: { discount: 15 } });
    const all = (await b.call('POST', '/cart/promo', { code: 'PWYWALL' })).json();
    expect(all).toMatchObject({ subtotal: 30, total: 10, promoCode: { discount: 20 } });
    const { order_id } = await checkoutAndPay(b.call);
    expect(await ledger(order_id)).toEqual({ ai: 100, platform: 100, seller: 800, total: 1000 });
  });
});
