import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidOrder, createProduct, createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function setup() {
  const seller = await createUser(t.db, 'seller');
  const product = await createProduct(t.db, seller, { title: 'Reviewable Tool' });
  const buyer = await createUser(t.db, 'buyer', { firstName: 'Rita', lastName: 'Reviewer' });
  await createPaidOrder(t.db, buyer, product);
  return { seller, product, buyer, buyerToken: await signIn(t.app, buyer.email, FACTORY_PASSWORD) };
}

const productOf = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/v1/products/${id}` })).json();
const postReview = (productId: string, token: string | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/products/${productId}/reviews`, headers: token ? bearer(token) : {}, payload });

describe('reviews', () => {
  it('lets a buyer with a paid order review once, and keeps the product rating in step', async () => {
    const { product, buyerToken } = await setup();
    const created = await postReview(product.id, buyerToken, { rating: 4, comment: 'Works nicely' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ rating: 4, comment: 'Works nicely', user_name: 'Rita R.' });
    expect(await productOf(product.id)).toMatchObject({ rating: 4, review_count: 1 });

    const again = await postReview(product.id, buyerToken, { rating: 5, comment: 'Second try' });
    expect(again.statusCode).toBe(409);

    const listed = (await t.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}/reviews` })).json();
    expect(listed).toMatchObject({ total: 1, review_count: 1, average_rating: 4 });
    expect(listed.reviews[0].comment).toBe('Works nicely');
  });

  it('refuses anonymous users and buyers who have not paid for the product', async () => {
    const { product } = await setup();
    expect((await postReview(product.id, undefined, { rating: 5, comment: 'Nice' })).statusCode).toBe(401);
    const stranger = await createUser(t.db, 'buyer');
    const refused = await postReview(product.id, await signIn(t.app, stranger.email, FACTORY_PASSWORD), {
      rating: 5,
      comment: 'Nice',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Only buyers who have purchased this product can review it.');
    expect(await productOf(product.id)).toMatchObject({ review_count: 0 });
  });

  it('validates the rating and text', async () => {
    const { product, buyerToken } = await setup();
    const bad = await postReview(product.id, buyerToken, { rating: 6, comment: '' });
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['comment', 'rating']);
  });

  it('lets only the author or an admin edit or delete, recomputing the rating each time', async () => {
    const { product, buyerToken } = await setup();
    const second = await createUser(t.db, 'buyer');
    await createPaidOrder(t.db, second, product);
    const secondToken = await signIn(t.app, second.email, FACTORY_PASSWORD);
    const review = (await postReview(product.id, buyerToken, { rating: 2, comment: 'Meh at first' })).json();
    await postReview(product.id, secondToken, { rating: 4, comment: 'Pretty good' });
    expect(await productOf(product.id)).toMatchObject({ rating: 3, review_count: 2 });

    const hijack = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/reviews/${review.id}`,
      headers: bearer(secondToken),
      payload: { rating: 1, comment: 'hacked' },
    });
    expect(hijack.statusCode).toBe(403);

    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/reviews/${review.id}`,
      headers: bearer(buyerToken),
      payload: { rating: 5, comment: 'Grew on me' },
    });
    expect(edit.statusCode).toBe(200);
    expect(await productOf(product.id)).toMatchObject({ rating: 4.5, review_count: 2 });

    const admin = await createUser(t.db, 'admin');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/reviews/${review.id}`,
      headers: bearer(await signIn(t.app, admin.email, FACTORY_PASSWORD)),
    });
    expect(removed.statusCode).toBe(204);
    expect(await productOf(product.id)).toMatchObject({ rating: 4, review_count: 1 });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/reviews/${review.id}`, headers: bearer(buyerToken) })).statusCode,
    ).toBe(404);
  });

  it('keeps the count right when reviews arrive at the same time', async () => {
    const seller = await createUser(t.db, 'seller');
    const product = await createProduct(t.db, seller);
    const tokens = [];
    for (let i = 0; i < 6; i += 1) {
      const buyer = await createUser(t.db, 'buyer');
      await createPaidOrder(t.db, buyer, product);
      tokens.push(await signIn(t.app, buyer.email, FACTORY_PASSWORD));
    }
    const results = await Promise.all(
      tokens.map((token, i) => postReview(product.id, token, { rating: (i % 5) + 1, comment: `Review ${i}` })),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect(await productOf(product.id)).toMatchObject({ review_count: 6, rating: 2.67 });
  });
});
