import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidOrder, createUser, FACTORY_PASSWORD } from '../../../test/factories';
import {
  bearer,
  createTestApp,
  type FormPart,
  listFiles,
  multipartFile,
  multipartForm,
  registerUser,
  signIn,
  type TestApp,
} from '../../../test/helpers';
import { startTestS3, type TestS3 } from '../../../test/s3';
import { readZip } from '../../../test/zip';
import { createS3Storage, type S3Storage } from '../../lib/storage-s3';

/** The shop with S3_BUCKET set: what sellers and buyers store lives in the bucket, and leaves it with them. */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let s3: TestS3;
let t: TestApp;
/** A second client on the same bucket: what the shop wrote, seen from outside. */
let bucket: S3Storage;
let sellerToken: string;

beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp(s3.env);
  bucket = createS3Storage(s3.options);
  const seller = await createUser(t.db, 'seller');
  sellerToken = await signIn(t.app, seller.email, FACTORY_PASSWORD);
});
afterAll(async () => {
  await t?.close();
  bucket?.client.destroy();
  await s3?.close();
});

async function objectKeys(): Promise<string[]> {
  const listed = await bucket.client.send(new ListObjectsV2Command({ Bucket: bucket.bucket }));
  return (listed.Contents ?? []).map((object) => object.Key as string).sort();
}

const productForm = (extra: FormPart[]): FormPart[] => [
  ...Object.entries({
    title: 'Bucket Toolkit',
    description: 'Scripts that live in object storage.',
    price: '12.00',
    category: 'prompt-packs',
  }).map(([name, value]) => ({ name, value })),
  ...extra,
];

async function listProduct(extra: FormPart[]) {
  const form = multipartForm(productForm(extra));
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/seller/products',
    headers: { ...bearer(sellerToken), ...form.headers },
    payload: form.payload,
  });
}

async function storedKeys(productId: string): Promise<{ images: string[]; files: string[] }> {
  const [product] = (await t.db.execute(sql`select images from products where id = ${productId}`)).rows as { images: string[] }[];
  const files = (await t.db.execute(sql`select storage_key from product_files where product_id = ${productId}`)).rows as {
    storage_key: string;
  }[];
  return { images: product?.images ?? [], files: files.map((row) => row.storage_key) };
}

