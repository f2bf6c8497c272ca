import type { Page } from 'playwright-core';
import { settled, snap } from './browser';
import type { Visitor } from './route-plan';

/**
 * Nothing scrolls sideways: a page at each breakpoint and two phone widths. A page fails when it is
 * wider than the window or when a control of its header sits off-screen. At the narrowest width the
 * admin console's tables also keep every control on screen, and the tables wider than a phone stack
 * into cards inside their box. accessibility.e2e.ts runs this on its visit of every route, before
 * axe, so each route is loaded once for both; mobile-widths.e2e.ts for the French header.
 */

export const WIDTHS = [360, 390, 640, 768, 1024, 1280, 1536] as const;

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

/** Controls found in the admin tables so far: the pages did show them (users' role selects, Approve and Reject, Edit...). */
export const tableControls = { seen: 0 };

/** Loaded: the page is at rest, the main content has a heading and no whole-page spinner is left. */
export async function loadRoute(page: Page, path: string): Promise<void> {
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
async function tableProblemsOnAPhone(page: Page, as: Visitor, path: string): Promise<string[]> {
  const problems: string[] = [];
  if (as === 'admin' && TABLE_CONTROL_ROUTES.has(path)) {
    // A table's own spinner too, not only the whole page's: its rows bring the controls counted.
    await page.waitForFunction(() => document.querySelector('main .animate-spin') === null, undefined, { timeout: 15_000 });
    const { off, count } = await tableControlsOffScreen(page);
    tableControls.seen += count;
    problems.push(...off.map((control) => `table control ${control}`));
  }
  if (WIDE_TABLES.has(`${as} ${path}`)) problems.push(...(await wideTableProblems(page)));
  return problems;
}

/** Loads the route at the narrowest width, then widens the window step by step; the failures, one line a width. */
export async function checkWidths(page: Page, as: Visitor, path: string): Promise<string[]> {
  const failures: string[] = [];
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
  try {
    await loadRoute(page, path);
  } catch (error) {
    // Measured all the same: a page stuck loading can still overflow; but it is a failure of its own.
    failures.push(`${path} as ${as}: not loaded (${(error as Error).message.split('\n')[0]})`);
  }
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const problems = await problemsAtThisWidth(page);
    if (width === WIDTHS[0]) problems.push(...(await tableProblemsOnAPhone(page, as, path)));
    if (problems.length > 0) {
      failures.push(`${path} as ${as} at ${width} px: ${problems.join('; ')}`);
      await snap(page, `overflow-${as}${path.replace(/[^a-z0-9]+/gi, '-')}-${width}`);
    }
    if (width === WIDTHS[0] && path === '/admin/promo-codes') await snap(page, 'stacked-admin-promo-codes-360');
  }
  return failures;
}
