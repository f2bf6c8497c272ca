import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { app, launchBrowser, newPage, settled, snap, uniqueEmail, watchNetwork } from './browser';
import { type PlannedVisit, ROUTE_PLAN, type RouteIds, type Visitor } from './route-plan';
import { apiAs, newAccount, signIn } from './session';

/**
 * Nothing scrolls sideways: every route of the router (route-plan.ts), signed in as the role it is
 * for, at each breakpoint and two phone widths. A route fails when the page is wider than the
 * window or when a control of its header sits off-screen; the failures are listed route by width.
 * Lean on purpose: one browser, one page per role, each route loaded once and then resized. At the
 * narrowest width the same visit also checks the tables of the admin console and the seller's and
 * simple admin's lists (once separate visits in layout.e2e.ts and accessibility.e2e.ts).
 */

const WIDTHS = [360, 390, 640, 768, 1024, 1280, 1536] as const;
const PASSWORD = 'Narrow-screens-360';
const DEMO = {
  seller: { email: 'seller@example.com', password: 'Seller-demo-2026', login: '/login' },
  admin: { email: 'admin@example.com', password: 'Admin-demo-2026', login: '/admin/login' },
  simple_admin: { email: 'simpleadmin@example.com', password: 'Simple-admin-demo-2026', login: '/simple-admin/login' },
} as const;
const CARD = { card_number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;
const pages = new Map<Visitor, { context: BrowserContext; page: Page }>();
let ids: RouteIds;
/** Admin tables whose every button, select and checkbox must be on a 360 px screen, unscrolled. */
const TABLE_CONTROL_ROUTES = new Set([
  '/admin/users',
  '/admin/products?status=all',
  '/admin/orders',
  '/admin/simple-admins',
  '/admin/promo-codes',
  '/admin/payments/transfers',
  '/admin/payments/bank-accounts',
  '/admin/newsletter',
  '/admin/messages',
  '/admin/affiliates',
  '/admin/ai-pool/report',
  '/admin/stats',
]);
/** Controls found in those tables: the pages did show them (users' role selects, Approve and Reject, Edit...). */
let tableControlsSeen = 0;
/** Pages (role and path) whose tables are wider than a phone: their rows stack into cards there (data-table.tsx). */
const WIDE_TABLES = new Set([
  'admin /admin/users',
  'admin /admin/products?status=all',
  'admin /admin/orders',
  'admin /admin/promo-codes',
  'admin /admin/simple-admins',
  'seller /seller',
  'simple_admin /simple-admin/products',
]);
/** Requests the checkout page made to Stripe (none allowed in test-card mode). */
const stripeRequests: string[] = [];

async function bearer(context: BrowserContext): Promise<{ Authorization: string }> {
  const refreshed = await context.request.post('/api/v1/auth/refresh');
  expect(refreshed.status()).toBe(200);
  return { Authorization: `Bearer ${((await refreshed.json()) as { access_token: string }).access_token}` };
}

async function ok<T>(response: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> }) {
  expect(response.ok(), `${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A new buyer with something in the cart (so /checkout shows the card form) and a thread in the forum. */
async function prepareBuyer(context: BrowserContext, page: Page, product: string): Promise<string> {
  const email = uniqueEmail('narrow');
  await ok(
    await context.request.post('/api/v1/auth/register', {
      data: { first_name: 'Narrow', last_name: 'Screens', email, password: PASSWORD },
    }),
  );
  await context.clearCookies();
  await signIn(page, email, PASSWORD, '/login');
  const headers = await bearer(context);
  await ok(await context.request.post('/api/v1/cart/add', { headers, data: { product_id: product, quantity: 1 } }));
  const { categories } = await ok<{ categories: { id: string }[] }>(await context.request.get('/api/v1/community/categories'));
  const thread = await ok<{ id: string }>(
    await context.request.post('/api/v1/community/threads', {
      headers,
      data: {
        category_id: categories[0]?.id,
        title: 'Does this fit on a small phone screen?',
        body: 'A thread with a long, unbroken word to stretch narrow layouts: supercalifragilisticexpialidocious.',
      },
    }),
  );
  return thread.id;
}

/** A buyer of their own with a paid order, so the admin orders table shows its actions. */
async function preparePaidOrder(product: string): Promise<void> {
  const buyer = await newAccount(browser, 'stacked', 'Stacked-rows-360');
  await apiAs(buyer.context, 'post', '/cart/add', { product_id: product, quantity: 1 });
  const order = (await apiAs(buyer.context, 'post', '/orders/checkout', { billing_country: 'US' })) as {
    payment_intent_id: string;
  };
  await apiAs(buyer.context, 'post', `/payments/confirm-payment/${order.payment_intent_id}`, CARD);
  await buyer.context.close();
}

/** A product of the demo simple admin, for its edit page. */
async function prepareSimpleAdminProduct(context: BrowserContext): Promise<string> {
  const created = await ok<{ product: { id: string } }>(
    await context.request.post('/api/v1/simple-admin/products', {
      headers: await bearer(context),
      multipart: {
        title: `Narrow Screens Kit ${Date.now().toString(36)}`,
        description: 'A product listed by the simple admin for the mobile-widths journey.',
        price: '9.00',
        category: 'scripts',
        images: { name: 'cover.png', mimeType: 'image/png', buffer: PNG },
        files: { name: 'kit.txt', mimeType: 'text/plain', buffer: Buffer.from('kit\n') },
      },
    }),
  );
  return created.product.id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  for (const role of ['visitor', 'buyer', 'seller', 'admin', 'simple_admin'] as const) pages.set(role, await newPage(browser));
  const listing = await ok<{ products: { id: string; seller_id: string }[] }>(
    await (pages.get('visitor') as { context: BrowserContext }).context.request.get('/api/v1/products/?limit=2'),
  );
  const product = listing.products[0]?.id as string;
  const seller = listing.products[0]?.seller_id as string;
  const compared = listing.products.map((listed) => listed.id).join(',');
  expect(product).toBeTruthy();

  const buyer = pages.get('buyer') as { context: BrowserContext; page: Page };
  const thread = await prepareBuyer(buyer.context, buyer.page, product);
  await preparePaidOrder(product);
  for (const role of ['seller', 'admin', 'simple_admin'] as const) {
    const { page } = pages.get(role) as { page: Page };
    await signIn(page, DEMO[role].email, DEMO[role].password, DEMO[role].login);
  }
  const simpleAdminProduct = await prepareSimpleAdminProduct((pages.get('simple_admin') as { context: BrowserContext }).context);
  ids = { product, thread, simpleAdminProduct, seller, compared };

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

/** Loaded: the page is at rest, the main content has a heading and no whole-page spinner is left. */
async function loadRoute(page: Page, path: string) {
  await page.goto(path);
  await settled(page);
  await page.waitForFunction(
    () => document.querySelector('main :is(h1, h2, h3)') !== null && document.querySelector('.animate-spin.size-10') === null,
    undefined,
    { timeout: 15_000 },
  );
}

/** What is wrong at the current width: a page wider than the window, header controls off-screen. */
function problemsAtThisWidth(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const width = window.innerWidth;
    const problems: string[] = [];
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > width) problems.push(`page is ${pageWidth} px wide`);
    for (const control of document.querySelectorAll<HTMLElement>('header a, header button, header input')) {
      const box = control.getBoundingClientRect();
      if (box.width <= 1 || getComputedStyle(control).visibility === 'hidden') continue;
      if (box.left < 0 || box.right > width + 0.5) {
        const name = control.getAttribute('aria-label') || control.textContent?.trim() || control.tagName.toLowerCase();
        problems.push(`header control "${name}" at ${Math.round(box.left)}..${Math.round(box.right)} px`);
      }
    }
    return problems;
  });
}

/** Buttons, selects, inputs and links of the page's tables that are off a phone's screen, and how many there are. */
function tableControlsOffScreen(page: Page): Promise<{ off: string[]; count: number }> {
  return page.evaluate(() => {
    const off: string[] = [];
    let count = 0;
    for (const control of document.querySelectorAll<HTMLElement>('table :is(button, select, input, a)')) {
      const box = control.getBoundingClientRect();
      if (box.width <= 1) continue;
      count += 1;
      if (box.left < 0 || box.right > window.innerWidth + 0.5) {
        const name = (control.getAttribute('aria-label') || control.textContent || control.tagName).trim().slice(0, 40);
        off.push(`${name} at ${Math.round(box.left)}..${Math.round(box.right)}`);
      }
    }
    return { off, count };
  });
}

/** A wide table stacked into cards: the box around it (a group) does not scroll sideways. */
async function wideTableProblems(page: Page): Promise<string[]> {
  const box = page
    .getByRole('group')
    .filter({ has: page.getByRole('table') })
    .first();
  try {
    await box.waitFor({ timeout: 10_000 });
  } catch {
    return ['no table in a group box'];
  }
  const [inner, outer] = await box.evaluate((element) => [element.scrollWidth, element.clientWidth]);
  return inner > outer ? [`the table (${inner} px) is wider than its box (${outer} px)`] : [];
}

/** What the narrowest width adds for a page with tables: their controls on screen, wide tables stacked. */
async function tableProblemsOnAPhone(page: Page, visit: PlannedVisit, path: string): Promise<string[]> {
  const problems: string[] = [];
  if (visit.as === 'admin' && TABLE_CONTROL_ROUTES.has(path)) {
    // A table's own spinner too, not only the whole page's: its rows bring the controls counted.
    await page.waitForFunction(() => document.querySelector('main .animate-spin') === null, undefined, { timeout: 15_000 });
    const { off, count } = await tableControlsOffScreen(page);
    tableControlsSeen += count;
    problems.push(...off.map((control) => `table control ${control}`));
  }
  if (WIDE_TABLES.has(`${visit.as} ${path}`)) problems.push(...(await wideTableProblems(page)));
  return problems;
}

/** Loads the route at the narrowest width, then widens the window step by step. */
async function checkRoute(page: Page, visit: PlannedVisit): Promise<string[]> {
  const path = visit.path(ids);
  const failures: string[] = [];
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
  try {
    await loadRoute(page, path);
  } catch (error) {
    // Measured all the same: a page stuck loading can still overflow; but it is a failure of its own.
    failures.push(`${path} as ${visit.as}: not loaded (${(error as Error).message.split('\n')[0]})`);
  }
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const problems = await problemsAtThisWidth(page);
    if (width === WIDTHS[0]) problems.push(...(await tableProblemsOnAPhone(page, visit, path)));
    if (problems.length > 0) {
      failures.push(`${path} as ${visit.as} at ${width} px: ${problems.join('; ')}`);
      await snap(page, `overflow-${visit.as}${path.replace(/[^a-z0-9]+/gi, '-')}-${width}`);
    }
    if (width === WIDTHS[0] && path === '/admin/promo-codes') await snap(page, 'stacked-admin-promo-codes-360');
  }
  return failures;
}

describe('no sideways scrolling at any width', () => {
  for (const role of ['visitor', 'buyer', 'seller', 'admin', 'simple_admin'] as const) {
    const visits = ROUTE_PLAN.filter((visit) => visit.as === role);
    it(`${role}: ${visits.length} routes at ${WIDTHS.join(', ')} px`, { timeout: 300_000 }, async () => {
      const { page } = pages.get(role) as { page: Page };
      const failures: string[] = [];
      for (const visit of visits) failures.push(...(await checkRoute(page, visit)));
      expect(failures).toEqual([]);
      if (role === 'admin') expect(tableControlsSeen, 'controls in the admin tables at 360 px').toBeGreaterThan(40);
    });
  }

  it('in French, the language with the longest header words, the visitor header still fits', async () => {
    const context = await browser.newContext({ baseURL: app().baseUrl, locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      watchNetwork(page);
      const failures: string[] = [];
      for (const path of ['/', '/products']) {
        failures.push(...(await checkRoute(page, { pattern: path, as: 'visitor', path: () => path })));
      }
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
    expect(await avatar.evaluate((element) => element === document.activeElement)).toBe(true);

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
