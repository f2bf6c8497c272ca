import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser';

/** Client-side navigation starts a new page at the top; Back and Forward return to where the reader was. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await page.waitForFunction((top) => Math.abs(window.scrollY - top) < 2, y);
}

/** Waits until the scroll position has stayed the same over a few frames (smooth scrolls, late layout). */
async function settledScrollY(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const tick = () => {
          if (window.scrollY === last) still += 1;
          else {
            last = window.scrollY;
            still = 0;
          }
          if (still >= 10) resolve(Math.round(last));
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

describe('scroll position across pages', () => {
  it('opens a new page at the top after scrolling down, and Back/Forward restore each position', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/terms');
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await scrollTo(page, 1500);

    // The header's Products link: a client-side navigation in the same tab.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await page.waitForURL('**/products');
    await page
      .getByRole('list', { name: /products/i })
      .first()
      .waitFor();
    expect(await settledScrollY(page)).toBe(0);

    // Scroll the catalogue a little, go back: the terms open where the reader left them.
    await scrollTo(page, 400);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    expect(await settledScrollY(page)).toBe(1500);

    await page.goForward();
    await page.waitForURL('**/products');
    expect(await settledScrollY(page)).toBe(400);

    // Any other page opens at the top too.
    await page.goto('/terms');
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await scrollTo(page, 1200);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await page.waitForURL('**/about');
    await page.getByRole('heading', { level: 1, name: 'About us' }).waitFor();
    expect(await settledScrollY(page)).toBe(0);
    await context.close();
  });

  it('opens a page typed into the same tab at the top, and a reload keeps the position', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/terms');
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await scrollTo(page, 1500);

    // A new document in the same tab (the address bar): its first history entry has the same key.
    await page.goto('/products');
    await page
      .getByRole('list', { name: /products/i })
      .first()
      .waitFor();
    expect(await settledScrollY(page)).toBe(0);

    // Typed again, the terms open at the top too; a reload keeps the reader's place.
    await page.goto('/terms');
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    expect(await settledScrollY(page)).toBe(0);
    await scrollTo(page, 900);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    expect(await settledScrollY(page)).toBe(900);
    await context.close();
  });
});
