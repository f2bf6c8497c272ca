import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, launchBrowser, newPage, snap } from './browser';
import { apiAs, newAccount, signIn } from './session';

/**
 * Licence keys: the demo seller switches them on for a product, a buyer pays and copies the key
 * from the success page, the seller guide's call verifies and activates it, /orders shows it in
 * use, and after the admin refunds the order the same call says refunded.
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
const PASSWORD = 'Ledger-lantern-84';

/** The guide's curl, as a script would send it: no token, JSON in and out. */
async function checkKey(path: 'verify' | 'activate', body: Record<string, string>) {
  const response = await fetch(`${app().baseUrl}/api/v1/licenses/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function fillCard(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill(String(new Date().getFullYear() + 2));
  await page.getByLabel('CVC').fill('123');
}

describe('licence keys', () => {
  it('are switched on by the seller, shown to the buyer, verified and activated, and refunded', async () => {
    // The seller switches keys on for one of their approved products, two activations each.
    const seller = await newPage(browser);
    await signIn(seller.page, SELLER.email, SELLER.password);
    const own = (await apiAs(seller.context, 'get', '/seller/products?status=approved&limit=1')) as {
      products: { id: string; title: string }[];
    };
    const product = own.products[0] as { id: string; title: string };
    await seller.page.goto('/seller');
    await seller.page.getByRole('button', { name: 'Set up licence keys for a product' }).click();
    const settings = seller.page.getByRole('form', { name: 'Licence key setting' });
    await settings.getByLabel('Product', { exact: true }).selectOption(product.id);
    await settings.getByLabel('Issue a licence key with every sale of this product').check();
    await settings.getByLabel('Activation limit').fill('2');
    await settings.getByRole('button', { name: 'Save', exact: true }).click();
    await seller.page.getByText('Licence settings saved').first().waitFor();
    await seller.page.getByRole('heading', { name: 'How to check a key from your app' }).waitFor();
    const guide = await seller.page.locator('pre').first().innerText();
    expect(guide).toContain(`${app().baseUrl}/api/v1/licenses/verify`);
    expect(guide).toContain(product.id);
    await snap(seller.page, 'seller-licence-keys');

    // A buyer pays with the test card; the success page shows the key.
    const buyer = await newAccount(browser, 'licence', PASSWORD);
    await apiAs(buyer.context, 'post', '/cart/add', { product_id: product.id, quantity: 1 });
    await buyer.page.goto('/checkout');
    await fillCard(buyer.page);
    await buyer.page.getByRole('button', { name: /^Pay \$/ }).click();
    await buyer.page.waitForURL('**/checkout/success');
    const keys = buyer.page.getByRole('list', { name: 'Your licence keys' });
    await keys.waitFor();
    const key = (await keys.locator('code').first().innerText()).trim();
    expect(key).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){5}$/);
    await snap(buyer.page, 'checkout-success-licence-key');

    // The seller's software checks and activates it.
    const verified = await checkKey('verify', { product_id: product.id, key });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ valid: true, status: 'active', activations: { used: 0, limit: 2 } });
    const activated = await checkKey('activate', { product_id: product.id, key, instance: 'e2e-laptop' });
    expect(activated.body).toMatchObject({ valid: true, changed: true, activations: { used: 1, limit: 2 } });

    // /orders shows the key in use; the seller sees it beside the sale.
    await buyer.page.goto('/orders');
    const onOrders = buyer.page.getByRole('list', { name: 'Your licence keys' }).getByRole('listitem').first();
    await onOrders.getByText('1 of 2 activations used', { exact: false }).waitFor();
    await onOrders.getByText('Activated on: e2e-laptop').waitFor();
    await seller.page.reload();
    await seller.page.getByText(key).waitFor();

    // The buyer asks for a refund, the admin approves it: the same call says refunded.
    const order = (await apiAs(buyer.context, 'get', '/licenses/mine')) as { licenses: { order_id: string }[] };
    const orderId = order.licenses[0]?.order_id as string;
    await apiAs(buyer.context, 'post', `/orders/${orderId}/request-refund`, { reason: 'It does not run on my machine' });
    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN.email, ADMIN.password, '/admin/login');
    await apiAs(admin.context, 'put', `/admin/orders/${orderId}/refund`, { decision: 'approve' });
    const refunded = await checkKey('verify', { product_id: product.id, key });
    expect(refunded.body).toMatchObject({ valid: false, status: 'refunded', refunded: true });
    await buyer.page.reload();
    await buyer.page.getByRole('list', { name: 'Your licence keys' }).getByText('Refunded').first().waitFor();

    await Promise.all([seller.context.close(), buyer.context.close(), admin.context.close()]);
  });
});
