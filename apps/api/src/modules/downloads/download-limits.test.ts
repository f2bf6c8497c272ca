import { DOWNLOAD_LIMIT_MESSAGE, DOWNLOAD_LIMIT_REACHED, MESSAGE_CATALOGUE, MESSAGE_LANGUAGES } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProductFile,
  checkoutAndPay,
  createPaidOrder,
  createProduct,
  createUser,
  FACTORY_PASSWORD,
  signedInUser,
} from '../../../test/factories';
import { bearer, createTestApp, decodedOutbox, signIn, type TestApp } from '../../../test/helpers';
import { orderItems, orders } from '../../db/schema';
import type { UserRow } from '../users/repository';

/**
 * Download limits (issue 24): a seller caps the downloads per order line of a product; the buyer
 * sees how many are left; the count is exact under concurrent downloads; a refunded order gets nothing.
 */

let t: TestApp;
let seller: UserRow;
let sellerToken: string;
let otherSellerToken: string;
let buyer: UserRow;
let buyerToken: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await createUser(t.db, 'seller');
  const other = await createUser(t.db, 'seller');
  buyer = await createUser(t.db, 'buyer');
  sellerToken = await signIn(t.app, seller.email, FACTORY_PASSWORD);
  otherSellerToken = await signIn(t.app, other.email, FACTORY_PASSWORD);
  buyerToken = await signIn(t.app, buyer.email, FACTORY_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'PUT' | 'HEAD', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: token ? bearer(token) : {} });

const setLimit = (productId: string, download_limit: unknown, token = sellerToken) =>
  call('PUT', `/seller/products/${productId}/download-limit`, token, { download_limit });

async function cappedProduct(limit: number | null, title = `Capped ${Math.random().toString(36).slice(2, 8)}`) {
  const product = await createProduct(t.db, seller, { title, priceCents: 1500 });
  await addProductFile(t.deps, product.id, 'model.bin', `weights of ${title}`);
  await addProductFile(t.deps, product.id, 'README.md', '# Read me\n');
  expect((await setLimit(product.id, limit)).statusCode).toBe(200);
  return product;
}

/** The buyer's own view of an order's line: its cap and the downloads left. */
async function lineOf(orderId: string) {
  const order = (await call('GET', `/orders/${orderId}`, buyerToken)).json();
  return order.items[0] as { download_limit: number | null; downloads_left: number | null };
}

async function linksOf(orderId: string) {
  const answer = await call('GET', `/orders/${orderId}/download-links`, buyerToken);
  expect(answer.statusCode).toBe(200);
  return answer.json().links as { product_id: string; file_name: string; url: string }[];
}

describe('a seller’s download limit', () => {
  it('is set and cleared on the seller’s own product only, checked as the product form checks it', async () => {
    const product = await cappedProduct(null);
    const read = () => call('GET', `/seller/products/${product.id}/download-limit`, sellerToken);
    expect((await read()).json()).toEqual({ product_id: product.id, download_limit: null });
    expect((await setLimit(product.id, 5)).json()).toEqual({ product_id: product.id, download_limit: 5 });
    expect((await read()).json().download_limit).toBe(5);

    for (const bad of [0, -1, 1001, 2.5, '3', 'many', true]) {
      const refused = await setLimit(product.id, bad);
      expect(refused.statusCode, String(bad)).toBe(422);
      expect(refused.json().errors[0]).toMatchObject({ field: 'download_limit', message: DOWNLOAD_LIMIT_MESSAGE });
    }
    expect((await read()).json().download_limit).toBe(5);

    // Another seller's, a buyer's and a stranger's attempts change nothing.
    expect((await setLimit(product.id, 1, otherSellerToken)).statusCode).toBe(404);
    expect((await call('GET', `/seller/products/${product.id}/download-limit`, otherSellerToken)).statusCode).toBe(404);
    expect((await setLimit(product.id, 1, buyerToken)).statusCode).toBe(403);
    expect(
      (await call('PUT', `/seller/products/${product.id}/download-limit`, undefined, { download_limit: 1 })).statusCode,
    ).toBe(401);
    expect((await setLimit('not-a-product', 1)).statusCode).toBe(404);
    expect((await read()).json().download_limit).toBe(5);

    expect((await setLimit(product.id, null)).json().download_limit).toBeNull();
    expect((await read()).json().download_limit).toBeNull();
  });

  it('is told to anyone before buying, beside the list of files', async () => {
    const capped = await cappedProduct(4);
    const free = await cappedProduct(null);
    const files = (id: string) => call('GET', `/products/${id}/files`).then((answer) => answer.json());
    expect(await files(capped.id)).toMatchObject({ product_id: capped.id, download_limit: 4 });
    expect((await files(capped.id)).files).toHaveLength(2);
    expect((await files(free.id)).download_limit).toBeNull();
  });

  it('binds each order line to the cap in force when it was ordered: a later change never touches orders placed', async () => {
    const product = await cappedProduct(2);
    const first = await createPaidOrder(t.db, buyer, product);
    await setLimit(product.id, 5);
    const second = await createPaidOrder(t.db, buyer, product);
    await setLimit(product.id, null);
    const third = await createPaidOrder(t.db, buyer, product);
    expect(await lineOf(first.id)).toEqual(expect.objectContaining({ download_limit: 2, downloads_left: 2 }));
    expect(await lineOf(second.id)).toEqual(expect.objectContaining({ download_limit: 5, downloads_left: 5 }));
    expect(await lineOf(third.id)).toEqual(expect.objectContaining({ download_limit: null, downloads_left: null }));
  });
});

