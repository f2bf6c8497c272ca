import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { launchBrowser, newPage, snap } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function seriousAccessibilityViolations(page: Page) {
  // Toasts fade in and out: measured half-way, their text fails contrast (as in ai-pool and mobile-widths).
  const violations = await axeViolations(page, { exclude: ['[data-sonner-toaster]'], tags: ['wcag2a', 'wcag2aa'] });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Full-page screenshots do not scroll, so lazy covers further down would stay blank. */
async function loadAllImages(page: Page) {
  await page.evaluate(async () => {
    const images = [...document.querySelectorAll('img')];
    for (const image of images) image.loading = 'eager';
    const settled = (image: HTMLImageElement) =>
      new Promise<void>((done) => {
        image.addEventListener('load', () => done(), { once: true });
        image.addEventListener('error', () => done(), { once: true });
      });
    await Promise.all(images.filter((image) => !image.complete).map(settled));
  });
}

/** Titles of the product cards in the catalogue grid, in order. */
async function catalogueTitles(page: Page): Promise<string[]> {
  const grid = page.getByRole('list', { name: 'Products' });
  await grid.waitFor();
  return grid.locator('h3').allInnerTexts();
}

describe('catalogue', () => {
  it('finds a product from the header search with the keyboard alone', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.getByRole('list', { name: 'Featured products' }).waitFor();
    await page.getByRole('list', { name: 'Top rated' }).waitFor();
    await loadAllImages(page);
    await snap(page, 'home');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The header box (the hero has one too): focus it and type.
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search products' }).first();
    await box.focus();
    await page.keyboard.type('chatbot', { delay: 40 });
    const listbox = page.getByRole('listbox', { name: 'Product suggestions' });
    await listbox.waitFor();
    const options = listbox.getByRole('option');
    await expect.poll(() => options.count()).toBe(4);
    expect(await options.last().innerText()).toBe('View all results');

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const highlighted = listbox.locator('[aria-selected="true"]');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await highlighted.getAttribute('id'));
    const title = await highlighted.locator('span.block').first().innerText();
    await snap(page, 'search-dropdown');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.keyboard.press('Enter');
    await page.waitForURL(/\/products\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(title);
    await page.getByRole('heading', { name: 'Reviews' }).waitFor();
    // The description is markdown (the demo's have headings and lists), and every file is listed before purchase.
    await page.getByRole('region', { name: 'Description' }).getByRole('heading', { level: 3, name: "What's included" }).waitFor();
    const files = page.getByRole('list', { name: /^\d+ files? you get$/ });
    await files.waitFor();
    expect(await files.getByRole('listitem').count()).toBeGreaterThan(0);
    const firstFile = await files.getByRole('listitem').first().innerText();
    expect(firstFile).toMatch(/Type:\s*(MD|PY|CSV|JSON|YAML|TXT)\b/);
    expect(firstFile).toMatch(/Size:\s*[\d.,]+\s(B|KB)\b/);
    await loadAllImages(page);
    await snap(page, 'product-page');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The search was remembered: an empty focused box offers it.
    await box.focus();
    await page.getByRole('listbox', { name: 'Recent searches' }).getByRole('option', { name: 'chatbot' }).waitFor();
    await context.close();
  });

  it('keeps category, sort and page in the URL across a reload', async () => {
    const { context, page } = await newPage(browser);
    // The demo data has 129 approved products, 21 of them datasets; other journeys may add more.
    const count = async (query: string) =>
      ((await (await page.request.get(`/api/v1/products/${query}`)).json()) as { total: number }).total;
    const all = await count('');
    const datasets = await count('?category=datasets');
    expect(datasets).toBeGreaterThan(12);
    await page.goto('/products');
    await expect.poll(() => page.getByText(/^\d+ products$/).innerText()).toBe(`${all} products`);

    await page.getByLabel('Category').selectOption('datasets');
    await page.waitForURL((url) => url.searchParams.get('category') === 'datasets');
    await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    await page.waitForURL((url) => url.searchParams.get('sort_by') === 'price');
    await expect.poll(() => page.getByText(/^\d+ products$/).innerText()).toBe(`${datasets} products`);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(async () => (await catalogueTitles(page)).length).toBe(Math.min(12, datasets - 12));
    const url = page.url();
    const titles = await catalogueTitles(page);
    expect(new URL(url).search).toBe('?category=datasets&sort_by=price&sort_order=asc&page=2');

    await page.reload();
    await expect.poll(() => catalogueTitles(page)).toEqual(titles);
    expect(page.url()).toBe(url);
    expect(await page.getByLabel('Category').inputValue()).toBe('datasets');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('priceAsc');
    expect(await page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    // Page 1 in that order: the cheapest dataset first.
    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.waitForURL((u) => !u.searchParams.has('page'));
    const prices = await page.getByRole('list', { name: 'Products' }).locator('article p > span:first-child').allInnerTexts();
    const numbers = prices.map((text) => Number(text.replace(/[^0-9.]/g, '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    await loadAllImages(page);
    await snap(page, 'catalogue');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it('saves a product to the wishlist from its page and removes it on /wishlist', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/products?search=speech');
    const first = page.getByRole('list', { name: 'Products' }).getByRole('link').first();
    const title = await first.innerText();
    await first.click();
    await page.waitForURL(/\/products\/[0-9a-f-]{36}$/);
    const productPath = new URL(page.url()).pathname;

    // Signed out: the heart sends us to sign in and back to this product.
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill('buyer@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Buyer-demo-2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === productPath);

    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    await page.getByRole('button', { name: 'Remove from wishlist' }).waitFor();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Wishlist' }).click();
    await page.waitForURL('**/wishlist');
    const saved = page.getByRole('list', { name: 'Saved products' });
    await saved.getByRole('link', { name: title }).waitFor();
    await loadAllImages(page);
    await snap(page, 'wishlist');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: `Remove ${title} from wishlist` }).click();
    await page.getByText('Your wishlist is empty. Save products to compare and buy later.').waitFor();

    // The product page agrees (one cache, and the server too after a reload).
    await page.goto(productPath);
    await page.getByRole('button', { name: 'Add to wishlist' }).waitFor();
    await context.close();
  });
});
