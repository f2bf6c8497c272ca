import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wcagViolations } from './axe';
import { app, launchBrowser, mailToContaining, newPage, notBusy, snap } from './browser';
import { storedZip } from './files';
import { apiAs, newAccount } from './session';

/**
 * Issue 24's "Not done until", in one browser: a new seller lists a tool (version 1.0) and switches
 * on licence keys; a buyer pays with the test card and sees the key; the seller uploads 1.1 with a
 * markdown changelog; the admin approves it from the changelog and the file diff; the buyer gets
 * the notice and the e-mail, downloads 1.1 and 1.0 from /orders, copies the key, and the seller
 * guide's own curl commands, run for real, verify and activate it (and its fetch snippet takes the
 * last activation); after the admin refunds the order, the same verify command says refunded.
 */

const ADMIN = { email: 'admin@example.com', password: 'Admin-demo-2026' };
const SELLER_PASSWORD = 'Keysmith-harbour-62';
const BUYER_PASSWORD = 'Aftersale-lantern-47';
/** The key the guide's commands show until the developer puts a real one in. */
const PLACEHOLDER_KEY = 'XXXX-XXXX-XXXX-XXXX-XXXX-XXXX';

const run = promisify(execFile);

/** Serious and critical WCAG 2 A/AA violations on the page once it is loaded (of one part of it when named). */
async function expectAccessible(page: Page, label: string, include?: string[]) {
  await notBusy(page);
  expect(await wcagViolations(page, { include, seriousOnly: true }), label).toEqual([]);
}

/** Clicks a download link and answers the file the browser saved, with the name it saved it under. */
async function download(page: Page, link: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [saved] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const file = await saved.path();
  return { name: saved.suggestedFilename(), bytes: fs.readFileSync(file) };
}

