import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, launchBrowser, settled, snap, watchNetwork } from './browser';

/**
 * Layout as people see it: the header in every language, the chat button clear of the controls it
 * used to cover, and no page that jumps while it loads (CLS). Admin tables on a phone are checked
 * by mobile-widths.e2e.ts, on its visit of each admin page at 360 px.
 */

const LANGUAGES = ['en', 'es', 'fr', 'de', 'zh', 'ja'] as const;

let browser: Browser;
let productId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const response = await fetch(`${app().baseUrl}/api/v1/products/?limit=1`);
  productId = ((await response.json()) as { products: { id: string }[] }).products[0]?.id as string;
  expect(productId).toBeTruthy();
});

afterAll(async () => {
  await browser?.close();
});

async function pageIn(language: string, width: number, height = 800): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: app().baseUrl, locale: language, viewport: { width, height } });
  const page = await context.newPage();
  watchNetwork(page);
  return { page, close: () => context.close() };
}

describe('header and headline in every language', () => {
  for (const language of LANGUAGES) {
    it(`${language}: header links stay on one line at every desktop width; the headline breaks only between words`, async () => {
      const { page, close } = await pageIn(language, 1366);
      try {
        await page.goto('/');
        await settled(page);
        await page.locator('main h1').waitFor();
        const failures: string[] = [];
        for (const width of [1366, 1280, 1024]) {
          await page.setViewportSize({ width, height: 800 });
          const problems = await page.evaluate(() => {
            const found: string[] = [];
            const row = document.querySelector('header > div') as HTMLElement;
            if (row.scrollWidth > row.clientWidth) found.push(`header row is ${row.scrollWidth} px in ${row.clientWidth}`);
            for (const link of document.querySelectorAll<HTMLElement>('header nav a')) {
              if (link.offsetWidth === 0) continue;
              const style = getComputedStyle(link);
              const lineHeight = Number.parseFloat(style.lineHeight);
              const text =
                link.getBoundingClientRect().height -
                Number.parseFloat(style.paddingTop) -
                Number.parseFloat(style.paddingBottom);
              if (text > lineHeight * 1.5) found.push(`"${link.textContent}" wraps (${text} px for ${lineHeight} px lines)`);
              const box = link.getBoundingClientRect();
              if (box.right > window.innerWidth) found.push(`"${link.textContent}" off-screen`);
            }
            return found;
          });
          for (const problem of problems) failures.push(`${width} px: ${problem}`);
        }
        await page.setViewportSize({ width: 1366, height: 800 });
        // Every line of the headline starts at a word boundary (Intl.Segmenter's words of the text).
        const splits = await page.evaluate((lang) => {
          const heading = document.querySelector('main h1') as HTMLElement;
          const text = heading.textContent ?? '';
          const boundaries = new Set<number>([0]);
          let offset = 0;
          for (const { segment } of new Intl.Segmenter(lang, { granularity: 'word' }).segment(text)) {
            offset += segment.length;
            boundaries.add(offset);
          }
          const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
          const bad: string[] = [];
          let index = 0;
          let lastTop = Number.NEGATIVE_INFINITY;
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const value = node.nodeValue ?? '';
            for (let i = 0; i < value.length; i += 1, index += 1) {
              if (value[i] === ' ') continue;
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              const top = range.getBoundingClientRect().top;
              if (top > lastTop + 4) {
                if (lastTop !== Number.NEGATIVE_INFINITY && !boundaries.has(index)) {
                  bad.push(`${text.slice(Math.max(0, index - 4), index)}|${text.slice(index, index + 4)}`);
                }
                lastTop = top;
              }
            }
          }
          return bad;
        }, language);
        for (const split of splits) failures.push(`headline breaks inside a word: ${split}`);
        if (failures.length > 0) await snap(page, `header-${language}-1366`);
        expect(failures).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});

describe('the chat button covers nothing it rests on', () => {
  for (const width of [360, 390]) {
    it(`at ${width} px, Start selling and Subscribe are clear of it wherever they are scrolled to`, async () => {
      const { page, close } = await pageIn('en', width, 780);
      try {
        await page.goto('/');
        await settled(page);
        await page.locator('button.fixed.right-4').waitFor();
        const controls = [
          page.locator('main').getByRole('link', { name: 'Start selling' }),
          page.locator('footer').getByRole('link', { name: 'Start selling' }),
          page.locator('footer').getByRole('button', { name: 'Subscribe' }),
          page.locator('footer').getByRole('textbox'),
        ];
        for (const control of controls) {
          // Not 'start': there the sticky header, not the chat button, is over the control.
          for (const block of ['end', 'center'] as const) {
            await control.evaluate((element, where) => element.scrollIntoView({ block: where, behavior: 'instant' }), block);
            // The button moves once the page is at rest: wait for it to have settled clear of the control.
            await expect
              .poll(
                () =>
                  control.evaluate((element) => {
                    const box = element.getBoundingClientRect();
                    const launcher = [...document.querySelectorAll('button')].find(
                      (button) => getComputedStyle(button).position === 'fixed',
                    ) as HTMLElement;
                    const corner = launcher.getBoundingClientRect();
                    const overlaps =
                      box.left < corner.right && box.right > corner.left && box.top < corner.bottom && box.bottom > corner.top;
                    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
                    return !overlaps && hit !== null && element.contains(hit);
                  }),
                { timeout: 5_000, message: `${await control.textContent()} (scrolled to ${block})` },
              )
              .toBe(true);
          }
        }
        await snap(page, `chat-clear-${width}`);
      } finally {
        await close();
      }
    });
  }
});

describe('nothing jumps while a page loads (cumulative layout shift)', () => {
  for (const width of [360, 1366]) {
    it(`at ${width} px, /, /products, a product, /community and /terms shift by at most 0.1`, async () => {
      const context = await browser.newContext({ baseURL: app().baseUrl, viewport: { width, height: 800 } });
      await context.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) shifts.push(entry.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const page = await context.newPage();
      watchNetwork(page);
      const scores: Record<string, number> = {};
      try {
        for (const path of ['/', '/products', `/products/${productId}`, '/community', '/terms']) {
          await page.goto(path);
          await settled(page);
          await page.locator('main h1').first().waitFor();
          await page.waitForFunction(() => document.querySelector('main .animate-spin') === null);
          // Two frames after the last change, so the observer has seen every shift.
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          scores[path] = await page.evaluate(() =>
            (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
          );
        }
      } finally {
        await context.close();
      }
      for (const [path, score] of Object.entries(scores)) expect(score, `${path} at ${width} px`).toBeLessThanOrEqual(0.1);
    });
  }
});
