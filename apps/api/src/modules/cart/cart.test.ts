// @database-server: cart and promo locks
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createPromo, createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/helpers';

let t: TestApp;
let token: string;
let productA: { id: string };
let productB: { id: string };
let pending: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  const seller = await createUser(t.db, 'seller');
  productA = await createProduct(t.db, seller, { title: 'Alpha Tool', priceCents: 4900, originalPriceCents: 5900 });
  productB = await createProduct(t.db, seller, { title: 'Beta Dataset', priceCents: 5100 });
  pending = await createProduct(t.db, seller, { title: 'Pending Thing', status: 'pending' });
  await createPromo(t.db, { code: 'SAVE10', kind: 'percent', value: 10 });
  await createPromo(t.db, { code: 'WELCOME', kind: 'fixed', value: 5000 });
  await createPromo(t.db, { code: 'EXPIRED', kind: 'percent', value: 50, expiresAt: new Date(Date.now() - 1000) });
  await createPromo(t.db, { code: 'ALPHA20', kind: 'percent', value: 20, productId: productA.id });
  const buyer = await createUser(t.db, 'buyer');
  token = await signIn(t.app, buyer.email, FACTORY_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, auth = true) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: auth ? bearer(token) : {} });

describe('cart', () => {
  it("answers signed-out callers with the spec's messages", async () => {
    expect((await call('POST', '/cart/add', { product_id: productA.id }, false)).json().detail).toBe(
      'Please log in to add items to cart',
    );
    expect((await call('PUT', `/cart/items/${productA.id}`, { quantity: 2 }, false)).json().detail).toBe(
      'Please log in to modify cart',
    );
    expect((await call('DELETE', '/cart/clear', undefined, false)).json().detail).toBe('Please log in to clear cart');
    expect((await call('POST', '/cart/promo', { code: 'SAVE10' }, false)).json().detail).toBe(
      'Please log in to apply promo codes',
    );
    const validate = await call('POST', '/orders/validate-cart', { cart_items: [] }, false);
    expect(validate.statusCode).toBe(401);
    expect(validate.json().detail).toBe('Please log in to validate cart');
  });

  it('adds to the quantity of an existing item, prices on the server, and removes at 0', async () => {
    await call('POST', '/cart/add', { product_id: productA.id, quantity: 1 });
    const cart = (await call('POST', '/cart/add', { product_id: productA.id, quantity: 2, price: 0.01 })).json();
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      id: productA.id,
      quantity: 3,
      price: 49,
      originalPrice: 59,
      seller: expect.any(String),
    });
    expect(cart).toMatchObject({ totalItems: 3, subtotal: 147, discount: 30, tax: 0, shippingCost: 0, total: 147 });

    const updated = (await call('PUT', `/cart/items/${productA.id}`, { quantity: 1 })).json();
    expect(updated.total).toBe(49);
    const removed = (await call('PUT', `/cart/items/${productA.id}`, { quantity: 0 })).json();
    expect(removed.items).toHaveLength(0);
  });

  it('refuses products that are not for sale', async () => {
    for (const productId of [pending.id, crypto.randomUUID(), 'not-an-id', '']) {
      const response = await call('POST', '/cart/add', { product_id: productId });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toBe('Invalid product data: missing required fields');
    }
  });

  it('applies promo codes (a new one replaces the old), rejecting invalid ones', async () => {
    await call('DELETE', '/cart/clear');
    await call('POST', '/cart/add', { product_id: productA.id });
    await call('POST', '/cart/add', { product_id: productB.id });
    const save10 = (await call('POST', '/cart/promo', { code: 'save10' })).json();
    expect(save10).toMatchObject({ subtotal: 100, total: 90, promoCode: { code: 'SAVE10', discount: 10, type: 'percent' } });
    const welcome = (await call('POST', '/cart/promo', { code: 'WELCOME' })).json();
    expect(welcome).toMatchObject({ total: 50, promoCode: { code: 'WELCOME', discount: 50, type: 'fixed' } });
    const product = (await call('POST', '/cart/promo', { code: 'ALPHA20' })).json();
    expect(product.promoCode.discount).toBe(9.8);

    for (const code of ['NOPE', 'EXPIRED']) {
      const response = await call('POST', '/cart/promo', { code });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toBe('Invalid promo code');
    }
    expect((await call('GET', '/cart')).json().promoCode.code).toBe('ALPHA20');
    expect((await call('DELETE', '/cart/clear')).json()).toMatchObject({ items: [], total: 0, promoCode: null });
  });

  it('re-prices a client-held cart from the database in validate-cart', async () => {
    const response = await call('POST', '/orders/validate-cart', {
      cart_items: [
        { product_id: productA.id, quantity: 1, price: 0.01 },
        { id: productB.id, quantity: 2, price: 0.01 },
      ],
      promo_code: 'SAVE10',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ valid: true, subtotal: 151, total: 135.9, promoCode: { discount: 15.1 } });
    const bad = await call('POST', '/orders/validate-cart', { cart_items: [{ product_id: productA.id }], promo_code: 'BOGUS' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBe('Invalid promo code');
  });

  it('refuses a total no order could hold (3 × 99 × $100,000) with a clear 422, changing nothing', async () => {
    const seller = await createUser(t.db, 'seller');
    const [big1, big2, big3] = await Promise.all(
      [1, 2, 3].map((n) => createProduct(t.db, seller, { title: `Enterprise Suite ${n}`, priceCents: 10_000_000 })),
    );
    const tooMuch = 'Your cart total cannot exceed $999,999.99. Please lower a quantity or split the purchase.';
    await call('DELETE', '/cart/clear');
    expect((await call('POST', '/cart/add', { product_id: big1?.id, quantity: 9 })).json().total).toBe(900_000);

    for (const [method, url, payload] of [
      ['POST', '/cart/add', { product_id: big2?.id, quantity: 99 }],
      ['POST', '/cart/add', { product_id: big1?.id, quantity: 1 }],
      ['PUT', `/cart/items/${big1?.id}`, { quantity: 99 }],
    ] as const) {
      const response = await call(method, url, payload);
      expect(response.statusCode, url).toBe(422);
      expect(response.json()).toMatchObject({ detail: tooMuch, code: 'VALIDATION_FAILED' });
    }
    expect((await call('GET', '/cart')).json()).toMatchObject({ total: 900_000, items: [{ id: big1?.id, quantity: 9 }] });

    const validate = await call('POST', '/orders/validate-cart', {
      cart_items: [big1, big2, big3].map((product) => ({ product_id: product?.id, quantity: 99 })),
    });
    expect(validate.statusCode).toBe(422);
    expect(validate.json().detail).toBe(tooMuch);

    // A price raised after the items went in is caught at checkout, before any order exists.
    await t.db.execute(sql`update products set price_cents = 100000000 where id = ${big1?.id}`);
    const ordersBefore = (await t.db.execute(sql`select count(*)::int as n from orders`)).rows[0];
    const checkout = await call('POST', '/orders/checkout', { billing_country: 'US' });
    expect(checkout.statusCode).toBe(422);
    expect(checkout.json().detail).toBe(tooMuch);
    expect((await t.db.execute(sql`select count(*)::int as n from orders`)).rows[0]).toEqual(ordersBefore);
    await call('DELETE', '/cart/clear');
  });
});
