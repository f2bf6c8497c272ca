import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutAndPay,
  createProduct,
  createUser,
  FACTORY_PASSWORD,
  type SignedInUser,
  signedInUser,
} from '../../../test/factories';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/helpers';
import type { UserRow } from '../users/repository';

/**
 * "In your library": a buyer sees what they own (paid, not refunded), nobody else sees it, the
 * public catalogue stays free of it, and adding an owned product needs an explicit buy_again.
 */

let t: TestApp;
let admin: UserRow;
let owned: { id: string; title: string };
let other: { id: string; title: string };

beforeAll(async () => {
  t = await createTestApp();
  const seller = await createUser(t.db, 'seller');
  admin = await createUser(t.db, 'admin');
  owned = await createProduct(t.db, seller, { title: 'Owned Agent', priceCents: 2500 });
  other = await createProduct(t.db, seller, { title: 'Other Agent', priceCents: 1500 });
});
afterAll(async () => {
  await t.close();
});

const buyer = () => signedInUser(t, 'buyer');

/** Buys the product through the cart and the test card; returns the order id. */
async function buy(b: SignedInUser, productId: string, body: object = {}): Promise<string> {
  expect((await b.call('POST', '/cart/add', { product_id: productId, quantity: 1, ...body })).statusCode).toBe(200);
  return (await checkoutAndPay(b.call)).order_id;
}

const ownedIds = async (b: SignedInUser) => {
  const response = await b.call('GET', '/orders/owned-products');
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('private, no-store');
  return response.json().product_ids as string[];
};

describe('owned products', () => {
  it('lists what the buyer paid for, and nothing of anyone else’s', async () => {
    const owner = await buyer();
    const stranger = await buyer();
    expect(await ownedIds(owner)).toEqual([]);
    await buy(owner, owned.id);
    expect(await ownedIds(owner)).toEqual([owned.id]);
    expect(await ownedIds(stranger)).toEqual([]);
  });

  it('does not count an order that is not paid', async () => {
    const b = await buyer();
    await b.call('POST', '/cart/add', { product_id: owned.id, quantity: 1 });
    expect((await b.call('POST', '/orders/checkout', { billing_country: 'US' })).statusCode).toBe(201);
    expect(await ownedIds(b)).toEqual([]);
  });

  it('asks a signed-in caller only: a visitor gets 401', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/orders/owned-products' });
    expect(response.statusCode).toBe(401);
  });

  it('keeps the public product page free of who owns it', async () => {
    const owner = await buyer();
    await buy(owner, owned.id);
    const asOwner = (await owner.call('GET', `/products/${owned.id}`)).json();
    const anonymous = (await t.app.inject({ method: 'GET', url: `/api/v1/products/${owned.id}` })).json();
    expect(asOwner).not.toHaveProperty('owned');
    expect(anonymous).not.toHaveProperty('owned');
  });

  it('refuses adding an owned product again without an explicit buy_again, and adds it with one', async () => {
    const b = await buyer();
    await buy(b, owned.id);
    const refused = await b.call('POST', '/cart/add', { product_id: owned.id, quantity: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ALREADY_OWNED', detail: 'You already own this product' });
    expect((await b.call('GET', '/cart')).json().items).toEqual([]);
    // A product they do not own goes in as before.
    expect((await b.call('POST', '/cart/add', { product_id: other.id, quantity: 1 })).statusCode).toBe(200);

    const again = await b.call('POST', '/cart/add', { product_id: owned.id, quantity: 1, buy_again: true });
    expect(again.statusCode).toBe(200);
    expect(
      again
        .json()
        .items.map((item: { product_id: string }) => item.product_id)
        .sort(),
    ).toEqual([owned.id, other.id].sort());
    const bad = await b.call('POST', '/cart/add', { product_id: owned.id, quantity: 1, buy_again: 'yes' });
    expect(bad.statusCode).toBe(422);
  });

  it('stops counting a purchase once it is refunded: no flag, and the product can be added plainly', async () => {
    const b = await buyer();
    const orderId = await buy(b, owned.id);
    expect(await ownedIds(b)).toEqual([owned.id]);
    expect(
      (await b.call('POST', `/orders/${orderId}/request-refund`, { reason: 'It does not fit my workflow' })).statusCode,
    ).toBe(201);
    // Asking is not a refund yet: still owned.
    expect(await ownedIds(b)).toEqual([owned.id]);

    const adminToken = await signIn(t.app, admin.email, FACTORY_PASSWORD);
    const decided = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/orders/${orderId}/refund`,
      headers: bearer(adminToken),
      payload: { decision: 'approve', note: 'Refunded as asked' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await b.call('GET', `/orders/${orderId}`)).json().payment_status).toBe('refunded');
    expect(await ownedIds(b)).toEqual([]);
    expect((await b.call('POST', '/cart/add', { product_id: owned.id, quantity: 1 })).statusCode).toBe(200);
  });
});
