// @database-server: filters, sorting and collation

import { productDetailSchema } from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProductFile, createProduct, createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/helpers';
import { productFiles } from '../../db/schema';
import type { UserRow } from '../users/repository';
import { getProductDetail, publicProductDetailJson } from './service';

let t: TestApp;
let seller: UserRow;
let otherSeller: UserRow;
let sellerToken: string;
let adminToken: string;
let buyerToken: string;
const ids: Record<string, string> = {};

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));

beforeAll(async () => {
  t = await createTestApp();
  seller = await createUser(t.db, 'seller', { firstName: 'Nova', lastName: 'Labs' });
  otherSeller = await createUser(t.db, 'seller', { firstName: 'Orbit', lastName: 'Works' });
  const admin = await createUser(t.db, 'admin');
  const buyer = await createUser(t.db, 'buyer');
  const rows = [
    {
      key: 'chatbot',
      title: 'Customer Support Chatbot',
      priceCents: 4900,
      category: 'ai-tools',
      license: 'commercial-team',
      featured: true,
      ratingAverage: 4.5,
      reviewCount: 10,
      salesCount: 50,
      createdAt: day(1),
    },
    {
      key: 'chatbotKit',
      title: 'Chatbot',
      priceCents: 1500,
      category: 'scripts',
      license: 'commercial-single-seat',
      ratingAverage: 3.9,
      reviewCount: 3,
      salesCount: 300,
      createdAt: day(2),
    },
    {
      key: 'builder',
      title: 'Build a Chatbot in a Day',
      priceCents: 2500,
      category: 'scripts',
      license: 'commercial-single-seat',
      ratingAverage: 4.9,
      reviewCount: 20,
      salesCount: 5,
      createdAt: day(3),
    },
    {
      key: 'dataset',
      title: 'Sentiment Dataset',
      shortDescription: 'Labeled reviews for chatbot training',
      priceCents: 9900,
      category: 'datasets',
      license: 'cc-by-4.0',
      ratingAverage: 4.1,
      reviewCount: 2,
      salesCount: 80,
      createdAt: day(4),
    },
    {
      key: 'api',
      title: 'Translation API',
      priceCents: 300,
      category: 'apis',
      license: 'commercial-single-seat',
      createdAt: day(5),
      seller: otherSeller,
    },
    {
      key: 'pending',
      title: 'Secret Chatbot Pending',
      priceCents: 1000,
      category: 'ai-tools',
      status: 'pending' as const,
      createdAt: day(6),
    },
    {
      key: 'rejected',
      title: 'Rejected Chatbot',
      priceCents: 1000,
      category: 'ai-tools',
      status: 'rejected' as const,
      createdAt: day(7),
    },
  ];
  for (const { key, seller: owner, ...row } of rows) ids[key] = (await createProduct(t.db, owner ?? seller, row)).id;
  sellerToken = await signIn(t.app, seller.email, FACTORY_PASSWORD);
  adminToken = await signIn(t.app, admin.email, FACTORY_PASSWORD);
  buyerToken = await signIn(t.app, buyer.email, FACTORY_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

async function list(query = '', headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/products/${query ? `?${query}` : ''}`, headers });
  return response;
}
const titles = async (query: string) => (await list(query)).json().products.map((p: { title: string }) => p.title);

describe('GET /products/', () => {
  it('lists approved products newest first with totals; pending and rejected stay hidden', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 5, page: 1, pages: 1 });
    expect(body.products.map((p: { title: string }) => p.title)).toEqual([
      'Translation API',
      'Sentiment Dataset',
      'Build a Chatbot in a Day',
      'Chatbot',
      'Customer Support Chatbot',
    ]);
    expect(body.products[0]).toMatchObject({
      price: 3,
      category: 'APIs',
      category_slug: 'apis',
      seller: 'Orbit Works',
      status: 'approved',
    });
  });

  it('paginates and refuses a page size above the maximum', async () => {
    const page2 = (await list('limit=2&page=2')).json();
    expect(page2).toMatchObject({ total: 5, page: 2, pages: 3 });
    expect(page2.products).toHaveLength(2);
    expect((await list('limit=100')).json().pages).toBe(1);
    const tooMany = await list('limit=5000');
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().detail).toBe('limit must be at most 100');
  });

  it('filters by category (slug or name), price range, licence, featured and seller', async () => {
    expect(await titles('category=scripts')).toEqual(['Build a Chatbot in a Day', 'Chatbot']);
    expect(await titles('category=AI%20Tools')).toEqual(['Customer Support Chatbot']);
    expect(await titles('min_price=20&max_price=50')).toEqual(['Build a Chatbot in a Day', 'Customer Support Chatbot']);
    expect(await titles('license=cc-by-4.0')).toEqual(['Sentiment Dataset']);
    expect(await titles('featured=true')).toEqual(['Customer Support Chatbot']);
    expect(await titles(`seller_id=${otherSeller.id}`)).toEqual(['Translation API']);
  });

  it('sorts by price, rating, popularity, title and date', async () => {
    expect(await titles('sort_by=price&sort_order=asc')).toEqual([
      'Translation API',
      'Chatbot',
      'Build a Chatbot in a Day',
      'Customer Support Chatbot',
      'Sentiment Dataset',
    ]);
    expect((await titles('sort_by=rating'))[0]).toBe('Build a Chatbot in a Day');
    expect((await titles('sort_by=popularity'))[0]).toBe('Chatbot');
    expect(await titles('sort_by=title&sort_order=asc')).toEqual([
      'Build a Chatbot in a Day',
      'Chatbot',
      'Customer Support Chatbot',
      'Sentiment Dataset',
      'Translation API',
    ]);
    expect((await titles('sort_by=created_at&sort_order=asc'))[0]).toBe('Customer Support Chatbot');
  });

  it('ignores empty, null and NaN parameters and trims values', async () => {
    const all = await titles('');
    expect(await titles('search=&category=null&min_price=NaN&max_price=undefined&license=%20&page=')).toEqual(all);
    expect(await titles('category=%20scripts%20')).toEqual(['Build a Chatbot in a Day', 'Chatbot']);
  });

  it('answers nonsense with 422 and a clear message, never 500', async () => {
    const cases: [string, string][] = [
      ['sort_by=bogus', 'sort_by'],
      ['sort_order=sideways', 'sort_order'],
      ['min_price=abc', 'min_price'],
      ['min_price=-5', 'min_price'],
      ['min_price=50&max_price=10', 'min_price'],
      ['page=0', 'page'],
      ['limit=-1', 'limit'],
      ['category=teleporters', 'category'],
      ['license=stolen', 'license'],
      ['featured=maybe', 'featured'],
      ['seller_id=not-a-uuid', 'seller_id'],
    ];
    for (const [query, field] of cases) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().errors[0].field, query).toBe(field);
    }
  });

  it('serves results down to the 10,000th and refuses deeper pages with a clear message', async () => {
    expect((await list('page=500&limit=20')).statusCode).toBe(200);
    expect((await list('page=100&limit=100')).statusCode).toBe(200);
    for (const query of ['page=501&limit=20', 'page=2000', 'page=50000', 'page=101&limit=100']) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json(), query).toMatchObject({
        detail: 'Only the first 10,000 results can be shown. Narrow the list with a search or a filter to see more.',
        errors: [{ field: 'page' }],
      });
    }
  });
});

describe('search', () => {
  it('ranks the exact title first, then titles holding the word, then relevance and popularity', async () => {
    expect(await titles('search=chatbot')).toEqual([
      'Chatbot',
      'Customer Support Chatbot',
      'Build a Chatbot in a Day',
      'Sentiment Dataset',
    ]);
  });

  it('still finds a misspelled word', async () => {
    expect(await titles('search=chatbto')).toContain('Chatbot');
    expect(await titles('search=translaton')).toEqual(['Translation API']);
  });

  it('searches descriptions and seller names, and never shows pending products', async () => {
    expect(await titles('search=labeled%20reviews')).toEqual(['Sentiment Dataset']);
    expect(await titles('search=orbit')).toEqual(['Translation API']);
    expect(await titles('search=secret')).toEqual([]);
  });

  it('combines search with filters', async () => {
    expect(await titles('search=chatbot&category=scripts')).toEqual(['Chatbot', 'Build a Chatbot in a Day']);
  });
});

describe('status filter for owners and admins', () => {
  it('lets a seller list their own pending products and an admin list any status', async () => {
    const own = await list(`seller_id=${seller.id}&status=pending`, bearer(sellerToken));
    expect(own.json().products.map((p: { title: string }) => p.title)).toEqual(['Secret Chatbot Pending']);
    const admin = await list('status=rejected', bearer(adminToken));
    expect(admin.json().products.map((p: { title: string }) => p.title)).toEqual(['Rejected Chatbot']);
  });

  it('shows only approved products to anyone else asking for a status', async () => {
    const buyer = await list('status=pending', bearer(buyerToken));
    expect(buyer.json().products.every((p: { status: string }) => p.status === 'approved')).toBe(true);
    const anonymous = await list(`seller_id=${seller.id}&status=pending`);
    expect(anonymous.json().products.map((p: { status: string }) => p.status)).not.toContain('pending');
  });
});

describe('GET /products/{id}', () => {
  const get = (id: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1/products/${id}`, headers });

  it('returns a product with related ones from its category', async () => {
    const response = await get(ids.builder as string);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: 'Build a Chatbot in a Day', related: [{ title: 'Chatbot' }] });
  });

  it('answers a public product from the search index exactly as PostgreSQL would, for every viewer', async () => {
    const fromIndex = await publicProductDetailJson(t.deps, ids.builder as string);
    expect(fromIndex).toBeDefined();
    const fromDatabase = await getProductDetail(t.deps, ids.builder as string, null);
    expect(JSON.parse(String(fromIndex))).toEqual(JSON.parse(JSON.stringify(productDetailSchema.encode(fromDatabase))));
    const signedIn = await get(ids.builder as string, bearer(buyerToken));
    expect(signedIn.json()).toEqual(JSON.parse(String(fromIndex)));
    // Not public: the index does not answer, and PostgreSQL decides who may see it.
    expect(await publicProductDetailJson(t.deps, ids.pending as string)).toBeUndefined();
    // A bad token is refused on a public page too.
    expect((await get(ids.builder as string, bearer('not-a-token'))).statusCode).toBe(401);
  });

  it('hides unapproved products from everyone but their seller and admins', async () => {
    expect((await get(ids.pending as string)).statusCode).toBe(404);
    expect((await get(ids.pending as string, bearer(buyerToken))).json().detail).toBe('Product not found');
    expect((await get(ids.pending as string, bearer(sellerToken))).statusCode).toBe(200);
    expect((await get(ids.rejected as string, bearer(adminToken))).statusCode).toBe(200);
  });

  it('says not found for an unknown id and asks for an id when blank', async () => {
    expect((await get('00000000-0000-0000-0000-000000000000')).json().detail).toBe('Product not found');
    expect((await get('not-an-id')).statusCode).toBe(404);
    const blank = await get('%20');
    expect(blank.statusCode).toBe(422);
    expect(blank.json().detail).toBe('Product ID is required');
  });
});

