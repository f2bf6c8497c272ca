import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wcagViolations } from './axe';
import { launchBrowser, mailToContaining, newPage, notBusy, snap } from './browser';
import { newAccount, signIn } from './session';

/** Tax (decision 0044): a buyer billed in Germany pays net + 19% VAT; the admin's report counts it. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

/** The amount beside a price row whose label matches. */
async function row(page: Page, label: RegExp): Promise<number> {
  return money(await page.locator('dt', { hasText: label }).first().locator('xpath=following-sibling::dd').textContent());
}

describe('tax', () => {
  it('a German buyer sees net, VAT 19% (DE) and the gross before paying, pays it, and the admin’s report counts it', async () => {
    const { context, page, email } = await newAccount(browser, 'taxed', 'Ledger-lantern-84');
    const add = page.getByRole('button', { name: 'Add to cart' });
    await add.first().waitFor();
    await add.first().click();
    await expect.poll(() => page.getByRole('link', { name: 'Cart, 1 item' }).count(), { timeout: 15_000 }).toBe(1);

    await page.goto('/checkout');
    await page.getByLabel('Country').selectOption('DE');
    await expect.poll(() => page.locator('dt', { hasText: /^VAT 19% \(DE\)$/ }).count(), { timeout: 15_000 }).toBe(1);
    const net = await row(page, /^Subtotal$/);
    const tax = await row(page, /^VAT 19% \(DE\)$/);
    const total = await row(page, /^Total$/);
    expect(tax).toBe(Math.round(net * 19) / 100);
    expect(Math.round(total * 100)).toBe(Math.round(net * 100) + Math.round(tax * 100));
    expect(await wcagViolations(page, { seriousOnly: true })).toEqual([]);
    await snap(page, 'checkout-tax');

    await page.getByLabel('Card number').fill('4000 0027 6000 0016');
    await page.getByLabel('Expiry month').fill('12');
    await page.getByLabel('Expiry year').fill(String(new Date().getFullYear() + 2));
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: `Pay $${total.toFixed(2)}` }).click();
    await page.waitForURL('**/checkout/success');
    await expect.poll(() => page.locator('dt', { hasText: /^VAT 19% \(DE\)$/ }).count(), { timeout: 15_000 }).toBe(1);
    expect(await row(page, /^Total$/)).toBe(total);
    const receipt = await mailToContaining(email, 'VAT 19% (DE)');
    expect(receipt).toContain(`$${total.toFixed(2)}`);
    await context.close();

    const admin = await newPage(browser);
    await signIn(admin.page, 'admin@example.com', 'Admin-demo-2026', '/admin/login');
    await admin.page.goto('/admin/tax');
    const report = admin.page.getByRole('table', { name: /^Tax by billing country/ });
    await report.waitFor();
    await notBusy(admin.page);
    const germany = report.getByRole('row').filter({ hasText: 'Germany (DE)' });
    await expect.poll(() => germany.count(), { timeout: 15_000 }).toBe(1);
    expect(money(await germany.getByRole('cell').nth(3).textContent())).toBeGreaterThanOrEqual(tax);
    const rates = admin.page.getByRole('table', { name: 'Tax rates' });
    expect(await rates.getByRole('row').filter({ hasText: 'Germany (DE)' }).innerText()).toContain('19%');
    expect(await wcagViolations(admin.page, { seriousOnly: true })).toEqual([]);
    await snap(admin.page, 'admin-tax');
    await admin.context.close();
  });
});
