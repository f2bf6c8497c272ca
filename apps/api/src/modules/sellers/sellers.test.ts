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
/** Files are stored under a random key of their product, whatever their name. */
const STORAGE_KEY = (productId: string) =>
  new RegExp(`^product-files/${productId}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`);
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
    const files = (await t.db.execute(sql`select file_name, storage_key from product_files where product_id = ${id}`)).rows as {
      file_name: string;
      storage_key: string;
    }[];
    expect(files).toEqual([{ file_name: 'passwd', storage_key: expect.stringMatching(STORAGE_KEY(id)) }]);
    expect(storedFiles()).toContain(files[0]?.storage_key);
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
    // The server notices the hang-up asynchronously: once it has let the connection go (on a loaded
    // machine it may not even have opened the upload's temporary file before), nothing may remain.
    const connections = () => new Promise<number>((resolve) => t.app.server.getConnections((_, count) => resolve(count)));
    await expect.poll(connections, { timeout: 5000 }).toBe(0);
    await expect
      .poll(async () => ({ rows: await productRows(), files: storedFiles().length }), { timeout: 5000 })
      .toEqual(before);
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

  it('keeps an edited approved product on sale while the edit waits for review, and a deleted one keeps buyers’ downloads', async () => {
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
    // The approved listing stays as it is until an admin approves the edit (decision 0038).
    expect(edited.json().product).toMatchObject({ title: 'Soon Sold', status: 'approved' });
    expect(edited.json().message).toBe(
      'Your changes were sent for review; the product stays on sale as it is until they are approved',
    );

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

describe('file names', () => {
  /** Approves the product and sells it to a new buyer; the buyer's token and order. */
  async function sold(productId: string) {
    await t.db.execute(sql`update products set status = 'approved' where id = ${productId}`);
    const [row] = (
      await t.db.execute(
        sql`select id, title, seller_id as "sellerId", price_cents as "priceCents" from products where id = ${productId}`,
      )
    ).rows as { id: string; title: string; sellerId: string; priceCents: number }[];
    const buyer = await createUser(t.db, 'buyer');
    const order = await createPaidOrder(t.db, buyer, row as { id: string; title: string; sellerId: string; priceCents: number });
    return { token: await signIn(t.app, buyer.email, FACTORY_PASSWORD), orderId: order.id };
  }

  const productZip = async (token: string, productId: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/download-product-files/${productId}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return readZip(response.rawPayload);
  };

  it('keeps a name that starts with a dash, or is not ASCII, everywhere a buyer sees it', async () => {
    const names = ['-model.zip', '--help.pdf', 'Übersicht (v2).pdf'];
    const response = await upload(sellerToken, [
      ...fields({ title: 'Dashing Files' }),
      ...names.map((filename) => ({ name: 'files', filename, data: Buffer.from(`contents of ${filename}`) })),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().product.id as string;

    // The admin reviews the files under their names; storage knows them only by random keys.
    const admin = await createUser(t.db, 'admin');
    const review = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/products/${id}`,
      headers: bearer(await signIn(t.app, admin.email, FACTORY_PASSWORD)),
    });
    expect(
      review
        .json()
        .files.map((file: { file_name: string }) => file.file_name)
        .sort(),
    ).toEqual([...names].sort());
    const keys = (await t.db.execute(sql`select storage_key from product_files where product_id = ${id}`)).rows.map(
      (row) => (row as { storage_key: string }).storage_key,
    );
    for (const key of keys) expect(key).toMatch(STORAGE_KEY(id));

    const buyer = await sold(id);
    const zip = await productZip(buyer.token, id);
    expect([...zip.keys()].sort()).toEqual([...names].sort());
    expect(zip.get('-model.zip')).toBe('contents of -model.zip');

    const links = (
      await t.app.inject({ method: 'GET', url: `/api/v1/orders/${buyer.orderId}/download-links`, headers: bearer(buyer.token) })
    ).json().links as { file_name: string; url: string }[];
    expect(links.map((link) => link.file_name).sort()).toEqual([...names].sort());
    const saved = async (name: string) => {
      const link = links.find((candidate) => candidate.file_name === name) as { url: string };
      const file = await t.app.inject({ method: 'GET', url: link.url });
      expect(file.statusCode).toBe(200);
      expect(file.body).toBe(`contents of ${name}`);
      return file.headers['content-disposition'];
    };
    expect(await saved('-model.zip')).toBe('attachment; filename="-model.zip"');
    expect(await saved('Übersicht (v2).pdf')).toBe(
      `attachment; filename="_bersicht (v2).pdf"; filename*=UTF-8''%C3%9Cbersicht%20%28v2%29.pdf`,
    );
  });

  it('shows hostile names cleaned and stores them under random keys inside the storage root', async () => {
    const sent = [
      ['../../etc/passwd', 'passwd'],
      ['a/b.zip', 'b.zip'],
      ['..\\..\\windows\\evil.zip', 'evil.zip'],
      ['mo\u0000del.zip', 'mo_del.zip'],
      ['bell\u0007.txt', 'bell_.txt'],
      ['invoice\u202egpj.exe', 'invoice_gpj.exe'],
      ['.env', 'env'],
      ['what?.txt', 'what_.txt'],
    ] as const;
    const before = storedFiles().length;
    const response = await upload(sellerToken, [
      ...fields({ title: 'Hostile Names' }),
      ...sent.map(([filename], index) => ({ name: 'files', filename, data: Buffer.from(`file ${index}`) })),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().product.id as string;
    const rows = (
      await t.db.execute(sql`select file_name, storage_key from product_files where product_id = ${id} order by created_at`)
    ).rows as { file_name: string; storage_key: string }[];
    expect(rows.map((row) => row.file_name).sort()).toEqual(sent.map(([, shown]) => shown).sort());
    for (const row of rows) expect(row.storage_key).toMatch(STORAGE_KEY(id));
    // Every file landed under the storage root, as one of this product's keys.
    expect(storedFiles().length).toBe(before + sent.length);
    expect(storedFiles().filter((key) => key.startsWith(`product-files/${id}/`))).toHaveLength(sent.length);

    const buyer = await sold(id);
    const zip = await productZip(buyer.token, id);
    expect([...zip.keys()].sort()).toEqual(sent.map(([, shown]) => shown).sort());
    expect(zip.get('passwd')).toBe('file 0');
  });
});
