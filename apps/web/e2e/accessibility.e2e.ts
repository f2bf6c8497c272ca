import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { app, launchBrowser, newPage, settled, uniqueEmail } from './browser';
import { type PlannedVisit, ROUTE_PLAN, type RouteIds, type Visitor } from './route-plan';
import { checkWidths, tableControls, WIDTHS } from './widths';

/**
 * axe on every route of the router, as the right role, in every theme (issue 14). A route passes
 * when axe finds no serious or critical violation, and none of the landmark and heading rules. The whole WCAG 2.1 A/AA rule set runs in the
 * light theme; colours are what a theme changes, so dark, high contrast and high contrast on dark
 * rerun the colour rules on the same page (the classes are set on <html>, as lib/preferences.ts does).
 * The same visit checks first that nothing scrolls sideways at any width (widths.ts): the page is
 * loaded at 360 px, widened step by step to 1536 px, then checked by axe at the desktop size.
 */

const THEMES = ['light', 'dark', 'high-contrast', 'high-contrast dark'] as const;
type Theme = (typeof THEMES)[number];
const ROLES: Visitor[] = ['visitor', 'buyer', 'seller', 'admin', 'simple_admin'];

interface Visit extends PlannedVisit {
  /** Instead of a plain visit: how a user arrives (paying, to reach the success page). */
  arrive?: (page: Page) => Promise<void>;
  /** Text that shows the page has its content (not only the loading state). */
  ready?: string;
  /** Whether the visit also checks the page at every width (the route plan's visits do). */
  widths?: boolean;
}

const at = (url: string) => () => url;

/** Text that shows a planned page is ready, where waiting for the network is not enough. */
const READY: Record<string, string> = { '/checkout': 'Test mode' };

/**
 * Every route of the router (route-plan.ts, kept complete by src/app/route-plan.test.ts), as the
 * role it is for, then what the plan leaves out: Access Denied as a buyer, and the success page as
 * a buyer reaches it, by paying (last, as it empties the cart the checkout visit needs).
 */
const VISITS: Visit[] = [
  ...ROUTE_PLAN.map((visit) => ({ ...visit, ready: READY[visit.pattern], widths: true })),
  { pattern: '/debug-images', as: 'buyer', path: at('/debug-images'), ready: 'Access Denied' },
  { pattern: '/admin', as: 'buyer', path: at('/admin'), ready: 'Access Denied' },
  {
    pattern: '/checkout/success',
    as: 'buyer',
    path: at('/checkout/success'),
    ready: 'Payment successful',
    arrive: payForCart,
  },
];

const ACCOUNTS = {
  buyer: { email: uniqueEmail('a11y-buyer'), password: 'Contrast-ratio-45', login: '/login' },
  seller: { email: 'seller@example.com', password: 'Seller-demo-2026', login: '/login' },
  admin: { email: 'admin@example.com', password: 'Admin-demo-2026', login: '/admin/login' },
  simple_admin: { email: 'simpleadmin@example.com', password: 'Simple-admin-demo-2026', login: '/simple-admin/login' },
} as const;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The size the pages are checked by axe at (newPage's). */
const DESKTOP = { width: 1280, height: 900 };
const CARD = { card_number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' };

/**
 * Content is in: the page has come to rest (no request, no DOM change), its main heading is there,
 * nothing is spinning, and the page's own text is shown when given.
 */
async function settle(page: Page, ready?: string | RegExp): Promise<void> {
  await settled(page);
  if (ready) await page.getByText(ready).first().waitFor();
  await page.waitForFunction(
    () =>
      document.querySelector('main h1') !== null &&
      document.querySelector('main .animate-spin, [role="status"].animate-spin') === null,
    null,
    { timeout: 15_000 },
  );
  // Colours are measured, so nothing may be half-way through a transition.
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation-play-state: paused !important; }',
  });
}

/** The classes lib/preferences.ts puts on <html>: `dark`, and `high-contrast` on top of either theme. */
async function applyTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((name) => {
    const root = document.documentElement;
    const dark = name.endsWith('dark');
    root.classList.toggle('dark', dark);
    root.classList.toggle('high-contrast', name.startsWith('high-contrast'));
    root.style.colorScheme = dark ? 'dark' : 'light';
  }, theme);
}

/**
 * Landmark and heading rules fail the test too, though axe rates them moderate: the issue names
 * them (content outside landmarks, pages without an h1, skipped heading levels).
 */
const STRUCTURE_RULES = new Set([
  'region',
  'landmark-one-main',
  'landmark-unique',
  'landmark-no-duplicate-main',
  'landmark-main-is-top-level',
  'landmark-complementary-is-top-level',
  'landmark-banner-is-top-level',
  'landmark-contentinfo-is-top-level',
  'page-has-heading-one',
  'heading-order',
  'empty-heading',
]);

/** Every finding of every visit (failing or not), written out for people to read. */
const report: { url: string; theme: Theme; impact: string; line: string }[] = [];

/** Serious and critical violations (and landmark or heading ones) on the page as it is now, one line per rule. */
async function violations(page: Page, theme: Theme): Promise<string[]> {
  const found = await axeViolations(
    page,
    theme === 'light'
      ? { tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }
      : { rules: ['color-contrast', 'link-in-text-block'] },
  );
  const lines = found.map((violation) => {
    const where = violation.nodes.slice(0, 6).map((node) => {
      const summary = node.any[0]?.message ?? '';
      return `${node.target.join(' ')}${summary ? ` — ${summary}` : ''}`;
    });
    return {
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      line: `${violation.id} (${violation.nodes.length}): ${where.join(' | ')}`,
    };
  });
  for (const { impact, line } of lines) report.push({ url: page.url(), theme, impact, line });
  return lines
    .filter(({ rule, impact }) => impact === 'serious' || impact === 'critical' || STRUCTURE_RULES.has(rule))
    .map(({ line }) => line);
}

