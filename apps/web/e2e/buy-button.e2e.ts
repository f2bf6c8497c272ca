import type http from 'node:http';
import { type BuyButtonSnippet, buyButtonHtml } from '@app/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wcagViolations } from './axe';
import { app, latestMailTo, launchBrowser, uniqueEmail } from './browser';
import {
  closeServer,
  fillTestCard,
  listPwywProduct,
  openHost as openHostPage,
  overlay,
  policyRefusals,
  shopApi,
  startEmbedHost,
} from './embed-host';

/**
 * Issue 25's buy buttons: a seller's snippet on a page of another origin (a second loopback port,
 * with its own strict CSP that allows only the shop's script and frames) opens the shop's overlay
 * checkout; a visitor with no account pays with the test card; the order is paid on the server and
 * the receipt is in the outbox. Every other shop page still refuses to be framed there.
 */

const HOST_PORT = 42450;

let browser: Browser;
let host: http.Server;
let hostOrigin: string;
let shop: string;
let snippet: BuyButtonSnippet;
let productTitle: string;

const api = <T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
  shopApi<T>(shop, method, url, body, headers);

/** A host page in a fresh profile, collecting what the browser reports about its policies. */
const openHost = (path = '/', options: { javaScriptEnabled?: boolean } = {}) =>
  openHostPage(browser, `${hostOrigin}${path}`, options);

beforeAll(async () => {
  shop = app().baseUrl;
  browser = await launchBrowser();
  // The demo seller lists a pay-what-you-want product (at least $3, suggested $9); the admin approves it.
  productTitle = `Embeddable prompts ${Date.now().toString(36)}`;
  const { productId, sellerAuth } = await listPwywProduct(browser, shop, {
    title: productTitle,
    description: 'Prompts sold from a buy button on the seller’s own site.',
    shortDescription: 'Buy button journey',
    fileName: 'prompts.txt',
  });

  snippet = await api<BuyButtonSnippet>('GET', `/buy-buttons/products/${productId}`, undefined, sellerAuth);
  // The other site: its pages and the strict policy its owner chose (only the shop's script and frames).
  ({ server: host, origin: hostOrigin } = await startEmbedHost(shop, HOST_PORT, {
    '/': () => ({
      title: 'A seller’s own site',
      body: `<p>Our best tool, sold here.</p>${buyButtonHtml(snippet, `Buy ${productTitle}`)}`,
    }),
    '/framed': () => ({
      title: 'Framing the shop',
      body: `<iframe id="shop-page" title="The shop" src="${snippet.product_url}"></iframe>`,
    }),
  }));
});

afterAll(async () => {
  await browser?.close();
  await closeServer(host);
});

