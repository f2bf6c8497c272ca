import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snap } from './browser';
import { accessToken, apiAs, newAccount as createAccount, signIn } from './session';

/**
 * Money out: a sale is held for the refund window, the admin shortens the hold, runs the payouts,
 * and the seller's balance, history and statement (on the page and in the CSV) show the payout,
 * each figure equal to what the API computes from the ledger.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ADMIN = { email: 'admin@example.com', password: 'Admin-demo-2026' };
const PASSWORD = 'Ledger-lantern-84';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function newAccount(prefix: string) {
  return createAccount(browser, prefix, PASSWORD);
}

function balanceCard(page: Page, label: string) {
  return page.getByRole('list', { name: 'Your balance' }).getByRole('listitem').filter({ hasText: label });
}

async function balanceFigure(page: Page, label: string): Promise<string> {
  const card = balanceCard(page, label);
  await expect.poll(async () => (await card.innerText()).includes('$'), { timeout: 20_000 }).toBe(true);
  return (await card.innerText()).replace(label, '').trim();
}

const dollars = (amount: number) => `${amount < 0 ? '-' : ''}$${Math.abs(amount).toFixed(2)}`;

describe('seller payouts', () => {
  it('holds a sale, pays it out after the hold and shows it on the statement', async () => {
    const stamp = Date.now().toString(36);
    const title = `Payout Journey Kit ${stamp}`;

    // The admin keeps payouts manual with the 30-day hold.
    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN.email, ADMIN.password, '/admin/login');
    await apiAs(admin.context, 'put', '/payments/admin/settings', {
      payout_schedule: 'manual',
      hold_days: 30,
      minimum_payout: 0,
    });

    // A new seller lists a product (through the API) and the admin approves it.
    const seller = await newAccount('payee');
    await apiAs(seller.context, 'post', '/seller/become', { accept_terms: true });
    const created = await seller.context.request.post('/api/v1/seller/products', {
      headers: { Authorization: `Bearer ${await accessToken(seller.context)}` },
      multipart: {
        title,
        description: 'Prompts and notes for the payout journey, with examples.',
        short_description: 'Payout journey',
        price: '50.00',
        category: 'prompt-packs',
        license: 'standard',
        images: { name: 'cover.png', mimeType: 'image/png', buffer: PNG },
        files: { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(`Notes ${stamp}\n`) },
      },
    });
    expect(created.status()).toBe(201);
    const productId = ((await created.json()) as { product: { id: string } }).product.id;
    await apiAs(admin.context, 'put', `/admin/products/${productId}/approve`);

    // The seller adds a payout account on /seller.
    await seller.page.goto('/seller');
    const payouts = seller.page.getByRole('region', { name: 'Payouts' });
    await payouts.getByLabel('Account holder').fill('Payee Tester');
    await payouts.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await payouts.getByRole('button', { name: 'Save payout account' }).click();
    await payouts.getByText('DE •••• 3000').waitFor();

    // A buyer pays for the product with the test card.
    const buyer = await newAccount('payer');
    await apiAs(buyer.context, 'post', '/cart/add', { product_id: productId, quantity: 1 });
    await buyer.page.goto('/checkout');
    await buyer.page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await buyer.page.getByLabel('Expiry month').fill('12');
    await buyer.page.getByLabel('Expiry year').fill(String(new Date().getFullYear() + 2));
    await buyer.page.getByLabel('CVC').fill('123');
    await buyer.page.getByRole('button', { name: 'Pay $50.00' }).click();
    await buyer.page.getByRole('heading', { name: 'Payment successful' }).waitFor();

    // The sale is held: pending on the page and in the ledger, nothing available yet.
    const held = await apiAs(seller.context, 'get', '/seller/payouts/balance');
    expect(held).toMatchObject({ pending: 40, available: 0, paid_out: 0 });
    await seller.page.reload();
    expect(await balanceFigure(seller.page, 'Pending')).toBe(dollars(held.pending));
    expect(await balanceFigure(seller.page, 'Available')).toBe(dollars(held.available));
    const statement = seller.page.getByRole('table', { name: 'Statement' });
    await statement
      .getByRole('row')
      .filter({ hasText: title })
      .getByText(/Held until/)
      .waitFor();
    await snap(seller.page, 'payouts-held');

    // The admin ends the hold and runs the payouts from the console.
    await admin.page.goto('/admin/payments/settings');
    await admin.page.getByLabel('Hold days').fill('0');
    await admin.page.getByRole('button', { name: 'Save settings' }).click();
    await admin.page.getByText('Payout settings saved').waitFor();
    await admin.page.goto('/admin/payments/transfers');
    await admin.page.getByRole('button', { name: 'Run payouts now' }).click();
    await admin.page.getByText(/Payout run finished: \d+ of \d+ sellers paid/).waitFor();
    const row = admin.page.getByRole('table', { name: 'Payouts' }).getByRole('row').filter({ hasText: seller.email });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/\$40\.00[\s\S]*Paid[\s\S]*DE •••• 3000/);
    await snap(admin.page, 'payouts-admin-transfers');

    // The seller sees the payout: balance, history and statement equal the ledger.
    const paid = await apiAs(seller.context, 'get', '/seller/payouts/balance');
    expect(paid).toMatchObject({ pending: 0, available: 0, paid_out: 40 });
    await seller.page.reload();
    expect(await balanceFigure(seller.page, 'Paid out')).toBe(dollars(paid.paid_out));
    expect(await balanceFigure(seller.page, 'Available')).toBe(dollars(paid.available));
    expect(await balanceFigure(seller.page, 'Pending')).toBe(dollars(paid.pending));
    const history = seller.page.getByRole('table', { name: 'Payout history' });
    expect(await history.getByRole('row').nth(1).innerText()).toMatch(/\$40\.00[\s\S]*Paid[\s\S]*DE •••• 3000/);
    const payoutLine = statement.getByRole('row').filter({ hasText: 'Payout to DE •••• 3000' });
    expect(await payoutLine.innerText()).toContain('-$40.00');
    await snap(seller.page, 'payouts-paid');

    const download = seller.page.waitForEvent('download');
    await payouts.getByRole('button', { name: 'Download CSV' }).click();
    const csv = fs.readFileSync((await (await download).path()) as string, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('date,type,reference,description,amount_usd,available_on,status');
    expect(csv).toMatch(new RegExp(`,sale,[^,]+,${title},40\\.00,`));
    expect(csv).toMatch(/,payout,tr_test_[0-9a-f]+,Payout to DE •••• 3000,-40\.00,,paid/);

    await apiAs(admin.context, 'put', '/payments/admin/settings', { hold_days: 30 });
    for (const context of [admin.context, seller.context, buyer.context]) await context.close();
  });
});