/** Runs one of the guide's commands in a shell, as a developer pasting it would; answers curl's JSON output. */
async function runGuideCommand(command: string): Promise<Record<string, unknown>> {
  const { stdout } = await run('bash', ['-c', command], { timeout: 30_000 });
  return JSON.parse(stdout) as Record<string, unknown>;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('after the sale', () => {
  it('keys, version 1.1 to a buyer of 1.0 with notice and e-mail, the guide’s curl verifying and activating, and a refund the curl sees', async () => {
    const stamp = Date.now().toString(36);
    const title = `Prompt Linter ${stamp}`;
    const zip10 = storedZip([
      ['prompt-linter/VERSION', '1.0\n'],
      ['prompt-linter/lint.py', 'print("lint 1.0")\n'],
    ]);
    const zip11 = storedZip([
      ['prompt-linter/VERSION', '1.1\n'],
      ['prompt-linter/lint.py', 'print("lint 1.1, faster")\n'],
      ['prompt-linter/CHANGELOG.md', '## 1.1\n- Faster start\n'],
    ]);

    // A new seller lists the tool with its 1.0 zip; the admin approves it.
    const seller = await newAccount(browser, 'Keysmith', SELLER_PASSWORD);
    await apiAs(seller.context, 'post', '/seller/become', { accept_terms: true });
    const form = seller.page;
    await form.goto('/seller');
    await form.getByRole('heading', { name: 'Seller dashboard' }).waitFor();
    await form.getByRole('button', { name: 'Add product' }).click();
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Short description', { exact: true }).fill('Finds vague and contradictory instructions in prompts');
    await form
      .getByLabel('Description', { exact: true })
      .fill('A command-line linter for prompt files, checked by a licence key.');
    await form.getByLabel('Price (USD)', { exact: true }).fill('12.00');
    await form.getByLabel('Category', { exact: true }).selectOption('ai-tools');
    await form.getByLabel('Licence', { exact: true }).selectOption('commercial-team');
    await form
      .getByLabel('Product files', { exact: true })
      .setInputFiles([{ name: 'prompt-linter-1.0.zip', mimeType: 'application/zip', buffer: zip10 }]);
    await form.getByRole('list', { name: 'Files to upload' }).getByText('prompt-linter-1.0.zip').waitFor();
    await form.getByRole('button', { name: 'Submit for review' }).click();
    await form.getByText('Product submitted for review').first().waitFor();
    const own = (await apiAs(seller.context, 'get', `/seller/products?query=${encodeURIComponent(stamp)}`)) as {
      products: { id: string; title: string }[];
    };
    const productId = own.products.find((product) => product.title === title)?.id as string;
    expect(productId).toBeTruthy();
    const admin = await newPage(browser);
    await admin.page.goto('/admin/login');
    await admin.page.getByLabel('Email').fill(ADMIN.email);
    await admin.page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await admin.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await admin.page.waitForURL(/\/admin$/);
    await apiAs(admin.context, 'put', `/admin/products/${productId}/approve`);

    // The seller switches licence keys on (two activations a key) and reads the guide for this product.
    await form.reload();
    await form.getByRole('button', { name: 'Set up licence keys for a product' }).click();
    const settings = form.getByRole('form', { name: 'Licence key setting' });
    await settings.getByLabel('Product', { exact: true }).selectOption(productId);
    await settings.getByLabel('Issue a licence key with every sale of this product').check();
    await settings.getByLabel('Activation limit').fill('2');
    await settings.getByRole('button', { name: 'Save', exact: true }).click();
    await form.getByText('Licence settings saved').first().waitFor();
    const guide = form.getByRole('region', { name: 'How to check a key from your app' });
    const curlBlock = guide.locator('pre').first();
    await expect.poll(() => curlBlock.innerText()).toContain(productId);
    const guideCurl = await curlBlock.innerText();
    const guideFetch = await guide.locator('pre').nth(1).innerText();
    await expectAccessible(form, 'seller area with licence keys and the guide');
    await snap(form, 'after-sale-seller-keys-guide');

    // A buyer pays for 1.0 with the test card and sees the key on the success page.
    const buyer = await newAccount(browser, 'aftersale', BUYER_PASSWORD);
    await buyer.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app().baseUrl });
    await apiAs(buyer.context, 'post', '/cart/add', { product_id: productId, quantity: 1 });
    await buyer.page.goto('/checkout');
    await buyer.page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await buyer.page.getByLabel('Expiry month').fill('12');
    await buyer.page.getByLabel('Expiry year').fill(String(new Date().getFullYear() + 2));
    await buyer.page.getByLabel('CVC').fill('123');
    await buyer.page.getByRole('button', { name: /^Pay \$/ }).click();
    await buyer.page.waitForURL('**/checkout/success');
    const successKeys = buyer.page.getByRole('list', { name: 'Your licence keys' });
    await successKeys.waitFor();
    const key = (await successKeys.locator('code').first().innerText()).trim();
    expect(key).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){5}$/);
    await expectAccessible(buyer.page, 'checkout success page with the key');
    // The receipt e-mail carries the key too.
    await mailToContaining(buyer.email, key, 30_000);

    // The seller uploads 1.1 with a markdown changelog.
    await form.reload();
    await form.getByRole('button', { name: `Versions of ${title}` }).click();
    const versions = form.getByRole('dialog', { name: `Versions of ${title}` });
    await versions.getByLabel('Version label').fill('1.1');
    await versions
      .getByLabel('Changelog (markdown)')
      .fill('## What is new\n- **Faster** start on large prompt folders\n- Fixed the crash on empty files');
    await versions
      .getByLabel('Files of the new version')
      .setInputFiles([{ name: 'prompt-linter-1.1.zip', mimeType: 'application/zip', buffer: zip11 }]);
    await versions.getByRole('button', { name: 'Submit for review' }).click();
    await form.getByText('Version 1.1 sent for review').first().waitFor();

    // The admin reviews the rendered changelog and the file diff, and approves.
    await admin.page.goto('/admin/products');
    await admin.page.getByRole('button', { name: `Review the change to ${title}` }).click();
    const review = admin.page.getByRole('dialog', { name: `${title}: version 1.1` });
    await review.getByRole('heading', { name: 'Changelog of 1.1' }).waitFor();
    await review.locator('strong', { hasText: 'Faster' }).waitFor();
    const diff = review.getByRole('table', { name: 'Files compared with version 1.0' });
    await diff.getByRole('row', { name: /Added prompt-linter-1\.1\.zip/ }).waitFor();
    await diff.getByRole('row', { name: /Removed prompt-linter-1\.0\.zip/ }).waitFor();
    await expectAccessible(admin.page, 'admin review of version 1.1');
    await snap(admin.page, 'after-sale-admin-version-review');
    await review.getByRole('button', { name: 'Approve' }).click();
    await admin.page.getByText('Version approved: buyers can download it now').first().waitFor();

    // The buyer of 1.0 gets the e-mail and the in-app notice about 1.1.
    const mail = await mailToContaining(buyer.email, `A new version of ${title} is available`, 60_000);
    expect(mail).toContain(`Update to ${title}: 1.1`);
    expect(mail).toContain('Faster');
    await buyer.page.goto('/orders');
    await buyer.page.getByRole('button', { name: 'Notifications' }).click();
    await buyer.page
      .getByRole('dialog', { name: 'Notifications' })
      .getByText(`Update to ${title}: 1.1`, { exact: false })
      .first()
      .waitFor();
    await buyer.page.keyboard.press('Escape');

    // It downloads 1.1 (current) and 1.0 from /orders: each the zip the seller uploaded for it.
    await buyer.page.getByRole('button', { name: 'Download links' }).first().click();
    const current = buyer.page.getByRole('region', { name: `${title}, version 1.1` });
    const earlier = buyer.page.getByRole('region', { name: `${title}, version 1.0` });
    await current.getByRole('heading', { name: `${title} · Version 1.1 (current)` }).waitFor();
    const newer = await download(buyer.page, current.getByRole('link', { name: 'prompt-linter-1.1.zip' }));
    const older = await download(buyer.page, earlier.getByRole('link', { name: 'prompt-linter-1.0.zip' }));
    expect(newer.name).toBe('prompt-linter-1.1.zip');
    expect(older.name).toBe('prompt-linter-1.0.zip');
    expect(newer.bytes.equals(zip11)).toBe(true);
    expect(older.bytes.equals(zip10)).toBe(true);
    expect(newer.bytes.equals(older.bytes)).toBe(false);

    // It copies the key from /orders with the copy button.
    const ownKeys = buyer.page.getByRole('list', { name: 'Your licence keys' });
    await ownKeys.getByText(key).waitFor();
    await expectAccessible(buyer.page, '/orders with versions and the key');
    await snap(buyer.page, 'after-sale-orders');
    await ownKeys.getByRole('button', { name: `Copy the licence key for ${title}` }).click();
    // Polled: the button says "Copied" for two seconds only; the clipboard keeps the key.
    const clipboard = () => buyer.page.evaluate(() => navigator.clipboard.readText());
    await expect.poll(clipboard).toBe(key);
    const copied = await clipboard();

    // The guide's curl commands, exactly as shown, with the copied key put in: verify, then activate.
    expect(guideCurl).toContain(`curl -X POST ${app().baseUrl}/api/v1/licenses/verify`);
    const [verifyCommand, activateCommand] = guideCurl
      .split(/\n\s*\n/)
      .map((command) => command.replaceAll('<product id>', productId).replaceAll(PLACEHOLDER_KEY, copied));
    expect(verifyCommand).toContain('/api/v1/licenses/verify');
    expect(activateCommand).toContain('/api/v1/licenses/activate');
    const verified = await runGuideCommand(verifyCommand as string);
    expect(verified).toMatchObject({
      valid: true,
      status: 'active',
      refunded: false,
      product: { id: productId, title },
      activations: { used: 0, limit: 2 },
    });
    const activated = await runGuideCommand(activateCommand as string);
    expect(activated).toMatchObject({ valid: true, changed: true, instance: 'my-laptop', activations: { used: 1, limit: 2 } });
    // The guide's fetch snippet, run as the seller's app would, takes the second and last activation.
    const checkLicence = new Function(`${guideFetch}\nreturn checkLicence;`)() as (
      key: string,
      instance: string,
    ) => Promise<boolean>;
    expect(await checkLicence(copied, 'my-desktop')).toBe(true);
    expect(await checkLicence(copied, 'my-tablet')).toBe(false);
    await buyer.page.reload();
    await ownKeys.getByText('2 of 2 activations used', { exact: false }).waitFor();
    await ownKeys.getByText('Activated on: my-laptop, my-desktop').waitFor();

    // The buyer asks for a refund; the admin approves it on the orders page.
    await buyer.page.getByRole('button', { name: 'Request refund' }).click();
    const request = buyer.page.getByRole('dialog', { name: /^Request a refund for / });
    await request.getByLabel('Reason').fill('The linter does not run on my machine');
    await request.getByRole('button', { name: 'Request refund' }).click();
    await buyer.page.getByText('Refund requested').first().waitFor();
    await admin.page.goto('/admin/orders');
    const search = admin.page.getByPlaceholder('Order number or customer e-mail');
    await search.fill(buyer.email);
    await search.press('Enter');
    await admin.page.getByRole('button', { name: /^Refund of order / }).click();
    const refund = admin.page.getByRole('dialog', { name: /^Refund request for / });
    await refund.getByText('The linter does not run on my machine').waitFor();
    await expectAccessible(admin.page, 'admin refund panel');
    await refund.getByRole('button', { name: 'Approve refund' }).click();
    await admin.page.getByText("Refund approved; the buyer's downloads are revoked").first().waitFor();

    // The same verify command now says refunded; /orders shows the key refunded.
    const afterRefund = await runGuideCommand(verifyCommand as string);
    expect(afterRefund).toMatchObject({ valid: false, status: 'refunded', refunded: true, product: { id: productId } });
    expect(JSON.stringify(await runGuideCommand(activateCommand as string))).toContain('its order was refunded');
    await buyer.page.reload();
    await ownKeys.getByText('Refunded').first().waitFor();
    await snap(buyer.page, 'after-sale-refunded');

    await Promise.all([seller.context.close(), buyer.context.close(), admin.context.close()]);
  });
});
