import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { app, launchBrowser, newPage, snap, uniqueEmail, watchNetwork } from './browser';
import { signIn } from './session';
import { checkWidths, loadRoute } from './widths';

/**
 * Narrow screens beyond the route sweep: the header in French at every width, the user menu and the
 * navigation sheet on a phone, and checkout without Stripe.js. Every route of the router at every
 * width (widths.ts) is checked by accessibility.e2e.ts, on the same visit as axe.
 */

const PASSWORD = 'Narrow-screens-360';
const ADMIN = { email: 'admin@example.com', password: 'Admin-demo-2026', login: '/admin/login' };

let browser: Browser;
const pages = new Map<'buyer' | 'admin', { context: BrowserContext; page: Page }>();
/** Requests the checkout page made to Stripe (none allowed in test-card mode). */
const stripeRequests: string[] = [];

async function ok<T>(response: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> }) {
  expect(response.ok(), `${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A new buyer with something in the cart, so /checkout shows the card form. */
async function prepareBuyer(context: BrowserContext, page: Page, product: string): Promise<void> {
  const email = uniqueEmail('narrow');
  await ok(
    await context.request.post('/api/v1/auth/register', {
      data: { first_name: 'Narrow', last_name: 'Screens', email, password: PASSWORD },
    }),
  );
  await context.clearCookies();
  await signIn(page, email, PASSWORD, '/login');
  const refreshed = await ok<{ access_token: string }>(await context.request.post('/api/v1/auth/refresh'));
  await ok(
    await context.request.post('/api/v1/cart/add', {
      headers: { Authorization: `Bearer ${refreshed.access_token}` },
      data: { product_id: product, quantity: 1 },
    }),
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  for (const role of ['buyer', 'admin'] as const) pages.set(role, await newPage(browser));
  const buyer = pages.get('buyer') as { context: BrowserContext; page: Page };
  const listing = await ok<{ products: { id: string }[] }>(await buyer.context.request.get('/api/v1/products/?limit=1'));
  const product = listing.products[0]?.id as string;
  expect(product).toBeTruthy();
  await prepareBuyer(buyer.context, buyer.page, product);
  await signIn((pages.get('admin') as { page: Page }).page, ADMIN.email, ADMIN.password, ADMIN.login);

  buyer.page.on('request', (request) => {
    if (/stripe\.(com|network)/.test(new URL(request.url()).hostname)) stripeRequests.push(request.url());
  });
});

afterAll(async () => {
  await browser?.close();
});

async function seriousAccessibilityViolations(page: Page) {
  const violations = await axeViolations(page, { exclude: ['[data-sonner-toaster]'], tags: ['wcag2a', 'wcag2aa'] });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

async function insideWindow(page: Page, locator: ReturnType<Page['locator']>): Promise<boolean> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

describe('no sideways scrolling at any width', () => {
  it('in French, the language with the longest header words, the visitor header still fits', async () => {
    const context = await browser.newContext({ baseURL: app().baseUrl, locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      watchNetwork(page);
      const failures: string[] = [];
      for (const path of ['/', '/products']) failures.push(...(await checkWidths(page, 'visitor', path)));
      await page.getByRole('link', { name: 'Se connecter' }).first().waitFor();
      expect(failures).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('on a 390 px phone the user menu and the navigation sheet fit, pass axe and give focus back', async () => {
    const { page } = pages.get('admin') as { page: Page };
    await page.setViewportSize({ width: 390, height: 800 });
    await loadRoute(page, '/products');

    const avatar = page.getByRole('button', { name: 'User menu' });
    await avatar.click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Admin Panel' }).waitFor();
    expect(await insideWindow(page, menu)).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    // The menu gives focus back as it closes, which can come a frame after it left the page.
    await expect.poll(() => avatar.evaluate((element) => element === document.activeElement)).toBe(true);

    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await sheet.getByRole('link', { name: 'Community' }).waitFor();
    expect(await insideWindow(page, sheet)).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await snap(page, 'mobile-navigation-sheet-390');
    await sheet.getByRole('link', { name: 'Community' }).click();
    await page.waitForURL('**/community');
    await sheet.waitFor({ state: 'detached' });
  });

  it('checkout in test-card mode never loads Stripe.js', async () => {
    const { page } = pages.get('buyer') as { page: Page };
    await page.setViewportSize({ width: 390, height: 800 });
    await loadRoute(page, '/checkout');
    await page.getByLabel('Card number').waitFor();
    expect(await page.evaluate(() => document.querySelectorAll('script[src*="stripe"]').length)).toBe(0);
    expect(stripeRequests).toEqual([]);
  });
});
