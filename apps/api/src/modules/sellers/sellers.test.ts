import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidOrder, createProduct, createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, type FormPart, listFiles, multipartForm, signIn, type TestApp } from '../../../test/helpers';
import { readZip } from '../../../test/zip';
import type { UserRow } from '../users/repository';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
let seller: UserRow;
let sellerToken: string;
let otherSellerToken: string;
let buyerToken: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await createUser(t.db, 'seller', { firstName: 'Sel', lastName: 'Ler' });
  const other = await createUser(t.db, 'seller');
  const buyer = await createUser(t.db, 'buyer');
  sellerToken = await signIn(t.app, seller.email, FACTORY_PASSWORD);
  otherSellerToken = await signIn(t.app, other.email, FACTORY_PASSWORD);
  buyerToken = await signIn(t.app, buyer.email, FACTORY_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

const fields = (overrides: Record<string, string> = {}): FormPart[] =>
  Object.entries({
    title: 'Prompt Wizard',
    description: 'A complete prompt engineering toolkit with examples.',
    short_description: 'Prompts that work',
    price: '19.99',
    category: 'prompt-packs',
    license: 'standard',
    tags: '["prompts","writing"]',
    ...overrides,
  }).map(([name, value]) => ({ name, value }));

const upload = (token: string, parts: FormPart[], method: 'POST' | 'PUT' = 'POST', url = '/api/v1/seller/products') => {
  const form = multipartForm(parts);
  return t.app.inject({ method, url, headers: { ...bearer(token), ...form.headers }, payload: form.payload });
};
const productRows = async () => ((await t.db.execute(sql`select count(*)::int as n from products`)).rows[0] as { n: number }).n;
const storedFiles = () => listFiles(t.config.filesDir);

describe('becoming a seller', () => {
  it('needs the seller terms accepted, then changes the role on the server', async () => {
    const user = await createUser(t.db, 'buyer');
    const token = await signIn(t.app, user.email, FACTORY_PASSWORD);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/seller/become', headers: bearer(token), payload: {} })).statusCode,
    ).toBe(422);
    const became = await t.app.inject({
      method: 'POST',
      url: '/api/v1/seller/become',
      headers: bearer(token),
      payload: { accept_terms: true },
    });
    expect(became.json().user.role).toBe('seller');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/seller/dashboard/stats', headers: bearer(token) })).statusCode,
    ).toBe(200);
  });
});

