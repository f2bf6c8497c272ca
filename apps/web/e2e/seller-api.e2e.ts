import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wcagViolations } from './axe';
import { launchBrowser, newPage, snap, useOwnServer } from './browser';
import { type Marketplace, startMarketplace } from './global-setup';
import { apiAs, newAccount, signIn } from './session';

/**
 * Issue 25's seller API and webhooks, in the browser: the demo seller makes an API token (shown
 * once) and reads their products with it, adds a webhook endpoint on a receiver on 127.0.0.1
 * (secret shown once), sends a test event, sees a buyer's purchase arrive signed, reads the
 * delivery log, and revokes the token. On a server of its own, started with
 * WEBHOOKS_ALLOW_LOOPBACK=true (the only way a loopback receiver is allowed).
 */

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

let browser: Browser;
let server: Marketplace;
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/marketplace-hook`;
  // The server inherits this process's environment when it starts; no other journey sees it.
  process.env.WEBHOOKS_ALLOW_LOOPBACK = 'true';
  try {
    server = await startMarketplace('seller-api');
  } finally {
    delete process.env.WEBHOOKS_ALLOW_LOOPBACK;
  }
  useOwnServer(server);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

const SELLER = { email: 'seller@example.com', password: 'Seller-demo-2026' };
const PASSWORD = 'Harbour-window-37';

/** The first delivery of this type, once it has arrived. */
async function deliveryOf(type: string): Promise<Received> {
  await expect.poll(() => received.find((r) => r.headers['marketplace-event-type'] === type), { timeout: 30_000 }).toBeDefined();
  return received.find((r) => r.headers['marketplace-event-type'] === type) as Received;
}

/** What a receiver does: the HMAC of "<t>.<body>" with the secret, and a t within 5 minutes. */
function signedBy(secret: string, delivery: Received): boolean {
  const header = String(delivery.headers['marketplace-signature']);
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2)));
  const t = Number(parts.t);
  const expected = createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest('hex');
  return parts.v1 === expected && Math.abs(Date.now() / 1000 - t) < 300;
}

describe('seller API and webhooks', () => {
  it('a seller reads their products with a token, receives signed webhooks of a sale and reads the delivery log', async () => {
    const seller = await newPage(browser);
    await signIn(seller.page, SELLER.email, SELLER.password);
    await seller.page.goto('/seller');

    // An API token, shown once.
    const tokenForm = seller.page.getByRole('form', { name: 'Create an API token' });
    await tokenForm.getByLabel('Token name').fill('Spreadsheet sync');
    await tokenForm.getByRole('button', { name: 'Create token' }).click();
    const token = await seller.page.getByLabel('API token', { exact: true }).inputValue();
    expect(token).toMatch(/^mkt_sk_/);
    const read = await seller.context.request.get('/api/v1/seller/products', { headers: { Authorization: `Bearer ${token}` } });
    expect(read.status()).toBe(200);
    const products = ((await read.json()) as { products: { id: string; title: string; status: string }[] }).products;
    const refused = await seller.context.request.get('/api/v1/seller/api-tokens', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(refused.status()).toBe(403);
    await seller.page.getByRole('button', { name: 'Done' }).click();
    await seller.page.getByRole('cell', { name: 'Spreadsheet sync', exact: true }).waitFor();

    // A webhook endpoint on the local receiver, its secret shown once, and a test event.
    const hookForm = seller.page.getByRole('form', { name: 'Add a webhook endpoint' });
    await hookForm.getByLabel('Endpoint URL (https)').fill(receiverUrl);
    await hookForm.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await seller.page.getByLabel('Signing secret', { exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await seller.page.getByRole('button', { name: 'Done' }).click();
    await seller.page.getByText(receiverUrl).waitFor();
    await seller.page.getByRole('button', { name: 'Send a test event' }).click();
    expect(signedBy(secret, await deliveryOf('webhook.test'))).toBe(true);

    // A buyer pays for one of the seller's products: the sale arrives, signed.
    const product = products.find((p) => p.status === 'approved') as { id: string; title: string };
    const buyer = await newAccount(browser, 'webhook-buyer', PASSWORD);
    await apiAs(buyer.context, 'post', '/cart/add', { product_id: product.id, quantity: 1 });
    const checkout = (await apiAs(buyer.context, 'post', '/orders/checkout', { billing_country: 'US' })) as {
      payment_intent_id: string;
      order_number: string;
    };
    await apiAs(buyer.context, 'post', `/payments/confirm-payment/${checkout.payment_intent_id}`, {
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: new Date().getFullYear() + 2,
      cvc: '123',
    });
    const sale = await deliveryOf('sale.created');
    expect(signedBy(secret, sale)).toBe(true);
    expect(signedBy('whsec_someone-else', sale)).toBe(false);
    const event = JSON.parse(sale.body) as { type: string; data: { order_number: string; items: { title: string }[] } };
    expect(event.data.order_number).toBe(checkout.order_number);
    expect(event.data.items.map((item) => item.title)).toContain(product.title);

    // The delivery log shows both, delivered with the receiver's 200.
    await seller.page.reload();
    await seller.page.getByRole('button', { name: 'Delivery log' }).click();
    const log = seller.page.getByRole('table', { name: 'Delivery log' });
    await log.getByRole('cell', { name: 'sale.created', exact: true }).waitFor();
    await log.getByRole('cell', { name: 'webhook.test', exact: true }).waitFor();
    expect(await log.getByText('Delivered').count()).toBe(2);
    // Each delivery opens to every one of its attempts (decision 0050); the axe check below sees it open.
    const saleRow = log.getByRole('row').filter({ has: seller.page.getByRole('cell', { name: 'sale.created', exact: true }) });
    await saleRow.getByRole('button', { name: 'Show attempts' }).click();
    const attempts = seller.page.getByRole('table', { name: 'Attempts of this delivery, newest first' });
    await attempts.getByRole('cell', { name: 'thanks', exact: true }).waitFor();
    expect(await attempts.getByRole('row').count()).toBe(2);
    expect(await saleRow.getByRole('button', { name: 'Hide attempts' }).getAttribute('aria-expanded')).toBe('true');
    expect(await wcagViolations(seller.page), 'seller area with API tokens, webhooks and the delivery log').toEqual([]);
    await snap(seller.page, 'seller-api-webhooks');

    // Revoking the token, after confirming: it stops working at once.
    await seller.page.getByRole('button', { name: 'Revoke Spreadsheet sync' }).click();
    await seller.page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await seller.page.getByText('API token revoked').first().waitFor();
    const after = await seller.context.request.get('/api/v1/seller/products', { headers: { Authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);

    await Promise.all([seller.context.close(), buyer.context.close()]);
  });
});
