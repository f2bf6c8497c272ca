import { createHmac } from 'node:crypto';
import http from 'node:http';
import { type BuyButtonSnippet, buyButtonHtml, type OrderView } from '@app/shared';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wcagViolations } from './axe';
import { launchBrowser, mailToContaining, uniqueEmail, useOwnServer } from './browser';
import {
  closeServer,
  fillTestCard,
  listen,
  listPwywProduct,
  openHost,
  overlay,
  policyRefusals,
  SELLER,
  shopApi,
  startEmbedHost,
} from './embed-host';
import { type Marketplace, startMarketplace } from './global-setup';

/**
 * Issue 25's "Not done until", end to end: a seller lists a pay-what-you-want product, makes a
 * discount code for it and a webhook endpoint on a receiver of their own; a visitor with no account,
 * on a page of another origin (strict CSP), pays more than the suggested price with the seller's code
 * from the buy button, billed in Germany; the receipt shows the VAT line; the seller gets the sale
 * e-mail and the signed `sale.created`; the buyer claims the account from the e-mail and finds the
 * order. On a server of its own, started with WEBHOOKS_ALLOW_LOOPBACK=true (as seller-api.e2e.ts),
 * so the receiver may listen on 127.0.0.1.
 */

const PASSWORD = 'Creator-harbour-2026';
// Ports of this journey (buy-button.e2e.ts uses 42450): the other site and the seller's receiver.
const HOST_PORT = 42460;
const RECEIVER_PORT = 42461;

// What the visitor pays and what the server must make of it: $15 chosen (suggested $9), 20% off,
// then German VAT 19% on the net.
const CHOSEN = 15;
const PERCENT_OFF = 20;
const EXPECTED = { subtotal: 15, discount: 3, net: 12, tax: 2.28, total: 14.28 };

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

let server: Marketplace;
let shop: string;
let browser: Browser;
let host: http.Server;
let hostOrigin: string;
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];

let sellerAuth: Record<string, string>;
let snippet: BuyButtonSnippet;
let productId: string;
let productTitle: string;
let promoCode: string;
let webhook: { id: string; secret: string };

// Carried from one step to the next: the visitor's browser profile and their order.
let visitor: BrowserContext;
let buyerEmail: string;
let orderNumber: string;
let orderId: string;
let orderToken: string;

const api = <T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
  shopApi<T>(shop, method, url, body, headers);

/** The seller's webhook receiver: keeps every delivery exactly as it came (the raw body is what is signed). */
function receiverServer(): http.Server {
  return http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body, at: Date.now() });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
}

/** What the seller's developer does (docs/seller-api.md): HMAC of "<t>.<raw body>" with the secret, t within 5 minutes. */
function verify(secret: string, delivery: Received): { valid: boolean; t: number } {
  const header = String(delivery.headers['marketplace-signature'] ?? '');
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2)));
  const t = Number(parts.t);
  const expected = createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest('hex');
  return { valid: Number.isInteger(t) && parts.v1 === expected && Math.abs(Date.now() / 1000 - t) < 300, t };
}

const salesOf = (type: string) => received.filter((r) => r.headers['marketplace-event-type'] === type);
const dollars = (amount: number) => `$${amount.toFixed(2)}`;