describe('a buy button on another site', () => {
  it('is a plain link to the product page without JavaScript', async () => {
    const { context, page } = await openHost('/', { javaScriptEnabled: false });
    await page.getByRole('link', { name: `Buy ${productTitle}` }).click();
    await page.waitForURL(snippet.product_url);
    // The shop paints the product's first screen on the server: readable without JavaScript.
    await page.getByRole('heading', { level: 1, name: productTitle }).waitFor();
    await context.close();
  });

  it('opens the shop’s overlay over the page; a guest pays with the test card and gets the receipt', async () => {
    const { context, page, problems } = await openHost();
    const link = page.getByRole('link', { name: `Buy ${productTitle}` });
    // The host page hears of the purchase from the script (as a seller's own code could).
    await page.evaluate(() => {
      document.addEventListener('marketplace:purchased', (event) => {
        document.body.dataset.purchased = (event as CustomEvent<{ orderNumber: string }>).detail.orderNumber;
      });
    });

    // Open, then Escape: the dialog closes and focus is back on the link.
    await link.click();
    const dialog = page.getByRole('dialog', { name: `Buy ${productTitle}` });
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    await overlay(page).getByLabel('Your e-mail address').waitFor();
    await overlay(page).getByLabel('Your e-mail address').focus();
    // Key down, then up once the overlay is gone: a key-up sent while the frame that had focus is
    // being removed is never acknowledged by Chromium, and press() would wait for it forever.
    await page.keyboard.down('Escape');
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
    await page.keyboard.up('Escape');
    await expect.poll(() => link.evaluate((a) => a === document.activeElement), { timeout: 15_000 }).toBe(true);

    // Open again with the keyboard and buy.
    await link.press('Enter');
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    const frame = overlay(page);
    // A message from anyone but the shop's frame (here the host page itself) changes nothing.
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          // Heard after the script's own listener, which was added first.
          window.addEventListener('message', resolve, { once: true });
          window.postMessage({ type: 'marketplace:close' }, '*');
        }),
    );
    expect(await dialog.isVisible()).toBe(true);
    const email = uniqueEmail('buy-button');
    await frame.getByRole('heading', { level: 1, name: productTitle }).waitFor();
    expect(await wcagViolations(page)).toEqual([]);

    // The server's refusal is shown as it says it, and nothing is bought.
    await frame.getByLabel('Your e-mail address').fill('not-an-address');
    await frame.getByRole('button', { name: 'Continue to payment' }).click();
    await frame
      .getByRole('alert')
      .filter({ hasText: /e-mail|email/i })
      .waitFor();

    await frame.getByLabel('Your e-mail address').fill(email);
    // A paid order needs the billing country (decision 0044); a US buyer with no state pays no tax here.
    await frame.getByLabel('Billing country').selectOption('US');
    // Pay what you want: the suggested price is offered; less than the minimum is the server's 422.
    const amount = frame.getByLabel('Your price in US dollars');
    expect(await amount.inputValue()).toBe('9.00');
    await amount.fill('1.00');
    await frame.getByRole('button', { name: 'Continue to payment' }).click();
    await frame.getByRole('alert').filter({ hasText: 'below the minimum price' }).waitFor();
    // More than suggested, with a promo code: the total is the server's, before any card is asked for.
    await amount.fill('12.50');
    await frame.getByLabel('Promo code (optional)').fill('SAVE10');
    await frame.getByRole('button', { name: 'Continue to payment' }).click();
    await frame.getByRole('heading', { name: 'Total to pay' }).waitFor();
    const pay = frame.getByRole('button', { name: 'Pay $11.25' });
    await pay.waitFor();
    await fillTestCard(frame);
    await pay.click();

    const success = frame.getByRole('heading', { name: /^Thank you! Order .+ is paid\.$/ });
    await success.waitFor();
    const orderNumber = /Order (.+) is paid/.exec(await success.innerText())?.[1] as string;
    await frame.getByRole('link', { name: 'Open the receipt' }).waitFor();
    await frame
      .getByRole('link', { name: /^Download / })
      .first()
      .waitFor();
    await expect.poll(() => page.evaluate(() => document.body.dataset.purchased), { timeout: 15_000 }).toBe(orderNumber);
    expect(await wcagViolations(page)).toEqual([]);

    // On the server: the order is paid, read with the token only the frame holds; the receipt went out.
    const kept = await page
      .frames()
      .find((f) => f.url().startsWith(`${shop}/embed/checkout/`))
      ?.evaluate((id) => sessionStorage.getItem(`marketplace-order-${id}`), snippet.product_id);
    const { order_id, access_token } = JSON.parse(kept as string) as { order_id: string; access_token: string };
    const order = await api<{ payment_status: string; order_number: string; total_amount: number }>(
      'GET',
      `/guest/orders/${order_id}`,
      undefined,
      { 'x-order-token': access_token },
    );
    expect(order).toMatchObject({ payment_status: 'paid', order_number: orderNumber, total_amount: 11.25 });
    const mail = await latestMailTo(email, 30_000);
    expect(mail).toContain(orderNumber);

    // Close from inside the frame: focus returns to the link.
    await frame.getByRole('button', { name: 'Close the checkout' }).click();
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => link.evaluate((a) => a === document.activeElement), { timeout: 15_000 }).toBe(true);

    // The host's strict policy saw nothing it had to refuse.
    expect(policyRefusals(problems)).toEqual([]);
    await context.close();
  });

  it('the overlay alone passes axe as a page of its own', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${shop}/embed/checkout/${snippet.product_id}?lang=en`);
    await page.getByRole('heading', { level: 1, name: productTitle }).waitFor();
    expect(await wcagViolations(page)).toEqual([]);
    await context.close();
  });

  it('every other shop page refuses to be framed by that site', async () => {
    const { context, page, problems } = await openHost('/framed');
    await expect.poll(() => problems.some((p) => p.includes("frame-ancestors 'none'")), { timeout: 15_000 }).toBe(true);
    const framed = page.frames().find((f) => f !== page.mainFrame());
    expect(await framed?.evaluate(() => document.title).catch(() => '')).not.toContain(productTitle);
    await context.close();
  });
});
