import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidOrder, createProduct, createUser, signedInUser } from '../../../test/factories';
import { callAs, createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
const anyone = () => callAs(t.app, null);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Keys a public seller page may carry; anything else (an e-mail, payout data) is a leak. */
const PUBLIC_KEYS = [
  'avatar',
  'average_rating',
  'bio',
  'id',
  'links',
  'member_since',
  'name',
  'product_count',
  'review_count',
  'sales_count',
  'slug',
];

describe('a seller’s public page', () => {
  it('shows the name, bio, links and figures of the public products only, and nothing private', async () => {
    const seller = await signedInUser(t, 'seller', { firstName: 'Zoë', lastName: 'Quant' });
    const saved = await seller.call('PUT', '/seller/profile', {
      bio: 'Tabular datasets, cleaned by hand.',
      links: [{ label: 'Website', url: 'https://zoe.example' }],
    });
    expect(saved.statusCode).toBe(200);
    const rated = await createProduct(t.db, seller.user, { ratingAverage: 5, reviewCount: 3 });
    await createProduct(t.db, seller.user, { ratingAverage: 3, reviewCount: 1 });
    await createProduct(t.db, seller.user, { status: 'pending', ratingAverage: 1, reviewCount: 9 });
    await createProduct(t.db, seller.user, { deletedAt: new Date(), ratingAverage: 1, reviewCount: 9 });
    const buyer = await createUser(t.db, 'buyer');
    await createPaidOrder(t.db, buyer, rated);

    const page = await anyone()('GET', `/sellers/${seller.user.id}`);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(Object.keys(body).sort()).toEqual(PUBLIC_KEYS);
    expect(body).toMatchObject({
      id: seller.user.id,
      name: 'Zoë Quant',
      slug: 'zoe-quant',
      bio: 'Tabular datasets, cleaned by hand.',
      links: [{ label: 'Website', url: 'https://zoe.example' }],
      product_count: 2,
      sales_count: 1,
      average_rating: 4.5,
      review_count: 4,
    });
    expect(page.body).not.toContain(seller.user.email);
  });

  it('lists only the seller’s public products through the catalogue', async () => {
    const seller = await signedInUser(t, 'seller');
    const shown = await createProduct(t.db, seller.user);
    await createProduct(t.db, seller.user, { status: 'rejected' });
    const list = await anyone()('GET', `/products?seller_id=${seller.user.id}`);
    expect(list.json().products.map((p: { id: string }) => p.id)).toEqual([shown.id]);
  });

  it('shows a seller with no approved products, with zero figures', async () => {
    const seller = await signedInUser(t, 'seller');
    const page = await anyone()('GET', `/sellers/${seller.user.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ product_count: 0, sales_count: 0, average_rating: 0, bio: '', links: [] });
  });

  it('answers 404 for an unknown id, a malformed id and a buyer', async () => {
    const buyer = await createUser(t.db, 'buyer');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', buyer.id]) {
      const answer = await anyone()('GET', `/sellers/${id}`);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'NOT_FOUND', detail: 'Seller not found' });
    }
  });

  it('is gone with the products once an admin suspends the seller, and back when reinstated', async () => {
    const admin = await signedInUser(t, 'admin');
    const seller = await signedInUser(t, 'seller');
    const product = await createProduct(t.db, seller.user);
    expect((await admin.call('PUT', `/admin/users/${seller.user.id}`, { is_active: false })).statusCode).toBe(200);
    expect((await anyone()('GET', `/sellers/${seller.user.id}`)).statusCode).toBe(404);
    expect((await anyone()('GET', `/products?seller_id=${seller.user.id}`)).json().products).toEqual([]);
    expect(
      (await anyone()('GET', `/compare?ids=${product.id},${(await createProduct(t.db, admin.user)).id}`)).json().missing,
    ).toEqual([product.id]);
    expect((await admin.call('PUT', `/admin/users/${seller.user.id}`, { is_active: true })).statusCode).toBe(200);
    expect((await anyone()('GET', `/sellers/${seller.user.id}`)).statusCode).toBe(200);
  });
});

describe('the seller’s own page settings', () => {
  it('refuses links that are not web addresses, and strangers and buyers', async () => {
    const seller = await signedInUser(t, 'seller');
    const bad = await seller.call('PUT', '/seller/profile', { bio: 'x', links: [{ label: 'Mine', url: 'javascript:alert(1)' }] });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Links must start with http:// or https://');
    const long = await seller.call('PUT', '/seller/profile', { bio: 'a'.repeat(501), links: [] });
    expect(long.statusCode).toBe(422);
    expect((await anyone()('PUT', '/seller/profile', { bio: 'x', links: [] })).statusCode).toBe(401);
    const buyer = await signedInUser(t, 'buyer');
    expect((await buyer.call('PUT', '/seller/profile', { bio: 'x', links: [] })).statusCode).toBe(403);
  });
});