describe('downloads under a limit', () => {
  it('gives exactly 3 of 10 concurrent downloads at a cap of 3, and a clear 403 in six languages to the rest', async () => {
    const product = await cappedProduct(3);
    const order = await createPaidOrder(t.db, buyer, product);
    const [link] = await linksOf(order.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.app.inject({ url: link?.url as string })));
    const ok = answers.filter((answer) => answer.statusCode === 200);
    expect(ok).toHaveLength(3);
    for (const answer of ok) expect(answer.body).toMatch(/weights|# Read me/);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused.map((answer) => answer.statusCode)).toEqual(Array(7).fill(403));
    for (const answer of refused) {
      expect(answer.json()).toMatchObject({
        code: 'FORBIDDEN',
        detail: DOWNLOAD_LIMIT_REACHED,
        messageId: 'downloads.downloadLimitReached',
      });
    }
    // The buyer reads the message in their language, and their order page says none is left.
    const texts = MESSAGE_LANGUAGES.map((language) => MESSAGE_CATALOGUE[language]['downloads.downloadLimitReached']);
    expect(new Set(texts).size).toBe(6);
    expect(await lineOf(order.id)).toEqual(expect.objectContaining({ download_limit: 3, downloads_left: 0 }));
  });

  it('counts the product’s zip, the order’s zip and each file alike; a HEAD counts nothing; a used-up product leaves the order zip', async () => {
    const capped = await cappedProduct(2);
    const free = await cappedProduct(null);
    const order = await createPaidOrder(t.db, buyer, capped);
    // A second line, uncapped, in the same order.
    await t.db.insert(orderItems).values({
      orderId: order.id,
      productId: free.id,
      productTitle: free.title,
      sellerId: seller.id,
      unitPriceCents: 1500,
    });
    const links = await linksOf(order.id);
    const fileOfCapped = links.find((link) => link.product_id === capped.id && link.file_name === 'model.bin') as {
      url: string;
    };

    expect((await t.app.inject({ method: 'HEAD', url: fileOfCapped.url })).statusCode).toBe(200);
    expect(await lineOf(order.id)).toEqual(expect.objectContaining({ downloads_left: 2 }));

    expect((await call('GET', `/orders/download-product-files/${capped.id}`, buyerToken)).statusCode).toBe(200);
    expect((await lineOf(order.id)).downloads_left).toBe(1);
    const zip = await call('GET', `/orders/${order.id}/download-zip`, buyerToken);
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.includes(Buffer.from(`weights of ${capped.title}`))).toBe(true);
    expect((await lineOf(order.id)).downloads_left).toBe(0);

    // Used up: its file and its zip are refused; the order's zip still holds the uncapped product only.
    expect((await t.app.inject({ url: fileOfCapped.url })).statusCode).toBe(403);
    const productZip = await call('GET', `/orders/download-product-files/${capped.id}`, buyerToken);
    expect(productZip.statusCode).toBe(403);
    expect(productZip.json().detail).toBe(DOWNLOAD_LIMIT_REACHED);
    const rest = await call('GET', `/orders/${order.id}/download-zip`, buyerToken);
    expect(rest.statusCode).toBe(200);
    expect(rest.rawPayload.includes(Buffer.from(`weights of ${capped.title}`))).toBe(false);
    expect(rest.rawPayload.includes(Buffer.from(`${free.title.replace(/[^a-zA-Z0-9]/g, '_')}/README.md`))).toBe(true);
    // The uncapped product downloads as often as the buyer likes.
    for (let i = 0; i < 4; i += 1)
      expect((await call('GET', `/orders/download-product-files/${free.id}`, buyerToken)).statusCode).toBe(200);
  });

  it('refuses the order’s zip with the message when every product in it is used up', async () => {
    const product = await cappedProduct(1);
    const order = await createPaidOrder(t.db, buyer, product);
    expect((await call('GET', `/orders/${order.id}/download-zip`, buyerToken)).statusCode).toBe(200);
    const again = await call('GET', `/orders/${order.id}/download-zip`, buyerToken);
    expect(again.statusCode).toBe(403);
    expect(again.json().detail).toBe(DOWNLOAD_LIMIT_REACHED);
  });

  it('gives a refunded order nothing, downloads left or not', async () => {
    const product = await cappedProduct(5);
    const order = await createPaidOrder(t.db, buyer, product);
    const [link] = await linksOf(order.id);
    await t.db.update(orders).set({ paymentStatus: 'refunded', status: 'refunded' }).where(eq(orders.id, order.id));
    expect((await t.app.inject({ url: link?.url as string })).statusCode).toBe(403);
    expect((await call('GET', `/orders/${order.id}/download-zip`, buyerToken)).statusCode).toBe(403);
    expect((await call('GET', `/orders/download-product-files/${product.id}`, buyerToken)).statusCode).toBe(404);
    expect((await lineOf(order.id)).downloads_left).toBe(5);
  });

  it('never counts another buyer’s downloads against this one’s order', async () => {
    const product = await cappedProduct(1);
    const mine = await createPaidOrder(t.db, buyer, product);
    const someone = await createUser(t.db, 'buyer');
    const theirs = await createPaidOrder(t.db, someone, product);
    const theirToken = await signIn(t.app, someone.email, FACTORY_PASSWORD);
    expect((await call('GET', `/orders/download-product-files/${product.id}`, theirToken)).statusCode).toBe(200);
    expect((await call('GET', `/orders/download-product-files/${product.id}`, theirToken)).statusCode).toBe(403);
    expect((await call('GET', `/orders/${theirs.id}`, buyerToken)).statusCode).toBe(404);
    expect((await lineOf(mine.id)).downloads_left).toBe(1);
  });

  it('puts no file link of a capped product in the receipt (a mail scanner opening it would use a download), only the orders page', async () => {
    const capped = await cappedProduct(2, 'Scanner Proof Model');
    const open = await cappedProduct(null, 'Open Notes');
    const someone = await signedInUser(t, 'buyer');
    for (const product of [capped, open])
      expect((await someone.call('POST', '/cart/add', { product_id: product.id, quantity: 1 })).statusCode).toBe(200);
    await checkoutAndPay(someone.call);
    const receipt = decodedOutbox(t.config).find((mail) => mail.to.includes(someone.user.email));
    const body = receipt?.body ?? '';
    expect(body).toContain('Open Notes / model.bin: ');
    expect(body).not.toContain('Scanner Proof Model / model.bin');
    expect(body).not.toContain('Scanner Proof Model: model.bin');
    expect(body).toContain(
      `Scanner Proof Model: up to 2 downloads per purchase. Download it from your orders page, where no link checker can use one up: ${t.config.publicUrl}/orders`,
    );
  });
});
