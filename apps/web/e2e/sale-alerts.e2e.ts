import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wcagViolations } from './axe';
import { launchBrowser, mailToContaining, newPage, snap } from './browser';
import { apiAs, newAccount, signIn } from './session';

/**
 * "You made a sale" (issue 25): a new buyer pays for one of the demo seller's products; the seller
 * gets the sale e-mail with their share and the notification in the bell, then turns the sale
 * e-mails off on /profile (and back on, for the other journeys).
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

describe('sale alerts', () => {
  it('tell the seller of a sale by e-mail and in the bell, and the e-mails can be turned off', async () => {
    const seller = await newPage(browser);
    await signIn(seller.page, SELLER.email, SELLER.password);
    const own = (await apiAs(seller.context, 'get', '/seller/products?status=approved&limit=5')) as {
      products: { id: string; title: string }[];
    };
    const product = (own.products[2] ?? own.products[0]) as { id: string; title: string };

    const buyer = await newAccount(browser, 'sale-alert', PASSWORD);
    await apiAs(buyer.context, 'post', '/cart/add', { product_id: product.id, quantity: 1 });
    const checkout = (await apiAs(buyer.context, 'post', '/orders/checkout', { billing_country: 'US' })) as {
      payment_intent_id: string;
      order_number: string;
    };
    await apiAs(buyer.context, 'post', `/payments/confirm-payment/${checkout.payment_intent_id}`, {
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: new Date().getFullYear() + 2,
      cvc: '123',
    });

    const mail = await mailToContaining(SELLER.email, checkout.order_number, 30_000);
    expect(mail).toContain('You made a sale');
    expect(mail).toContain('You will receive');

    await seller.page.goto('/seller');
    await seller.page.getByRole('button', { name: 'Notifications' }).click();
    await seller.page
      .getByRole('dialog', { name: 'Notifications' })
      .getByText(`You made a sale: ${product.title}`)
      .first()
      .waitFor();
    await seller.page.keyboard.press('Escape');

    await seller.page.goto('/profile');
    const emails = seller.page.getByLabel('Also e-mail me about every sale and refund');
    expect(await emails.isChecked()).toBe(true);
    await emails.uncheck();
    await seller.page.getByText('Sale e-mails turned off').first().waitFor();
    expect((await apiAs(seller.context, 'get', '/seller/sale-alerts')) as { emails: boolean }).toEqual({ emails: false });
    expect(await wcagViolations(seller.page), 'profile with sale alerts').toEqual([]);
    await snap(seller.page, 'sale-alerts-profile');
    await emails.check();
    await seller.page.getByText('Sale e-mails turned on').first().waitFor();

    await Promise.all([seller.context.close(), buyer.context.close()]);
  });
});