describe('a shop storing its files in a bucket', () => {
  it('keeps product images and files in the bucket, serves them, and deletes them with the product', async () => {
    const created = await listProduct([
      { name: 'images', filename: 'cover.png', contentType: 'image/png', data: PNG },
      { name: 'files', filename: 'tool.py', data: Buffer.from('print("from the bucket")\n') },
    ]);
    expect(created.statusCode).toBe(201);
    const productId = created.json().product.id as string;
    const keys = await storedKeys(productId);
    expect(await objectKeys()).toEqual(expect.arrayContaining([...keys.images, ...keys.files]));
    // Nothing went to the local files folder.
    expect(listFiles(t.config.filesDir)).toEqual([]);

    // The image keeps its URL, now answered from the bucket.
    const image = await t.app.inject({ method: 'GET', url: `/api/v1/media/${keys.images[0]}` });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);

    // A buyer's order zip streams from the bucket.
    await t.db.execute(sql`update products set status = 'approved' where id = ${productId}`);
    const buyer = await createUser(t.db, 'buyer');
    const [row] = (
      await t.db.execute(
        sql`select id, title, seller_id as "sellerId", price_cents as "priceCents" from products where id = ${productId}`,
      )
    ).rows as { id: string; title: string; sellerId: string; priceCents: number }[];
    await createPaidOrder(t.db, buyer, row as NonNullable<typeof row>);
    const buyerToken = await signIn(t.app, buyer.email, FACTORY_PASSWORD);
    const zip = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/download-product-files/${productId}`,
      headers: bearer(buyerToken),
    });
    expect(zip.statusCode).toBe(200);
    expect((await readZip(zip.rawPayload)).get('tool.py')?.toString()).toBe('print("from the bucket")\n');

    // Deleted after a sale: the images go, the bought files stay for the buyer.
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/seller/products/${productId}`,
      headers: bearer(sellerToken),
    });
    expect(deleted.statusCode).toBe(200);
    const left = await objectKeys();
    expect(left).not.toContain(keys.images[0]);
    expect(left).toEqual(expect.arrayContaining(keys.files));
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/download-product-files/${productId}`,
      headers: bearer(buyerToken),
    });
    expect(again.statusCode).toBe(200);
  });

  it('deletes the images an edit replaces', async () => {
    const created = await listProduct([
      { name: 'images', filename: 'old.png', contentType: 'image/png', data: PNG },
      { name: 'files', filename: 'a.txt', data: Buffer.from('a') },
    ]);
    const productId = created.json().product.id as string;
    const [oldImage] = (await storedKeys(productId)).images;
    const form = multipartForm([{ name: 'images', filename: 'new.png', contentType: 'image/png', data: PNG }]);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/seller/products/${productId}`,
      headers: { ...bearer(sellerToken), ...form.headers },
      payload: form.payload,
    });
    expect(edited.statusCode).toBe(200);
    const [newImage] = (await storedKeys(productId)).images;
    expect(newImage).not.toBe(oldImage);
    const left = await objectKeys();
    expect(left).toContain(newImage);
    expect(left).not.toContain(oldImage);
  });

  it('deletes every object of a product nobody ordered', async () => {
    const created = await listProduct([
      { name: 'images', filename: 'cover.png', contentType: 'image/png', data: PNG },
      { name: 'files', filename: 'a.txt', data: Buffer.from('a') },
      { name: 'files', filename: 'b.txt', data: Buffer.from('b') },
    ]);
    expect(created.statusCode).toBe(201);
    const productId = created.json().product.id as string;
    const keys = await storedKeys(productId);
    expect(keys.files).toHaveLength(2);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/seller/products/${productId}`,
      headers: bearer(sellerToken),
    });
    expect(deleted.statusCode).toBe(200);
    const left = await objectKeys();
    for (const key of [...keys.images, ...keys.files]) expect(left).not.toContain(key);
    expect((await storedKeys(productId)).files).toEqual([]);
  });

  it('leaves no object and no row behind when an upload is too large', async () => {
    const before = await objectKeys();
    const count = async () => ((await t.db.execute(sql`select count(*)::int as n from products`)).rows[0] as { n: number }).n;
    const rows = await count();
    const response = await listProduct([
      { name: 'files', filename: 'ok.txt', data: Buffer.from('fine') },
      {
        name: 'images',
        filename: 'huge.png',
        contentType: 'image/png',
        data: Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]),
      },
    ]);
    expect(response.statusCode).toBe(413);
    expect(await objectKeys()).toEqual(before);
    expect(await count()).toBe(rows);
  });

  it('leaves no object and no row behind when the seller hangs up mid-file', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const before = await objectKeys();
    const count = async () => ((await t.db.execute(sql`select count(*)::int as n from products`)).rows[0] as { n: number }).n;
    const rows = await count();
    // 40 MB declared, 24 MB sent (three multipart parts reach the bucket), then the connection drops.
    const form = multipartForm(productForm([{ name: 'files', filename: 'big.bin', data: Buffer.alloc(40 * 1024 * 1024, 1) }]));
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/seller/products',
        headers: { ...bearer(sellerToken), ...form.headers, 'content-length': String(form.payload.length) },
      });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.write(form.payload.subarray(0, 24 * 1024 * 1024), () => {
        setTimeout(() => request.destroy(), 300);
      });
    });
    // The server notices the hang-up and aborts the upload; give it a moment.
    for (let i = 0; i < 50 && (await objectKeys()).length !== before.length; i += 1) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 300));
    expect(await objectKeys()).toEqual(before);
    expect(await count()).toBe(rows);
  });

  it('frees its connection to the bucket when a buyer cuts a download short', async () => {
    const created = await listProduct([{ name: 'files', filename: 'data.bin', data: Buffer.alloc(16 * 1024 * 1024, 2) }]);
    expect(created.statusCode).toBe(201);
    const productId = created.json().product.id as string;
    await t.db.execute(sql`update products set status = 'approved' where id = ${productId}`);
    const buyer = await createUser(t.db, 'buyer');
    const [row] = (
      await t.db.execute(
        sql`select id, title, seller_id as "sellerId", price_cents as "priceCents" from products where id = ${productId}`,
      )
    ).rows as { id: string; title: string; sellerId: string; priceCents: number }[];
    await createPaidOrder(t.db, buyer, row as NonNullable<typeof row>);
    const buyerToken = await signIn(t.app, buyer.email, FACTORY_PASSWORD);
    await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => {});
    const { port } = t.app.server.address() as AddressInfo;
    const download = (cut: boolean) =>
      new Promise<number>((resolve, reject) => {
        const request = http.get(
          { host: '127.0.0.1', port, path: `/api/v1/orders/download-product-files/${productId}`, headers: bearer(buyerToken) },
          (response) => {
            let bytes = 0;
            response.on('data', (chunk: Buffer) => {
              bytes += chunk.length;
              if (cut) request.destroy();
            });
            response.on('end', () => resolve(bytes));
            response.on('error', () => resolve(bytes));
            response.on('close', () => resolve(bytes));
          },
        );
        request.on('error', (error) => (cut ? resolve(0) : reject(error)));
      });
    // More cut-off downloads than the S3 client keeps connections (50): a leak would hang the next one.
    for (let i = 0; i < 60; i += 1) await download(true);
    expect(await download(false)).toBeGreaterThan(16 * 1024 * 1024);
  }, 60_000);

  it('stores an avatar in the bucket and deletes it with the account', async () => {
    const user = await registerUser(t.app);
    const file = multipartFile('file', 'me.png', 'image/png', PNG);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/upload-avatar',
      headers: { ...bearer(user.accessToken), ...file.headers },
      payload: file.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const url = uploaded.json().avatar_url as string;
    const key = url.replace('/api/v1/media/', '');
    expect(await bucket.size(key)).toBe(PNG.length);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const gone = await t.app.inject({ method: 'DELETE', url: '/api/v1/users/me', headers: bearer(user.accessToken) });
    expect(gone.statusCode).toBe(204);
    expect(await bucket.size(key)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
