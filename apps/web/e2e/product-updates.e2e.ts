import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wcagViolations } from './axe';
import { launchBrowser, mailToContaining, newPage, snap } from './browser';
import { apiAs, newAccount, signIn } from './session';

/**
 * Updates to past buyers: the demo seller posts an update note about a product a new buyer paid
 * for; the job sends it (notification and e-mail); the product page shows the note; the buyer
 * follows the e-mail's unsubscribe link, confirms, and finds the product muted on /profile, where
 * turning it back on can be undone.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SELLER = { email: 'seller@example.com', password: 'Seller-demo-2026' };
const PASSWORD = 'Harbour-window-37';

describe('updates to past buyers', () => {
  it('reach the buyer in-app and by e-mail, show on the product page, and are muted from the e-mail', async () => {
    const seller = await newPage(browser);
    await signIn(seller.page, SELLER.email, SELLER.password);
    const own = (await apiAs(seller.context, 'get', '/seller/products?status=approved&limit=5')) as {
      products: { id: string; title: string }[];
    };
    // Not the licence-keys journey's product (it refunds its order meanwhile): any approved one will do.
    const product = (own.products[1] ?? own.products[0]) as { id: string; title: string };

    // A buyer pays for it.
    const buyer = await newAccount(browser, 'updates', PASSWORD);
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

    // The seller writes a note to the product's past buyers.
    const title = `Twenty new prompts ${Date.now().toString(36)}`;
    await seller.page.goto('/seller');
    await seller.page.getByRole('button', { name: 'Write an update' }).click();
    await seller.page.getByRole('combobox', { name: 'Product', exact: true }).selectOption(product.id);
    const form = seller.page.getByRole('form', { name: 'Update note to past buyers' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Update (markdown)').fill('Version 2 adds **twenty** new prompts and a checklist.');
    await form.getByRole('button', { name: 'Send to past buyers' }).click();
    await seller.page.getByText('Update posted: it is on its way to your past buyers').first().waitFor();

    // The job sends it: the buyer's e-mail, with the one-click unsubscribe headers.
    const mail = await mailToContaining(buyer.email, title, 60_000);
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail).toContain(`You get this e-mail because you bought ${product.title}.`);
    const link = mail.match(/\/product-updates\/unsubscribe\?token=[A-Za-z0-9_.-]+/)?.[0];
    expect(link).toBeTruthy();

    // The seller sees it sent (the list refreshes while mails are queued).
    await seller.page
      .getByText(/[1-9]\d* sent · 0 queued/)
      .first()
      .waitFor({ timeout: 30_000 });
    await snap(seller.page, 'seller-product-updates');

    // The buyer's notification centre and the product page have it.
    await buyer.page.goto('/orders');
    await buyer.page.getByRole('button', { name: 'Notifications' }).click();
    await buyer.page.getByRole('dialog', { name: 'Notifications' }).getByText(title, { exact: false }).waitFor();
    await buyer.page.keyboard.press('Escape');
    await buyer.page.goto(`/products/${product.id}`);
    const notes = buyer.page.getByRole('region', { name: 'Updates from the seller' });
    await notes.getByRole('heading', { name: title }).waitFor();
    // The markdown renderer is a lazy chunk: the note's title shows before its body does.
    await notes.locator('strong', { hasText: 'twenty' }).first().waitFor();
    expect(await notes.locator('strong', { hasText: 'twenty' }).count()).toBe(1);
    expect(await wcagViolations(buyer.page), 'product page with update notes').toEqual([]);

    // The e-mail's link asks first, then mutes the product without signing in.
    const stranger = await newPage(browser);
    await stranger.page.goto(link as string);
    await stranger.page.getByText(`Stop e-mails and notifications about ${product.title}?`).waitFor();
    expect(await wcagViolations(stranger.page), 'unsubscribe page').toEqual([]);
    await stranger.page.getByRole('button', { name: 'Stop updates about this product' }).click();
    await stranger.page.getByText(`You will get no more updates about ${product.title}.`).waitFor();
    await snap(stranger.page, 'product-updates-unsubscribed');

    // /profile lists the product as muted; turning it back on can be undone.
    await buyer.page.goto('/profile');
    const settings = buyer.page.getByRole('region', { name: 'Products you muted' });
    await settings.getByRole('link', { name: product.title }).waitFor();
    await settings.getByRole('button', { name: `Turn updates about ${product.title} back on` }).click();
    await settings.getByRole('button', { name: `Undo: mute ${product.title} again` }).click();
    await settings.getByRole('button', { name: `Turn updates about ${product.title} back on` }).waitFor();
    expect(await wcagViolations(buyer.page), 'profile with product updates').toEqual([]);
    const preferences = (await apiAs(buyer.context, 'get', '/product-updates/preferences')) as {
      muted_products: { product_id: string }[];
    };
    expect(preferences.muted_products.map((muted) => muted.product_id)).toEqual([product.id]);

    await Promise.all([seller.context.close(), buyer.context.close(), stranger.context.close()]);
  });
});
