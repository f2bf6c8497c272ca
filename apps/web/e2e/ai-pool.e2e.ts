import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { launchBrowser, newPage, snap, uniqueEmail, useOwnServer } from './browser';
import { type Marketplace, startMarketplace } from './global-setup';

/**
 * The AI token pool: a sale feeds it, an admin sends it to the wallet, and anyone can see the transfer.
 * On a server of its own: the pool is the whole shop's, and a sale by a journey running at the same
 * time would change the balance between reading it and sending it.
 */

let browser: Browser;
let server: Marketplace;
beforeAll(async () => {
  server = await startMarketplace('ai-pool');
  useOwnServer(server);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const ADMIN = { email: 'admin@example.com', password: 'Admin-demo-2026' };
const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const CARD = { card_number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' };

/** A buyer pays for the cheapest product through the API, as the checkout page does. */
async function buySomething(request: APIRequestContext): Promise<void> {
  const registered = await request.post('/api/v1/auth/register', {
    data: { first_name: 'Pool', last_name: 'Buyer', email: uniqueEmail('pool'), password: 'Ledger-lantern-84' },
  });
  expect(registered.status()).toBe(201);
  const headers = { Authorization: `Bearer ${((await registered.json()) as { access_token: string }).access_token}` };
  const listing = (await (await request.get('/api/v1/products/?sort_by=price&sort_order=asc&limit=1')).json()) as {
    products: { id: string }[];
  };
  const productId = listing.products[0]?.id;
  expect(productId).toBeTruthy();
  expect((await request.post('/api/v1/cart/add', { headers, data: { product_id: productId, quantity: 1 } })).ok()).toBe(true);
  const order = (await (await request.post('/api/v1/orders/checkout', { headers, data: { billing_country: 'US' } })).json()) as {
    payment_intent_id: string;
  };
  const paid = await request.post(`/api/v1/payments/confirm-payment/${order.payment_intent_id}`, { headers, data: CARD });
  expect(paid.status()).toBe(200);
}

async function signInAdmin(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/admin$/);
}

async function seriousAccessibilityViolations(page: Page) {
  // Toasts come and go with their own styling; the page itself is what is checked.
  const violations = await axeViolations(page, { exclude: ['[data-sonner-toaster]'], tags: ['wcag2a', 'wcag2aa'] });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Nothing may scroll sideways on a 360 px phone. */
async function widthAt360(page: Page, path: string, ready: string): Promise<number> {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(path);
  await page.getByText(ready).first().waitFor();
  return page.evaluate(() => document.documentElement.scrollWidth);
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dollars = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

describe('AI token pool', () => {
  it('is fed by a sale, transferred by an admin, and shown on the public page', async () => {
    const buyer = await newPage(browser);
    await buySomething(buyer.context.request);
    await buyer.context.close();

    const admin = await newPage(browser);
    try {
      const { page } = admin;
      await signInAdmin(page);
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'AI token pool' }).click();
      await page.waitForURL(/\/admin\/ai-pool$/);
      await page.getByRole('heading', { level: 1, name: 'AI token pool' }).waitFor();

      // Set the destination wallet first.
      await page.getByRole('navigation', { name: 'AI token pool pages' }).getByRole('link', { name: 'Settings' }).click();
      await page.getByLabel('Destination wallet (USDC)').fill(WALLET);
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('AI token settings saved').waitFor();

      await page.getByRole('navigation', { name: 'AI token pool pages' }).getByRole('link', { name: 'Dashboard' }).click();
      const balanceCard = page.getByRole('listitem').filter({ hasText: 'Pool balance' });
      await expect.poll(async () => dollars(await balanceCard.innerText())).toBeGreaterThan(0);
      const balance = dollars(await balanceCard.innerText());
      await snap(page, 'admin-ai-pool');

      await page.getByRole('button', { name: 'Transfer now' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByRole('button', { name: 'Transfer now' }).click();
      const sent = page.getByText(/sent, transfer tt_test_/);
      await sent.waitFor();
      const transferId = (await sent.innerText()).match(/tt_test_[0-9a-f]+/)?.[0] as string;
      await expect.poll(async () => dollars(await balanceCard.innerText())).toBe(0);
      await page.getByRole('row').filter({ hasText: transferId }).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // The payments analytics count the sale.
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Payments', exact: true }).click();
      const gross = page.getByRole('listitem').filter({ hasText: 'Gross sales' });
      await expect.poll(async () => dollars(await gross.innerText())).toBeGreaterThan(0);
      await snap(page, 'admin-payments');

      // Anyone can see the transfer, from the footer of the storefront.
      const visitor = await newPage(browser);
      try {
        await visitor.page.goto('/');
        await visitor.page.getByRole('contentinfo').getByRole('link', { name: 'AI token pool' }).click();
        await visitor.page.waitForURL(/\/ai-pool$/);
        await visitor.page.getByText(transferId).waitFor();
        const item = visitor.page.getByRole('listitem').filter({ hasText: transferId });
        expect(await item.innerText()).toContain(usd.format(balance));
        expect(await item.innerText()).toContain(WALLET);
        await snap(visitor.page, 'public-ai-pool');
        expect(await seriousAccessibilityViolations(visitor.page)).toEqual([]);
        expect(await widthAt360(visitor.page, '/ai-pool', transferId)).toBeLessThanOrEqual(360);
      } finally {
        await visitor.context.close();
      }
      for (const [path, ready] of [
        ['/admin/ai-pool', transferId],
        ['/admin/ai-pool/history', transferId],
        ['/admin/ai-pool/report', 'Total'],
        ['/admin/ai-pool/settings', 'Save settings'],
        ['/admin/payments', 'Gross sales'],
      ] as const) {
        expect(await widthAt360(page, path, ready), path).toBeLessThanOrEqual(360);
      }
    } finally {
      await admin.context.close();
    }
  });
});
