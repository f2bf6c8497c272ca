import fs from 'node:fs';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snap, uniqueEmail } from './browser';

/** The money path: cart, promo, test-card checkout, automatic downloads, orders. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'Ledger-lantern-84';

/** A fresh buyer per journey (registered through the API), signed in through the UI. */
async function signInNewBuyer(page: Page, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  const registered = await page.request.post('/api/v1/auth/register', {
    data: { first_name: 'Checkout', last_name: 'Tester', email, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/dashboard');
  return email;
}

/** Adds the dashboard's first `count` popular products with their Add to cart buttons. */
async function addPopularProducts(page: Page, count: number): Promise<void> {
  const buttons = page.getByRole('button', { name: 'Add to cart' });
  await buttons.first().waitFor();
  expect(await buttons.count()).toBeGreaterThanOrEqual(count);
  for (let index = 0; index < count; index += 1) {
    await buttons.nth(index).click();
    await expect.poll(() => page.getByRole('link', { name: `Cart, ${index + 1} item${index === 0 ? '' : 's'}` }).count()).toBe(1);
  }
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill(String(new Date().getFullYear() + 2));
  await page.getByLabel('CVC').fill('123');
}

function money(text: string | null): number {
  return Number((text ?? '').replace(/[^0-9.]/g, ''));
}

async function totalRow(page: Page, label: string): Promise<number> {
  return money(
    await page
      .locator('dt', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) })
      .first()
      .locator('xpath=following-sibling::dd')
      .textContent(),
  );
}

describe('checkout', () => {
  it('buys two products with SAVE10 and a test card, downloads the zips and lists the order as completed', async () => {
    const { context, page } = await newPage(browser);
    await signInNewBuyer(page, 'checkout');
    await addPopularProducts(page, 2);
    await snap(page, 'dashboard-buyer');

    await page.getByRole('link', { name: 'Cart, 2 items' }).click();
    await page.waitForURL('**/cart');
    const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
    await expect.poll(() => lines.count()).toBe(2);
    const titles = await lines.locator('h3').allTextContents();
    const subtotal = await totalRow(page, 'Subtotal');
    expect(subtotal).toBeGreaterThan(0);
    await snap(page, 'cart');

    await page.getByLabel('Promo code').fill('SAVE10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.getByText('Promo code SAVE10 applied').isVisible()).toBe(true);
    const expectedTotal = Math.round(subtotal * 90) / 100;
    await expect.poll(() => totalRow(page, 'Total')).toBe(expectedTotal);
    await snap(page, 'cart-with-promo');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'cart-mobile');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL('**/checkout');
    await page.getByRole('region', { name: 'Test mode' }).waitFor();
    expect(await page.getByRole('region', { name: 'Test mode' }).innerText()).toContain('4242 4242 4242 4242');
    const payLabel = `Pay $${expectedTotal.toFixed(2)}`;
    await fillCard(page, '4242 4242 4242 4242');
    await snap(page, 'checkout');

    const downloads: Download[] = [];
    page.on('download', (download) => downloads.push(download));
    await page.getByRole('button', { name: payLabel }).click();
    await page.waitForURL('**/checkout/success');
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    await snap(page, 'checkout-success');

    // Two seconds after the order is saved the first zip arrives, the second one second later.
    await expect.poll(() => downloads.length, { timeout: 15_000 }).toBe(2);
    const names = downloads.map((download) => download.suggestedFilename());
    expect(names.sort()).toEqual(titles.map((title) => `${title.replace(/[^a-zA-Z0-9]/g, '_')}_files.zip`).sort());
    for (const download of downloads) {
      const file = await download.path();
      expect(fs.readFileSync(file).subarray(0, 2).toString('latin1')).toBe('PK');
    }
    await page.getByText(/Taking you to My Orders in \d+ seconds?/).waitFor();
    await snap(page, 'checkout-success-countdown');

    await page.waitForURL('**/orders', { timeout: 15_000 });
    const order = page.getByRole('list', { name: 'Orders' }).getByRole('listitem').first();
    await order.waitFor();
    expect(await page.getByRole('list', { name: 'Orders' }).locator(':scope > li').count()).toBe(1);
    const text = await order.innerText();
    expect(text).toContain('Completed');
    for (const title of titles) expect(text).toContain(title);
    expect(text).toContain(`$${expectedTotal.toFixed(2)}`);
    // The bought items left the cart.
    await expect.poll(() => page.getByRole('link', { name: 'Cart, 0 items' }).count()).toBe(1);
    await snap(page, 'orders');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'orders-mobile');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The dashboard lists the order with a download link and no active orders.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^Download the files of order / }).waitFor();
    await snap(page, 'dashboard-after-purchase');
    await context.close();
  });

  it('keeps the form and the cart after a declined card, then pays the same order with another card', async () => {
    const { context, page } = await newPage(browser);
    await signInNewBuyer(page, 'declined');
    await addPopularProducts(page, 1);
    await page.goto('/checkout');
    await page.getByLabel('Card number').waitFor();

    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
    await alert.waitFor();
    expect(page.url()).toMatch(/\/checkout$/);
    expect(await page.getByLabel('Card number').inputValue()).toBe('4000 0000 0000 0002');
    await snap(page, 'checkout-declined');

    // The server still holds the cart: a second tab (its own page load) shows the item.
    const other = await context.newPage();
    await other.goto('/cart');
    await expect.poll(() => other.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem').count()).toBe(1);
    await other.close();

    const downloaded = page.waitForEvent('download', { timeout: 15_000 });
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL('**/checkout/success');
    await downloaded;
    await page.getByRole('link', { name: 'View my orders' }).click();
    await page.waitForURL('**/orders');
    const orders = page.getByRole('list', { name: 'Orders' }).locator(':scope > li');
    await orders.first().waitFor();
    // One order: the retry paid the order the declined attempt created.
    expect(await orders.count()).toBe(1);
    expect(await orders.first().innerText()).toContain('Completed');
    await context.close();
  });
});