describe('listing products', () => {
  it('creates a pending product with its image and files, visible to the seller only', async () => {
    const response = await upload(sellerToken, [
      ...fields(),
      { name: 'images', filename: 'cover.png', contentType: 'image/png', data: PNG },
      { name: 'files', filename: 'prompts.txt', data: Buffer.from('1. Be specific.\n') },
      { name: 'files', filename: '', data: Buffer.alloc(0) },
    ]);
    expect(response.statusCode).toBe(201);
    const product = response.json().product;
    expect(product).toMatchObject({
      title: 'Prompt Wizard',
      status: 'pending',
      price: 19.99,
      category_slug: 'prompt-packs',
      seller: 'Sel Ler',
      tags: ['prompts', 'writing'],
    });
    expect(product.images[0]).toMatch(/\.png$/);
    expect((await t.app.inject({ method: 'GET', url: product.images[0] })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}` })).statusCode).toBe(404);

    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/v1/seller/products?status=pending', headers: bearer(sellerToken) })
    ).json();
    expect(mine.products.map((p: { id: string }) => p.id)).toContain(product.id);
    expect(mine.pagination).toMatchObject({ page: 1, total: expect.any(Number) });
    const stats = (
      await t.app.inject({ method: 'GET', url: '/api/v1/seller/dashboard/stats', headers: bearer(sellerToken) })
    ).json();
    expect(stats).toMatchObject({ pending: expect.any(Number), total_revenue: 0, total_sales: 0 });
  });

  it('refuses a bad form with the field messages and leaves nothing behind', async () => {
    const before = { rows: await productRows(), files: storedFiles().length };
    const response = await upload(sellerToken, [
      ...fields({ title: 'x', price: 'abc' }),
      { name: 'images', filename: 'cover.png', contentType: 'image/png', data: PNG },
      { name: 'files', filename: 'a.txt', data: Buffer.from('a') },
    ]);
    expect(response.statusCode).toBe(422);
    const messages = response.json().errors.map((e: { field: string }) => e.field);
    expect(messages).toEqual(expect.arrayContaining(['title', 'price']));
    expect({ rows: await productRows(), files: storedFiles().length }).toEqual(before);
  });

  it('judges images by content: a script named .png is refused', async () => {
    const before = storedFiles().length;
    const response = await upload(sellerToken, [
      ...fields(),
      { name: 'images', filename: 'evil.png', contentType: 'image/png', data: Buffer.from('<?php system($_GET["c"]); ?>') },
    ]);
    expect(response.statusCode).toBe(422);
    expect(storedFiles().length).toBe(before);
  });

  it('refuses an image over its size limit with 413 while streaming', async () => {
    const before = { rows: await productRows(), files: storedFiles().length };
    const response = await upload(sellerToken, [
      ...fields(),
      { name: 'files', filename: 'ok.txt', data: Buffer.from('ok') },
      {
        name: 'images',
        filename: 'huge.png',
        contentType: 'image/png',
        data: Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]),
      },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toBe('Files too large - reduce file sizes');
    expect({ rows: await productRows(), files: storedFiles().length }).toEqual(before);
  });

  it('sanitises a path-traversal file name and writes nothing outside the storage root', async () => {
    const response = await upload(sellerToken, [
      ...fields(),
      { name: 'files', filename: '../../../etc/passwd', data: Buffer.from('root:x:0:0') },
    ]);
    expect(response.statusCode).toBe(201);
    const id = response.json().product.id;
    const files = (await t.db.execute(sql`select file_name, storage_key from product_files where product_id = ${id}`)).rows;
    expect(files).toEqual([{ file_name: 'passwd', storage_key: `product-files/${id}/passwd` }]);
    expect(storedFiles()).toContain(`product-files/${id}/passwd`);
  });

  it('leaves no product and no files when the client hangs up halfway', async () => {
    const before = { rows: await productRows(), files: storedFiles().length };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const form = multipartForm([...fields(), { name: 'files', filename: 'big.bin', data: Buffer.alloc(2 * 1024 * 1024, 1) }]);
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/seller/products',
        headers: { ...bearer(sellerToken), ...form.headers, 'content-length': String(form.payload.length) },
      });
      request.on('error', () => resolve());
      request.write(form.payload.subarray(0, form.payload.length - 1024 * 1024));
      setTimeout(() => {
        request.destroy();
        setTimeout(resolve, 300);
      }, 200);
    });
    // The server notices the hang-up asynchronously; give it a moment, then nothing may remain.
    await expect.poll(() => storedFiles().filter((f) => f.endsWith('.tmp')), { timeout: 5000 }).toEqual([]);
    expect({ rows: await productRows(), files: storedFiles().length }).toEqual(before);
  });
});

describe('a seller’s own products only', () => {
  it('refuses a listing without a file to download, on creation and on resubmission, storing nothing', async () => {
    const rowsBefore = await productRows();
    const filesBefore = storedFiles().length;
    const bare = await upload(sellerToken, [
      ...fields({ title: 'Nothing Inside' }),
      { name: 'images', filename: 'cover.png', contentType: 'image/png', data: PNG },
      // An empty file input is no file.
      { name: 'files', filename: '', data: Buffer.alloc(0) },
    ]);
    expect(bare.statusCode).toBe(422);
    expect(bare.json()).toMatchObject({
      detail: 'Add at least one file for buyers to download',
      errors: [{ field: 'files', message: 'Add at least one file for buyers to download' }],
    });
    expect(await productRows()).toBe(rowsBefore);
    expect(storedFiles().length).toBe(filesBefore);

    // A product that somehow has no files (an older listing) cannot be resubmitted without one either.
    const legacy = await createProduct(t.db, seller, { title: 'Old Empty', status: 'rejected' });
    const resubmitted = await upload(
      sellerToken,
      fields({ title: 'Old Empty v2' }),
      'PUT',
      `/api/v1/seller/products/${legacy.id}`,
    );
    expect(resubmitted.statusCode).toBe(422);
    expect(resubmitted.json().detail).toBe('Add at least one file for buyers to download');
    const [row] = (await t.db.execute(sql`select title, status from products where id = ${legacy.id}`)).rows;
    expect(row).toEqual({ title: 'Old Empty', status: 'rejected' });
    const fixed = await upload(
      sellerToken,
      [...fields({ title: 'Old Empty v2' }), { name: 'files', filename: 'now.txt', data: Buffer.from('content') }],
      'PUT',
      `/api/v1/seller/products/${legacy.id}`,
    );
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().product).toMatchObject({ title: 'Old Empty v2', status: 'pending' });
  });

  it('gives other sellers 404, buyers 403 and the anonymous 401', async () => {
    const created = (
      await upload(sellerToken, [
        ...fields({ title: 'Private Tool' }),
        { name: 'files', filename: 'tool.py', data: Buffer.from('1') },
      ])
    ).json().product;
    for (const [method, url] of [
      ['GET', `/api/v1/seller/products/${created.id}`],
      ['DELETE', `/api/v1/seller/products/${created.id}`],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: bearer(otherSellerToken) })).statusCode).toBe(404);
      expect((await t.app.inject({ method, url, headers: bearer(buyerToken) })).statusCode).toBe(403);
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
    expect(
      (await upload(otherSellerToken, fields({ title: 'Hijacked' }), 'PUT', `/api/v1/seller/products/${created.id}`)).statusCode,
    ).toBe(404);
    expect((await upload(buyerToken, fields())).statusCode).toBe(403);
    const still = (
      await t.app.inject({ method: 'GET', url: `/api/v1/seller/products/${created.id}`, headers: bearer(sellerToken) })
    ).json();
    expect(still.title).toBe('Private Tool');
  });

  it('sends an edited product back to review, and a deleted one keeps buyers’ downloads', async () => {
    const created = (
      await upload(sellerToken, [
        ...fields({ title: 'Soon Sold' }),
        { name: 'files', filename: 'tool.py', data: Buffer.from('print(1)\n') },
      ])
    ).json().product;
    await t.db.execute(sql`update products set status = 'approved' where id = ${created.id}`);
    const edited = await upload(
      sellerToken,
      fields({ title: 'Soon Sold v2', price: '25' }),
      'PUT',
      `/api/v1/seller/products/${created.id}`,
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().product).toMatchObject({ title: 'Soon Sold v2', status: 'pending', price: 25 });

    await t.db.execute(sql`update products set status = 'approved' where id = ${created.id}`);
    const buyer = await createUser(t.db, 'buyer');
    const [row] = (
      await t.db.execute(
        sql`select id, title, seller_id as "sellerId", price_cents as "priceCents" from products where id = ${created.id}`,
      )
    ).rows as {
      id: string;
      title: string;
      sellerId: string;
      priceCents: number;
    }[];
    await createPaidOrder(t.db, buyer, row as { id: string; title: string; sellerId: string; priceCents: number });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/seller/products/${created.id}`, headers: bearer(sellerToken) }))
        .statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/products/${created.id}` })).statusCode).toBe(404);

    const buyerToken2 = await signIn(t.app, buyer.email, FACTORY_PASSWORD);
    const zip = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/download-product-files/${created.id}`,
      headers: bearer(buyerToken2),
    });
    expect(zip.statusCode).toBe(200);
    expect([...(await readZip(zip.rawPayload)).keys()]).toEqual(['tool.py']);
  });
});
