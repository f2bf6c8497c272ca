import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, notBusy, snap } from './browser';
import { apiAs, newAccount, signIn } from './session';

/**
 * Versions (decision 0038): a buyer owns version 1.0 of a demo product; its seller uploads 1.1 with
 * a changelog; the admin sees the file diff and the changelog and approves; the buyer downloads 1.1
 * and 1.0 from /orders, and the product page shows 1.1 as current.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SELLER = { email: 'seller@example.com', password: 'Seller-demo-2026' };
const ADMIN = { email: 'admin@example.com', password: 'Admin-demo-2026' };
const PASSWORD = 'Version-lantern-31';

describe('product versions', () => {
  it('a seller uploads 1.1, the admin approves it from the diff, a buyer of 1.0 downloads 1.1 and 1.0', async () => {
    const seller = await newPage(browser);
    await signIn(seller.page, SELLER.email, SELLER.password);
    // Not the newest approved product: other journeys use that one.
    const own = (await apiAs(seller.context, 'get', '/seller/products?status=approved&limit=5')) as {
      products: { id: string; title: string }[];
    };
    const product = (own.products[3] ?? own.products.at(-1)) as { id: string; title: string };
    const before = (await apiAs(seller.context, 'get', `/seller/products/${product.id}/versions`)) as {
      current_label: string;
    };
    expect(before.current_label).toBe('1.0');

    // A buyer buys it while it is at 1.0.
    const buyer = await newAccount(browser, 'versions', PASSWORD);
    await apiAs(buyer.context, 'post', '/cart/add', { product_id: product.id, quantity: 1 });
    const checkout = (await apiAs(buyer.context, 'post', '/orders/checkout', { billing_country: 'US' })) as {
      payment_intent_id: string;
    };
    await apiAs(buyer.context, 'post', `/payments/confirm-payment/${checkout.payment_intent_id}`, {
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: new Date().getFullYear() + 2,
      cvc: '123',
    });

    // The seller publishes 1.1 from the product list.
    await seller.page.goto('/seller');
    const search = seller.page.getByPlaceholder('Search your products');
    await search.fill(product.title);
    await search.press('Enter');
    // The list keeps showing the previous answer until the search's arrives: a click then can land on
    // another row's button as the rows move (a full run opened no dialog of this product, once).
    const versionButtons = seller.page.getByRole('button', { name: /^Versions of / });
    const shownOnlyThisProduct = async () => {
      const names = await versionButtons.evaluateAll((buttons) =>
        buttons.map((button) => button.getAttribute('aria-label') ?? ''),
      );
      return names.includes(`Versions of ${product.title}`) && names.every((name) => name.includes(product.title));
    };
    await expect.poll(shownOnlyThisProduct).toBe(true);
    await notBusy(seller.page);
    await seller.page.getByRole('button', { name: `Versions of ${product.title}` }).click();
    const dialog = seller.page.getByRole('dialog', { name: `Versions of ${product.title}` });
    await dialog.getByLabel('Version label').fill('1.1');
    await dialog.getByLabel('Changelog (markdown)').fill('## What is new\n- **Faster** start\n- Fixed the crash on empty input');
    await dialog
      .getByLabel('Files of the new version')
      .setInputFiles([{ name: 'tool-1.1.zip', mimeType: 'application/zip', buffer: Buffer.from('version one point one') }]);
    await dialog.getByRole('button', { name: 'Submit for review' }).click();
    await seller.page.getByText('Version 1.1 sent for review').first().waitFor();
    await dialog.getByText('1.1', { exact: true }).waitFor();
    await snap(seller.page, 'seller-product-versions');

    // The admin reviews the changelog and the file diff, and approves.
    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN.email, ADMIN.password, '/admin/login');
    await admin.page.goto('/admin/products');
    await admin.page
      .getByRole('button', { name: `Review the change to ${product.title}` })
      .first()
      .click();
    const review = admin.page.getByRole('dialog', { name: `${product.title}: version 1.1` });
    await review.getByRole('heading', { name: 'Changelog of 1.1' }).waitFor();
    await review.getByText('Faster', { exact: true }).waitFor();
    const diff = review.getByRole('table', { name: 'Files compared with version 1.0' });
    await diff.getByRole('row', { name: /Added tool-1\.1\.zip/ }).waitFor();
    await snap(admin.page, 'admin-version-review');
    await review.getByRole('button', { name: 'Approve' }).click();
    await admin.page.getByText('Version approved: buyers can download it now').first().waitFor();

    // The buyer of 1.0 downloads 1.1 (current) and 1.0 from /orders.
    await buyer.page.goto('/orders');
    await buyer.page.getByRole('button', { name: 'Download links' }).first().click();
    const current = buyer.page.getByRole('region', { name: `${product.title}, version 1.1` });
    const earlier = buyer.page.getByRole('region', { name: `${product.title}, version 1.0` });
    await current.getByRole('heading', { name: `${product.title} · Version 1.1 (current)` }).waitFor();
    await earlier.waitFor();
    const newFile = current.getByRole('link', { name: 'tool-1.1.zip' });
    const newResponse = await buyer.page.request.get((await newFile.getAttribute('href')) as string);
    expect(newResponse.status()).toBe(200);
    expect(await newResponse.text()).toBe('version one point one');
    const oldLinks = earlier.getByRole('link');
    expect(await oldLinks.count()).toBeGreaterThan(0);
    const oldResponse = await buyer.page.request.get((await oldLinks.first().getAttribute('href')) as string);
    expect(oldResponse.status()).toBe(200);
    await snap(buyer.page, 'orders-versions');

    // The product page shows the current version and the changelog history.
    await buyer.page.goto(`/products/${product.id}`);
    await buyer.page.getByText(/Current version 1\.1, released/).waitFor();
    await buyer.page.getByRole('heading', { name: /^1\.1 · / }).waitFor();

    await Promise.all([seller.context.close(), buyer.context.close(), admin.context.close()]);
  });
});