describe('GET /products/{id}/files', () => {
  const files = (id: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1/products/${id}/files`, headers });
  const addFile = (productId: string, fileName: string, contentType: string, sizeBytes: number, createdAt: Date) =>
    t.db.insert(productFiles).values({
      productId,
      fileName,
      contentType,
      sizeBytes,
      createdAt,
      storageKey: `product-files/${productId}/secret-key-${fileName}`,
      scanVerdict: 'warning',
      scanReasons: [
        { code: 'secret_aws_key', severity: 'warning', message: 'A private scan note', detail: 'sk-hidden', member: null },
      ],
      scannedAt: createdAt,
    });

  it('lists every file a buyer gets with its name, type and size, and never its storage key or scan', async () => {
    await addFile(ids.builder as string, 'chatbot-guide.pdf', 'application/pdf', 2_400_000, day(10));
    await addFile(ids.builder as string, 'intents.csv', 'text/csv', 18_432, day(11));
    await addFile(ids.builder as string, 'examples.zip', 'application/zip', 512, day(12));
    const response = await files(ids.builder as string);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=5');
    expect(response.json()).toEqual({
      product_id: ids.builder,
      files: [
        { file_name: 'chatbot-guide.pdf', content_type: 'application/pdf', size_bytes: 2_400_000 },
        { file_name: 'intents.csv', content_type: 'text/csv', size_bytes: 18_432 },
        { file_name: 'examples.zip', content_type: 'application/zip', size_bytes: 512 },
      ],
      // No cap on downloads per purchase (modules/downloads).
      download_limit: null,
    });
    for (const hidden of ['secret-key', 'product-files/', 'storage', 'scan', 'sk-hidden', 'private']) {
      expect(response.body).not.toContain(hidden);
    }
    // The product itself and the catalogue rows stay as they were: no file list in them.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/products/${ids.builder}` })).json()).not.toHaveProperty('files');
    expect((await list()).body).not.toContain('chatbot-guide.pdf');
    // A public product without files lists none.
    expect((await files(ids.api as string)).json()).toEqual({ product_id: ids.api, files: [], download_limit: null });
  });

  it('lists nothing for a product the public may not see: 404 for pending, rejected, unknown and malformed ids', async () => {
    await addFile(ids.pending as string, 'pending-model.bin', 'application/octet-stream', 1_000, day(10));
    await addFile(ids.rejected as string, 'rejected.zip', 'application/zip', 1_000, day(10));
    for (const id of [ids.pending, ids.rejected, '00000000-0000-0000-0000-000000000000', 'not-an-id']) {
      const response = await files(id as string);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().detail, id).toBe('Product not found');
      expect(response.body).not.toContain('.zip');
    }
    // Not even for their seller or an admin: this is the public listing (they see files elsewhere).
    expect((await files(ids.pending as string, bearer(sellerToken))).statusCode).toBe(404);
    expect((await files(ids.rejected as string, bearer(adminToken))).statusCode).toBe(404);
  });
});