beforeAll(async () => {
  receiver = receiverServer();
  const receiverPort = await listen(receiver, RECEIVER_PORT);
  receiverUrl = `http://127.0.0.1:${receiverPort}/creator-hook`;
  // The server inherits this process's environment when it starts; no other journey sees it.
  process.env.WEBHOOKS_ALLOW_LOOPBACK = 'true';
  try {
    server = await startMarketplace('sell-like-a-creator');
  } finally {
    delete process.env.WEBHOOKS_ALLOW_LOOPBACK;
  }
  useOwnServer(server);
  shop = server.baseUrl;
  browser = await launchBrowser();

  // 1. The seller lists a pay-what-you-want product (at least $3, suggested $9) with a file; the admin approves it.
  const stamp = Date.now().toString(36).toUpperCase();
  productTitle = `Creator prompts ${stamp}`;
  ({ productId, sellerAuth } = await listPwywProduct(browser, shop, {
    title: productTitle,
    description: 'Prompts sold from a buy button on the creator’s own site.',
    shortDescription: 'Sell like a creator journey',
    fileName: 'creator-prompts.txt',
  }));

  // The seller's own code, 20% off this product only.
  promoCode = `CREATOR${stamp}`.slice(0, 40);
  const code = await api<{ promo_code: { code: string; kind: string; value: number; products: { id: string }[] } }>(
    'POST',
    '/seller/promo-codes',
    { code: promoCode.toLowerCase(), kind: 'percent', value: PERCENT_OFF, product_ids: [productId] },
    sellerAuth,
  );
  expect(code.promo_code).toMatchObject({ code: promoCode, kind: 'percent', value: PERCENT_OFF });
  expect(code.promo_code.products.map((p) => p.id)).toEqual([productId]);

  // A webhook endpoint on the seller's receiver; its signing secret is in this answer only.
  const endpoint = await api<{ secret: string; endpoint: { id: string; url: string; events: string[] } }>(
    'POST',
    '/seller/webhooks',
    { url: receiverUrl, events: ['sale.created', 'refund.created'] },
    sellerAuth,
  );
  expect(endpoint.secret).toMatch(/^whsec_/);
  expect(endpoint.endpoint.url).toBe(receiverUrl);
  webhook = { id: endpoint.endpoint.id, secret: endpoint.secret };

  snippet = await api<BuyButtonSnippet>('GET', `/buy-buttons/products/${productId}`, undefined, sellerAuth);
  // The seller's own site: the snippet on a page whose strict policy allows only the shop's script and frames.
  ({ server: host, origin: hostOrigin } = await startEmbedHost(shop, HOST_PORT, {
    '/': () => ({
      title: 'A creator’s own site',
      body: `<p>Prompts I wrote, sold here.</p>${buyButtonHtml(snippet, `Buy ${productTitle}`)}`,
    }),
  }));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([closeServer(host), closeServer(receiver)]);
});

