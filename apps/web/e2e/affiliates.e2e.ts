import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, launchBrowser, newPage, snap } from './browser';
import { apiAs, newAccount as createAccount, signIn } from './session';

/**
 * The referral loop: a member copies their link from /affiliate, a buyer follows it and pays, and
 * the member sees the click, the sale and the commission, each equal to what the ledger says; the
 * admin sees the member in the programme overview.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ADMIN = { email: 'admin@example.com', password: 'Admin-demo-2026' };
const PASSWORD = 'Referral-ribbon-73';

function newAccount(prefix: string) {
  return createAccount(browser, prefix, PASSWORD);
}

const dollars = (amount: number) => `$${amount.toFixed(2)}`;

function statCard(page: Page, label: string) {
  return page.getByRole('list', { name: 'Your referral figures' }).getByRole('listitem').filter({ hasText: label });
}

describe('affiliates', () => {
  it('credits a member with the sale a buyer made through their copied link', async () => {
    // Member A finds the programme through the footer and copies their link.
    const member = await newAccount('referrer');
    await member.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app().baseUrl });
    await member.page.goto('/');
    await member.page.getByRole('contentinfo').getByRole('link', { name: 'Affiliate program' }).click();
    await member.page.waitForURL('**/affiliate');
    await member.page.getByRole('heading', { name: 'Your referral link' }).waitFor();
    await member.page.getByRole('button', { name: 'Copy link' }).click();
    await member.page.getByText('Link copied to the clipboard').waitFor();
    const link = await member.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${app().baseUrl}/r/[a-z2-9]{10}$`));
    expect(await member.page.getByLabel('Referral link').inputValue()).toBe(link);
    await snap(member.page, 'affiliate-empty');

    // Buyer B signs in, follows the link and pays for a catalogue product with the test card.
    const buyer = await newAccount('referred');
    await buyer.page.goto(link);
    await buyer.page.waitForURL(`${app().baseUrl}/`);
    // The storefront refreshes its session on load; let it finish before the API calls rotate it again.
    await buyer.page.waitForLoadState('networkidle');
    const cookie = (await buyer.context.cookies()).find((c) => c.name === 'mkt_ref');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1' });
    const catalogue = (await (await buyer.context.request.get('/api/v1/products?limit=1')).json()) as {
      products: { id: string; price: number }[];
    };
    const product = catalogue.products[0] as { id: string; price: number };
    await apiAs(buyer.context, 'post', '/cart/add', { product_id: product.id, quantity: 1 });
    await buyer.page.goto('/checkout');
    await buyer.page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await buyer.page.getByLabel('Expiry month').fill('12');
    await buyer.page.getByLabel('Expiry year').fill(String(new Date().getFullYear() + 2));
    await buyer.page.getByLabel('CVC').fill('123');
    await buyer.page.getByRole('button', { name: `Pay ${dollars(product.price)}` }).click();
    await buyer.page.getByRole('heading', { name: 'Payment successful' }).waitFor();

    // A sees the click, the sale and the pending commission: 5% of what B paid, as the API reports it.
    const figures = await apiAs(member.context, 'get', '/affiliates/me');
    const commission = Math.floor(Math.round(product.price * 100) * 0.05) / 100;
    expect(figures.stats).toMatchObject({ clicks: 1, orders: 1, sales: product.price, earnings_pending: commission });
    await member.page.reload();
    await expect.poll(async () => statCard(member.page, 'Referred orders').innerText(), { timeout: 20_000 }).toContain('1');
    expect(await statCard(member.page, 'Clicks').innerText()).toContain('1');
    expect(await statCard(member.page, 'Referred sales').innerText()).toContain(dollars(product.price));
    expect(await statCard(member.page, 'Pending commission').innerText()).toContain(dollars(commission));
    const sale = member.page.getByRole('table', { name: 'Referred sales' }).getByRole('row').nth(1);
    expect(await sale.innerText()).toMatch(
      new RegExp(`\\${dollars(product.price)}[\\s\\S]*\\${dollars(commission)}[\\s\\S]*Pending`),
    );
    expect(await sale.innerText()).not.toContain(buyer.email);
    await snap(member.page, 'affiliate-sale');

    // A `?ref=` on any page works the same way: the server sets the cookie, the address is cleaned.
    const visitor = await newPage(browser);
    const code = link.split('/r/')[1] as string;
    await visitor.page.goto(`/products?ref=${code}`);
    await visitor.page.waitForURL((url) => url.pathname === '/products' && !url.search.includes('ref='));
    await expect.poll(async () => (await visitor.context.cookies()).some((c) => c.name === 'mkt_ref')).toBe(true);

    // The admin sees the member in the programme overview.
    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN.email, ADMIN.password, '/admin/login');
    await admin.page.goto('/admin/affiliates');
    await admin.page.getByLabel('Commission (%)').waitFor();
    expect(await admin.page.getByLabel('Commission (%)').inputValue()).toBe('5');
    const row = admin.page
      .getByRole('table', { name: 'Members with a referral link' })
      .getByRole('row')
      .filter({ hasText: member.email });
    await row.waitFor();
    expect(await row.innerText()).toContain(dollars(commission));
    await snap(admin.page, 'affiliate-admin');

    for (const context of [member.context, buyer.context, visitor.context, admin.context]) await context.close();
  });
});