async function signIn(page: Page, role: Exclude<Visitor, 'visitor'>): Promise<void> {
  const account = ACCOUNTS[role];
  await page.goto(account.login);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

async function api(context: BrowserContext, method: 'get' | 'post', url: string, data?: unknown) {
  const refreshed = await context.request.post('/api/v1/auth/refresh');
  const { access_token } = (await refreshed.json()) as { access_token: string };
  const response = await context.request[method](`/api/v1${url}`, {
    headers: { Authorization: `Bearer ${access_token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

/** From a filled cart, pays with the test card on /checkout and lands on the success page. */
async function payForCart(page: Page): Promise<void> {
  await page.goto('/checkout');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill(String(new Date().getFullYear() + 2));
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.waitForURL('**/checkout/success');
}

let browser: Browser;
const pages = new Map<Visitor, { context: BrowserContext; page: Page }>();
let ids: RouteIds;

beforeAll(async () => {
  browser = await launchBrowser();
  const registration = await fetch(`${app().baseUrl}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Ada',
      last_name: 'Contrast',
      email: ACCOUNTS.buyer.email,
      password: ACCOUNTS.buyer.password,
      newsletter_subscribed: false,
    }),
  });
  expect(registration.status, await registration.clone().text()).toBe(201);
  for (const role of ROLES) {
    const opened = await newPage(browser);
    if (role !== 'visitor') await signIn(opened.page, role);
    pages.set(role, opened);
  }
  const buyer = pages.get('buyer')?.context as BrowserContext;
  const listing = (await (await buyer.request.get('/api/v1/products/?sort_by=price&sort_order=asc&limit=3')).json()) as {
    products: { id: string; seller_id: string }[];
  };
  const [first, second, third] = listing.products.map((product) => product.id);
  const seller = listing.products[0]?.seller_id as string;
  if (!first || !second || !third) throw new Error('The demo catalogue has fewer than 3 products');

  // The buyer has a paid order, a wishlist, and a cart to pay for on the success-page visit.
  await api(buyer, 'post', '/cart/add', { product_id: first, quantity: 1 });
  const order = (await api(buyer, 'post', '/orders/checkout', { billing_country: 'US' })) as { payment_intent_id: string };
  await api(buyer, 'post', `/payments/confirm-payment/${order.payment_intent_id}`, CARD);
  await api(buyer, 'post', '/wishlist/add', { product_id: second });
  await api(buyer, 'post', '/cart/add', { product_id: third, quantity: 1 });

  // A forum thread about the product.
  const { categories } = (await api(buyer, 'get', '/community/categories')) as { categories: { id: string }[] };
  const thread = (await api(buyer, 'post', '/community/threads', {
    category_id: categories[0]?.id,
    title: `Accessibility check ${uniqueEmail('thread')}`,
    // The long, unbroken word stretches narrow layouts.
    body: 'Does this work with a screen reader? A long word for narrow screens: supercalifragilisticexpialidocious.',
    product_id: first,
  })) as { id: string };

  // A product of the simple admin's own, waiting for approval.
  const simpleAdmin = pages.get('simple_admin')?.context as BrowserContext;
  const token = ((await (await simpleAdmin.request.post('/api/v1/auth/refresh')).json()) as { access_token: string })
    .access_token;
  const created = await simpleAdmin.request.post('/api/v1/simple-admin/products', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      title: 'Accessible Prompt Pack',
      description: 'Prompts for checking pages with a screen reader, with examples.',
      short_description: 'Screen reader prompts',
      price: '12.00',
      category: 'prompt-packs',
      license: 'standard',
      images: { name: 'cover.png', mimeType: 'image/png', buffer: PNG },
      files: { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Notes\n') },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const simpleAdminProduct = ((await created.json()) as { product: { id: string } }).product.id;

  ids = { product: first, thread: thread.id, simpleAdminProduct, seller, compared: `${first},${second}` };
});

afterAll(async () => {
  await browser?.close();
  const dir = path.resolve(import.meta.dirname, '../../../test-results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'accessibility-report.json'), `${JSON.stringify(report, null, 2)}\n`);
});

describe('accessibility of every route', () => {
  // One test per page, so the time limit is per page: four axe runs on a large page take ~10 s here.
  for (const role of ROLES) {
    for (const visit of VISITS.filter((candidate) => candidate.as === role)) {
      const sideways = visit.widths ? `, nor scrolls sideways at ${WIDTHS.join(', ')} px` : '';
      it(`has no serious, critical, landmark or heading axe violation on ${visit.pattern}, in ${THEMES.join(', ')}, as ${role}${sideways}`, async () => {
        const { page } = pages.get(role) as { page: Page };
        const path = visit.path(ids);
        const failures = visit.widths ? await checkWidths(page, role, path) : [];
        if (visit.widths) await page.setViewportSize(DESKTOP);
        else if (visit.arrive) await visit.arrive(page);
        else await page.goto(path);
        try {
          await settle(page, visit.ready);
        } catch (error) {
          failures.push(`${path}: not ready for axe (${(error as Error).message.split('\n')[0]})`);
          expect(failures).toEqual([]);
        }
        for (const theme of THEMES) {
          await applyTheme(page, theme);
          for (const line of await violations(page, theme)) failures.push(`${path} [${theme}] ${line}`);
        }
        await applyTheme(page, 'light');
        expect(failures).toEqual([]);
      });
    }
    if (role === 'admin') {
      it('shows the admin tables with their controls at 360 px (more than 40 in all)', () => {
        expect(tableControls.seen, 'controls in the admin tables at 360 px').toBeGreaterThan(40);
      });
    }
  }
});
