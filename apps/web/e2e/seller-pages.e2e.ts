import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wcagViolations } from './axe';
import { launchBrowser, newPage, snap } from './browser';
import { accessToken, apiAs, newAccount, submitSignIn } from './session';

/**
 * Know what you buy: a seller uploads a pickle that runs `os.system` when loaded, is told at once
 * that it is dangerous, and an admin cannot approve it; a visitor opens a seller's page and
 * compares two products, each page checked with axe.
 */

const ADMIN = { email: 'admin@example.com', password: 'Admin-demo-2026' };
const SELLER_PASSWORD = 'Pickle-jar-lantern-73';

/**
 * What `pickle.dumps` of an object whose __reduce__ returns (os.system, ('ls',)) gives, protocol 2:
 * PROTO 2, GLOBAL 'os system', BINUNICODE 'ls', TUPLE1, REDUCE, STOP (with the memo puts pickle writes).
 */
function maliciousPickle(): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32LE(2);
  return Buffer.concat([
    Buffer.from([0x80, 0x02]),
    Buffer.from('cos\nsystem\nq\x00X', 'latin1'),
    length,
    Buffer.from('lsq\x01', 'latin1'),
    Buffer.from([0x85]),
    Buffer.from('q\x02Rq\x03.', 'latin1'),
  ]);
}