describe('categories and counts', () => {
  it('keeps list totals right as products are approved and deleted', async () => {
    const before = (await list('category=models')).json().total;
    const product = await createProduct(t.db, seller, { category: 'models', status: 'pending' });
    expect((await list('category=models')).json().total).toBe(before);
    await t.db.execute(sql`update products set status = 'approved' where id = ${product.id}`);
    expect((await list('category=models')).json().total).toBe(before + 1);
    expect((await list('')).json().total).toBe(6);
    await t.db.execute(sql`update products set deleted_at = now() where id = ${product.id}`);
    expect((await list('category=models')).json().total).toBe(before);
    expect((await list('')).json().total).toBe(5);
  });

  it('lists every category with its approved count', async () => {
    const { categories } = (await t.app.inject({ method: 'GET', url: '/api/v1/products/categories/list' })).json();
    expect(categories.find((c: { slug: string }) => c.slug === 'ai-tools')).toEqual({
      slug: 'ai-tools',
      name: 'AI Tools',
      count: 1,
    });
    expect(categories.find((c: { slug: string }) => c.slug === 'scripts').count).toBe(2);
    expect(categories).toHaveLength(7);
  });

  it('gives the debug count to admins only', async () => {
    const url = '/api/v1/products/debug/count';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(buyerToken) })).statusCode).toBe(403);
    const admin = await t.app.inject({ method: 'GET', url, headers: bearer(adminToken) });
    expect(admin.json()).toEqual({ total: 7, approved: 5, pending: 1, rejected: 1 });
  });
});