describe('sell like a creator', () => {
  it('a visitor on another site pays more than suggested with the seller’s code, billed in Germany, and sees the server’s total', async () => {
    const opened = await openHost(browser, `${hostOrigin}/`);
    visitor = opened.context;
    const { page, problems } = opened;
    await page.getByRole('link', { name: `Buy ${productTitle}` }).click();
    const dialog = page.getByRole('dialog', { name: `Buy ${productTitle}` });
    await expect.poll(() => dialog.isVisible(), { timeout: 30_000 }).toBe(true);
    const frame = overlay(page);
    await frame.getByRole('heading', { level: 1, name: productTitle }).waitFor();
    await frame.getByText('Pay what you want: at least $3.00, suggested $9.00.').waitFor();
    expect(await wcagViolations(page), 'the overlay over the other site, details step').toEqual([]);

    buyerEmail = uniqueEmail('creator-buyer');
    await frame.getByLabel('Your e-mail address').fill(buyerEmail);
    const amount = frame.getByLabel('Your price in US dollars');
    expect(await amount.inputValue()).toBe('9.00');
    await amount.fill(CHOSEN.toFixed(2));
    await frame.getByLabel('Promo code (optional)').fill(promoCode.toLowerCase());
    await frame.getByLabel('Billing country').selectOption('DE');

    // The total is the server's: the checkout's answer, read as the frame got it.
    const [placed] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${shop}/api/v1/guest/checkout` && r.request().method() === 'POST', {
        timeout: 60_000,
      }),
      frame.getByRole('button', { name: 'Continue to payment' }).click(),
    ]);
    expect(placed.status(), await placed.text()).toBe(201);
    const answer = (await placed.json()) as {
      order_id: string;
      order_number: string;
      amount: number;
      net_amount: number;
      payment_status: string;
      access_token: string;
      tax: { country: string; rate_bps: number; label: string | null; amount: number } | null;
    };
    orderId = answer.order_id;
    orderNumber = answer.order_number;
    orderToken = answer.access_token;
    expect(answer).toMatchObject({ amount: EXPECTED.total, net_amount: EXPECTED.net });
    expect(answer.payment_status).not.toBe('paid');
    expect(answer.tax).toMatchObject({ country: 'DE', rate_bps: 1900, amount: EXPECTED.tax });

    // What the visitor sees before any card is asked for: net, VAT, total, and the button says the total.
    await frame.getByRole('heading', { name: 'Total to pay' }).waitFor();
    const summary = frame.locator('#summary');
    const row = (label: string) => summary.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    expect(await row('Net amount').innerText()).toBe(dollars(EXPECTED.net));
    // Named as the receipt and the shop's pages name it.
    expect(await row('VAT 19% (DE)').innerText()).toBe(dollars(EXPECTED.tax));
    expect(await row('Total to pay').innerText()).toBe(dollars(EXPECTED.total));
    const pay = frame.getByRole('button', { name: `Pay ${dollars(EXPECTED.total)}` });
    await pay.waitFor();
    expect(await wcagViolations(page), 'the overlay over the other site, payment step').toEqual([]);

    // Not paid yet on the server.
    const before = await api<OrderView>('GET', `/guest/orders/${orderId}`, undefined, { 'x-order-token': orderToken });
    expect(before.payment_status).not.toBe('paid');

    await fillTestCard(frame);

    // Success only after the server says paid: the card's answer is held on its way back to the
    // frame; meanwhile the server already says paid, yet the overlay shows no success.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    await visitor.route('**/api/v1/guest/orders/*/confirm-payment', async (route) => {
      const response = await route.fetch();
      held = true;
      await gate;
      await route.fulfill({ response });
    });
    const success = frame.getByRole('heading', { name: `Thank you! Order ${orderNumber} is paid.` });
    try {
      await pay.click();
      await expect.poll(() => held, { timeout: 60_000 }).toBe(true);
      const during = await api<OrderView>('GET', `/guest/orders/${orderId}`, undefined, { 'x-order-token': orderToken });
      expect(during.payment_status).toBe('paid');
      expect(await success.count()).toBe(0);
      expect(await frame.getByRole('button', { name: 'One moment…' }).count()).toBe(1);
    } finally {
      release();
    }
    await success.waitFor({ timeout: 60_000 });
    await visitor.unrouteAll({ behavior: 'wait' });
    await frame.getByText(`The receipt and download links are on their way to ${buyerEmail}.`).waitFor();
    await frame.getByRole('link', { name: 'Download creator-prompts.txt' }).waitFor();
    expect(await wcagViolations(page), 'the overlay over the other site, paid').toEqual([]);

    // The host's strict policy saw nothing it had to refuse.
    expect(policyRefusals(problems)).toEqual([]);
    await frame.getByRole('button', { name: 'Close the checkout' }).click();
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
    await page.close();
  }, 240_000);

  it('the server’s truth: the order is paid with VAT, the receipt shows it, the seller gets the sale e-mail and one signed webhook', async () => {
    expect(orderId, 'the purchase step placed the order').toBeTruthy();
    const order = await api<OrderView>('GET', `/guest/orders/${orderId}`, undefined, { 'x-order-token': orderToken });
    expect(order).toMatchObject({
      order_number: orderNumber,
      payment_status: 'paid',
      subtotal: EXPECTED.subtotal,
      discount: EXPECTED.discount,
      promo_code: promoCode,
      net_amount: EXPECTED.net,
      total_amount: EXPECTED.total,
    });
    expect(order.tax).toMatchObject({ country: 'DE', rate_bps: 1900, label: 'VAT', amount: EXPECTED.tax });
    expect(order.items.map((item) => [item.product_id, item.price])).toEqual([[productId, CHOSEN]]);

    // The receipt to the guest: net, the VAT line and the total.
    const receipt = await mailToContaining(buyerEmail, 'VAT 19% (DE)', 60_000);
    expect(receipt).toContain(orderNumber);
    for (const figure of [EXPECTED.subtotal, EXPECTED.discount, EXPECTED.net, EXPECTED.tax, EXPECTED.total]) {
      expect(receipt).toContain(dollars(figure));
    }

    // The seller's share of this order, as the seller API lists it: after the fee and the AI pool, from the net (never the tax).
    const sales = await api<{ sales: { order_number: string; kind: string; amount: number }[] }>(
      'GET',
      '/seller/sales?page=1&limit=50',
      undefined,
      sellerAuth,
    );
    const sale = sales.sales.find((s) => s.order_number === orderNumber && s.kind === 'sale');
    expect(sale, 'the sale in the seller’s sales').toBeDefined();
    const share = sale?.amount as number;
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThanOrEqual(EXPECTED.net * 0.9);

    // "You made a sale", with that share.
    const saleMail = await mailToContaining(SELLER.email, orderNumber, 60_000);
    expect(saleMail).toContain('You made a sale');
    expect(saleMail).toContain(productTitle);
    expect(saleMail).toContain(`You will receive ${dollars(share)}`);

    // The webhook: one sale.created, signed with the endpoint's secret, recent, with the order's figures.
    await expect.poll(() => salesOf('sale.created').length, { timeout: 60_000 }).toBeGreaterThan(0);
    // The delivery log: that one delivery, taken with the receiver's 200 (so nothing is retried).
    await expect
      .poll(
        async () =>
          (
            await api<{ deliveries: { event_type: string; status: string; status_code: number | null }[] }>(
              'GET',
              `/seller/webhooks/${webhook.id}/deliveries`,
              undefined,
              sellerAuth,
            )
          ).deliveries
            .filter((d) => d.event_type === 'sale.created')
            .map((d) => [d.status, d.status_code]),
        { timeout: 30_000 },
      )
      .toEqual([['succeeded', 200]]);
    const hooks = salesOf('sale.created');
    expect(hooks).toHaveLength(1);
    const hook = hooks[0] as Received;
    const { valid, t } = verify(webhook.secret, hook);
    expect(valid).toBe(true);
    expect(verify('whsec_someone-else', hook).valid).toBe(false);
    expect(Math.abs(hook.at / 1000 - t)).toBeLessThan(120);
    const event = JSON.parse(hook.body) as {
      id: string;
      type: string;
      data: {
        order_id: string;
        order_number: string;
        amount: number;
        currency: string;
        items: { title: string; quantity: number }[];
      };
    };
    expect(hook.headers['marketplace-event-id']).toBe(event.id);
    expect(event.type).toBe('sale.created');
    expect(event.data).toEqual({
      order_id: orderId,
      order_number: orderNumber,
      amount: share,
      currency: 'usd',
      items: [{ title: productTitle, quantity: 1 }],
    });
  }, 180_000);

  it('the buyer claims the account from the e-mail, lands signed in and finds the order with its VAT line', async () => {
    expect(orderNumber, 'the purchase step placed the order').toBeTruthy();
    const mail = await mailToContaining(buyerEmail, '/claim-account?token=', 60_000);
    const claimPath = mail.match(/\/claim-account\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(claimPath, 'the claim link in the guest e-mail').toBeTruthy();

    // The same visitor's browser opens the link.
    const page = await visitor.newPage();
    await page.goto(`${shop}${claimPath}`);
    await page.getByRole('heading', { name: 'Set your password' }).waitFor();
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.waitForURL('**/orders', { timeout: 60_000 });

    // Signed in: the orders page lists this order, paid, with the seller's code, the VAT line and the total.
    await page.getByRole('heading', { level: 2, name: `Order ${orderNumber}` }).waitFor({ timeout: 60_000 });
    await page.getByText(productTitle).first().waitFor();
    const prices = page.locator(`dl[aria-label="Price summary of order ${orderNumber}"]`);
    await prices.waitFor();
    const amountOf = async (label: RegExp) =>
      (await prices.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').innerText()).trim();
    expect(await amountOf(/^Subtotal$/)).toBe(dollars(EXPECTED.subtotal));
    expect(await amountOf(new RegExp(`^Discount \\(${promoCode}\\)$`))).toBe(`−${dollars(EXPECTED.discount)}`);
    expect(await amountOf(/^Net$/)).toBe(dollars(EXPECTED.net));
    expect(await amountOf(/^VAT 19% \(DE\)$/)).toBe(dollars(EXPECTED.tax));
    expect(await amountOf(/^Total$/)).toBe(dollars(EXPECTED.total));

    // The server agrees: the session in this browser is the buyer's, and their orders hold this one.
    const refreshed = await page.request.post(`${shop}/api/v1/auth/refresh`);
    expect(refreshed.status()).toBe(200);
    const { access_token } = (await refreshed.json()) as { access_token: string };
    const mine = await api<{ orders: OrderView[] }>('GET', '/orders/?limit=20', undefined, {
      authorization: `Bearer ${access_token}`,
    });
    expect(mine.orders.find((o) => o.order_number === orderNumber)).toMatchObject({
      payment_status: 'paid',
      total_amount: EXPECTED.total,
    });

    expect(await wcagViolations(page), 'the orders page after claiming the account').toEqual([]);
    await visitor.close();
  }, 180_000);
});
