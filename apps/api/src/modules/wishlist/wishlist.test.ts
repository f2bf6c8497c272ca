import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('wishlist', () => {
  it('is for signed-in users only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/wishlist' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/wishlist/add', payload: { product_id: crypto.randomUUID() } }))
        .statusCode,
    ).toBe(401);
  });

  it('adds (twice is harmless), lists and removes products, per user', async () => {
    const seller = await createUser(t.db, 'seller');
    const product = await createProduct(t.db, seller, { title: 'Wishful Tool' });
    const buyer = await createUser(t.db, 'buyer');
    const other = await createUser(t.db, 'buyer');
    const token = await signIn(t.app, buyer.email, FACTORY_PASSWORD);
    const otherToken = await signIn(t.app, other.email, FACTORY_PASSWORD);
    const add = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/wishlist/add', headers: bearer(token), payload: { product_id: product.id } });

    expect((await add()).statusCode).toBe(201);
    expect((await add()).json().total).toBe(1);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/v1/wishlist', headers: bearer(token) })).json();
    expect(mine.items.map((p: { title: string }) => p.title)).toEqual(['Wishful Tool']);
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/v1/wishlist', headers: bearer(otherToken) })).json();
    expect(theirs.total).toBe(0);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/wishlist/remove/${product.id}`,
      headers: bearer(token),
    });
    expect(removed.json().total).toBe(0);
  });

  it('refuses products that do not exist or are not public', async () => {
    const seller = await createUser(t.db, 'seller');
    const pending = await createProduct(t.db, seller, { status: 'pending' });
    const buyer = await createUser(t.db, 'buyer');
    const token = await signIn(t.app, buyer.email, FACTORY_PASSWORD);
    for (const productId of [pending.id, crypto.randomUUID()]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/wishlist/add',
        headers: bearer(token),
        payload: { product_id: productId },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe('Product not found');
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wishlist/add',
      headers: bearer(token),
      payload: { product_id: 'nope' },
    });
    expect(bad.statusCode).toBe(422);
  });
});