describe('shared anonymous pages', () => {
  it('serves a hot page from the short cache, but never past maintenance mode', async () => {
    const cached = await createTestApp({ CATALOG_CACHE_MS: '60000' });
    try {
      const owner = await createUser(cached.db, 'seller');
      const admin = await createUser(cached.db, 'admin');
      await createProduct(cached.db, owner, { title: 'First Listing' });
      // A page is kept from its second request (a one-off query is not worth the memory).
      await cached.app.inject({ method: 'GET', url: '/api/v1/products/?limit=5' });
      const first = await cached.app.inject({ method: 'GET', url: '/api/v1/products/?limit=5' });
      await createProduct(cached.db, owner, { title: 'Second Listing' });
      const again = await cached.app.inject({ method: 'GET', url: '/api/v1/products/?limit=5' });
      expect(again.body).toBe(first.body);
      expect(again.headers['cache-control']).toBe('public, max-age=5');
      expect((await cached.app.inject({ method: 'GET', url: '/api/v1/products/?limit=6' })).json().total).toBe(2);

      const adminToken = await signIn(cached.app, admin.email, FACTORY_PASSWORD);
      await cached.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/settings',
        headers: bearer(adminToken),
        payload: { maintenance_mode: true },
      });
      expect((await cached.app.inject({ method: 'GET', url: '/api/v1/products/?limit=5' })).statusCode).toBe(503);
    } finally {
      await cached.close();
    }
  });
});

describe('product pages from the search index between its periodic checks', () => {
  it('drops a suspended seller’s product page at once, not at the next periodic check', async () => {
    const app = await createTestApp({ CATALOG_CACHE_MS: '60000' });
    try {
      const owner = await createUser(app.db, 'seller');
      const admin = await createUser(app.db, 'admin');
      const product = await createProduct(app.db, owner, { title: 'Indexed page', priceCents: 1200 });
      await app.deps.searchIndex?.load();
      const page = () => app.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}` });
      const files = () => app.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}/files` });
      await addProductFile(app.deps, product.id, 'notes.md', '# Notes');
      expect((await page()).json()).toMatchObject({ title: 'Indexed page', price: 12 });
      expect((await files()).json().files).toEqual([
        { file_name: 'notes.md', content_type: 'application/octet-stream', size_bytes: 7 },
      ]);
      const token = await signIn(app.app, admin.email, FACTORY_PASSWORD);
      const suspended = await app.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/users/${owner.id}`,
        headers: bearer(token),
        payload: { is_active: false },
      });
      expect(suspended.statusCode).toBe(200);
      expect((await page()).statusCode).toBe(404);
      // Its file list, shared for a minute here, is forgotten at once too.
      expect((await files()).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
