import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wcagViolations } from './axe';
import { app, launchBrowser, mailToContaining, newPage, uniqueEmail } from './browser';

/**
 * Issue 25's guest checkout (decision 0046): a visitor with no account opens a product, buys it as
 * a guest with an e-mail address and the test card, downloads from the receipt page, then claims the
 * account from the e-mailed link and finds the order in it.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'Harbour-quill-58';

interface ListedProduct {
  id: string;
  title: string;
  price: number;
  pay_what_you_want?: boolean;
}

/** A paid, fixed-price product of the demo catalogue. */
async function paidProduct(): Promise<ListedProduct> {
  const response = await fetch(`${app().baseUrl}/api/v1/products/?limit=50`);
  const body = (await response.json()) as { products: ListedProduct[] };
  const found = body.products.find((product) => product.price > 0 && !product.pay_what_you_want);
  if (!found) throw new Error('no paid product in the demo catalogue');
  return found;
}

describe('buying as a guest', () => {
  it('pays with only an e-mail address, downloads, and claims the account from the e-mail', async () => {
    const product = await paidProduct();
    const email = uniqueEmail('guest');
    const { context, page } = await newPage(browser);

    await page.goto(`/products/${product.id}`);
    await page.getByRole('link', { name: 'Buy as guest' }).click();
    await page.getByRole('heading', { name: 'Buy as a guest', level: 1 }).waitFor();
    expect(await wcagViolations(page)).toEqual([]);

    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Expiry month').fill('12');
    await page.getByLabel('Expiry year').fill(String(new Date().getFullYear() + 2));
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();

    await page.getByRole('heading', { name: 'Thank you for your purchase' }).waitFor();
    expect(page.url()).toMatch(/\/guest\/orders\/[0-9a-f-]{36}/);
    // The download links load after the heading: wait for them rather than count at once.
    await page
      .getByRole('link', { name: new RegExp(product.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .first()
      .waitFor({ timeout: 30_000 });
    expect(await wcagViolations(page)).toEqual([]);

    // The mail with the receipt page and the claim link (the receipt itself may be written after it, or before).
    const mail = await mailToContaining(email, '/claim-account?token=', 30_000);
    const claimPath = mail.match(/\/claim-account\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(claimPath).toBeTruthy();

    // Another browser (the e-mail opened elsewhere): the claim link signs in to the orders.
    const other = await newPage(browser);
    await other.page.goto(claimPath as string);
    await other.page.getByRole('heading', { name: 'Set your password' }).waitFor();
    expect(await wcagViolations(other.page)).toEqual([]);
    await other.page.getByLabel('New password').fill(PASSWORD);
    await other.page.getByLabel('Confirm password').fill(PASSWORD);
    await other.page.getByRole('button', { name: 'Set password and sign in' }).click();
    await other.page.waitForURL('**/orders');
    await other.page.getByText(product.title).first().waitFor();

    // The link works once.
    const third = await newPage(browser);
    await third.page.goto(claimPath as string);
    await third.page.getByLabel('New password').fill(PASSWORD);
    await third.page.getByLabel('Confirm password').fill(PASSWORD);
    await third.page.getByRole('button', { name: 'Set password and sign in' }).click();
    await third.page.getByRole('alert').getByText('This link is invalid or has expired.').waitFor();

    await Promise.all([context.close(), other.context.close(), third.context.close()]);
  });
});