let browser: Browser;
let workDir: string;
beforeAll(async () => {
  browser = await launchBrowser();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seller-pages-'));
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe('know what you buy', () => {
  it('flags a malicious pickle at upload, keeps the admin from approving it, and shows seller pages and a comparison', async () => {
    const stamp = Date.now().toString(36);
    const title = `Pickled Classifier ${stamp}`;
    const picklePath = path.join(workDir, 'model.pkl');
    fs.writeFileSync(picklePath, maliciousPickle());

    // A new seller describes their page and lists a "model" whose pickle runs a shell command.
    const seller = await newAccount(browser, 'Pickle', SELLER_PASSWORD);
    await apiAs(seller.context, 'post', '/seller/become', { accept_terms: true });
    const ownId = ((await apiAs(seller.context, 'get', '/users/me')) as { id: string }).id;
    await seller.page.goto('/seller');
    await seller.page.getByRole('heading', { name: 'Your seller page' }).waitFor();
    await seller.page.getByLabel('About you').fill('Small models, trained on public data.');
    await seller.page.getByRole('button', { name: 'Add a link' }).click();
    await seller.page.getByLabel('Link 1 label').fill('Website');
    await seller.page.getByLabel('Link 1 address').fill('https://pickle.example');
    await seller.page.getByRole('button', { name: 'Save seller page' }).click();
    await seller.page.getByText('Seller page saved').first().waitFor();

    await seller.page.getByRole('button', { name: 'Add product' }).click();
    await seller.page.getByLabel('Title', { exact: true }).fill(title);
    await seller.page.getByLabel('Short description', { exact: true }).fill('A tiny classifier, pickled');
    await seller.page
      .getByLabel('Description', { exact: true })
      .fill('A small text classifier saved with pickle, ready to load.');
    await seller.page.getByLabel('Price (USD)', { exact: true }).fill('9.00');
    await seller.page.getByLabel('Category', { exact: true }).selectOption('prompt-packs');
    await seller.page.getByLabel('Product files', { exact: true }).setInputFiles(picklePath);
    await seller.page.getByRole('list', { name: 'Files to upload' }).getByText('model.pkl').waitFor();
    await seller.page.getByRole('button', { name: 'Submit for review' }).click();
    // Told right after the upload, and the reasons are in the product list.
    await seller.page.getByText('1 file failed the safety scan').first().waitFor();
    const row = seller.page.getByRole('row').filter({ hasText: title }).first();
    await row.getByText('Dangerous').first().waitFor();
    await row
      .getByText(/os\.system/)
      .first()
      .waitFor();
    await snap(seller.page, 'seller-dangerous-pickle');

    // The admin sees the verdict and is offered no Approve; the server refuses one anyway.
    const admin = await newPage(browser);
    try {
      await submitSignIn(admin.page, ADMIN.email, ADMIN.password, '/admin/login');
      await admin.page.waitForURL(/\/admin$/);
      await admin.page.goto('/admin/products');
      const adminRow = admin.page.getByRole('row').filter({ hasText: title }).first();
      await adminRow.waitFor();
      await adminRow.getByText('Dangerous').waitFor();
      expect(await admin.page.getByRole('button', { name: `Approve ${title}` }).count()).toBe(0);
      await admin.page.getByRole('button', { name: `Review ${title}` }).click();
      const review = admin.page.getByRole('dialog', { name: `Review "${title}"` });
      await review.getByText('A file failed the safety scan').waitFor();
      expect(await review.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      await snap(admin.page, 'admin-review-dangerous');

      const listing = (await apiAs(seller.context, 'get', `/seller/products?query=${encodeURIComponent(stamp)}`)) as {
        products: { id: string; title: string }[];
      };
      const productId = listing.products.find((product) => product.title === title)?.id as string;
      const approve = await admin.context.request.put(`/api/v1/admin/products/${productId}/approve`, {
        headers: { Authorization: `Bearer ${await accessToken(admin.context)}` },
      });
      expect(approve.status()).toBe(422);
    } finally {
      await admin.context.close();
    }

    // A visitor: the new seller's page shows their bio and an empty shelf (nothing approved).
    const visitor = await newPage(browser);
    await visitor.page.goto(`/sellers/${ownId}`);
    await visitor.page.getByRole('heading', { level: 1, name: 'Pickle Tester' }).waitFor();
    await visitor.page.getByText('Small models, trained on public data.').waitFor();
    await visitor.page.getByText('Pickle Tester has no products for sale yet.').waitFor();
    expect(await visitor.page.getByText(title).count()).toBe(0);
    expect(await wcagViolations(visitor.page, { seriousOnly: true })).toEqual([]);

    // A demo product's page links its seller's page, which lists what they sell.
    const demo = (await (await visitor.context.request.get('/api/v1/products/?sort_by=price&sort_order=asc&limit=2')).json()) as {
      products: { id: string; title: string; seller: string }[];
    };
    const [first, second] = demo.products;
    if (!first || !second) throw new Error('The demo catalogue has fewer than 2 products');
    await visitor.page.goto(`/products/${first.id}`);
    await visitor.page.getByRole('heading', { level: 1, name: first.title }).waitFor();
    await visitor.page.locator('dl').getByRole('link', { name: first.seller }).click();
    await visitor.page.getByRole('heading', { level: 1, name: first.seller }).waitFor();
    const shelf = visitor.page.getByRole('list', { name: `Products by ${first.seller}` });
    await shelf.getByRole('link').first().waitFor();
    // The cheapest product of the whole catalogue is the cheapest of its seller's too.
    await visitor.page.getByLabel('Sort by').selectOption('priceAsc');
    // The catalogue's sort parameters, so a seller's shelf link reads as a catalogue link does.
    await expect
      .poll(() => {
        const query = new URL(visitor.page.url()).searchParams;
        return `${query.get('sort_by')} ${query.get('sort_order')}`;
      })
      .toBe('price asc');
    // The previous answer stays on screen, dimmed and busy, until the sorted one arrives; the router
    // renders the new sort in a transition, so the URL changes before the list does. Done when the
    // cheapest product leads the list and nothing is loading.
    const sortedShown = async () =>
      (await shelf.getAttribute('aria-busy')) === null &&
      (await shelf.locator('li').first().getByRole('link', { name: first.title, exact: true }).count()) > 0;
    await expect.poll(sortedShown, { timeout: 30_000 }).toBe(true);
    await visitor.page.waitForLoadState('networkidle');
    await expect.poll(sortedShown).toBe(true);
    expect(await wcagViolations(visitor.page, { seriousOnly: true })).toEqual([]);
    await snap(visitor.page, 'seller-page');

    // Two products put aside from the catalogue's cards, then compared side by side.
    await visitor.page.goto('/products?sort_by=price&sort_order=asc');
    await visitor.page.getByRole('button', { name: `Compare ${first.title}` }).click();
    await visitor.page.getByRole('button', { name: `Compare ${second.title}` }).click();
    await visitor.page.getByRole('link', { name: 'Compare (2)' }).first().click();
    await visitor.page.waitForURL('**/compare?ids=*');
    const table = visitor.page.getByRole('table', { name: '2 products side by side' });
    await table.getByRole('columnheader', { name: new RegExp(first.title) }).waitFor();
    await table.getByRole('columnheader', { name: new RegExp(second.title) }).waitFor();
    await table.getByRole('row', { name: /^Price/ }).waitFor();
    await table.getByRole('row', { name: /^Last updated/ }).waitFor();
    expect(await wcagViolations(visitor.page, { seriousOnly: true })).toEqual([]);
    await snap(visitor.page, 'compare');
    await visitor.context.close();
    await seller.context.close();
  });
});
