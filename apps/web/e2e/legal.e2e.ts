import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, launchBrowser, newPage, snap, uniqueEmail } from './browser';

/** Legal pages from the register form, their table of contents, and a contact message that reaches the admins. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ADMIN = { email: 'admin@example.com', password: 'Admin-demo-2026' };

/** The outbox e-mail whose text contains `needle` (quoted-printable soft breaks undone). */
async function mailContaining(needle: string, timeoutMs = 15_000): Promise<string> {
  const outbox = path.join(app().dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(outbox)) {
      for (const file of fs.readdirSync(outbox)) {
        const raw = fs
          .readFileSync(path.join(outbox, file), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        if (raw.includes(needle)) return raw;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No e-mail containing "${needle}" in ${outbox}`);
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

describe('legal pages and the contact form', () => {
  it('opens the terms from the register form; the table of contents scrolls to a section and highlights it', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/register');
    const [terms] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Terms of Service' }).click(),
    ]);
    await terms.waitForLoadState();
    await terms.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    expect(new URL(terms.url()).pathname).toBe('/terms');
    // The split of each sale is stated once the shop's settings have arrived.
    await terms
      .getByText(/\d+% is the platform fee, 10% goes to the AI token pool/)
      .first()
      .waitFor();
    const body = (await terms.locator('main').textContent()) ?? '';
    expect(body).toContain('Effective August 8, 2025');
    expect(body).toMatch(/\d+% is the platform fee, 10% goes to the AI token pool and the remaining \d+% is your earnings/);
    expect(body).not.toContain('being prepared');
    // The form the visitor was filling in is still there.
    expect(await page.getByLabel('First name').isVisible()).toBe(true);

    const toc = terms.getByRole('navigation', { name: 'On this page' });
    const payment = toc.getByRole('link', { name: '5. Payment Terms' });
    await payment.click();
    await expect.poll(() => payment.getAttribute('aria-current')).toBe('location');
    await expect
      .poll(() => terms.evaluate(() => document.getElementById('payment-terms')?.getBoundingClientRect().top ?? -1))
      .toBeLessThanOrEqual(100);
    expect(
      await terms.evaluate(() => document.getElementById('payment-terms')?.getBoundingClientRect().top),
    ).toBeGreaterThanOrEqual(0);
    expect(new URL(terms.url()).hash).toBe('#payment-terms');
    // Sticky: the table of contents is still on screen down the page.
    expect(await toc.isVisible()).toBe(true);
    expect(await toc.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    await snap(terms, 'terms-payment-section');

    const backToTop = terms.getByRole('button', { name: 'Back to top' });
    await backToTop.click();
    await expect.poll(() => scrollY(terms)).toBe(0);
    await backToTop.waitFor({ state: 'hidden' });
    await expect
      .poll(() => toc.getByRole('link', { name: '1. Acceptance of Terms' }).getAttribute('aria-current'))
      .toBe('location');
    await context.close();
  });

  it('fits a 360 px screen without sideways scrolling', async () => {
    const context = await browser.newContext({ baseURL: app().baseUrl, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    for (const route of ['/privacy', '/terms', '/contact']) {
      await page.goto(route);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, route).toBeLessThanOrEqual(360);
    }
    await context.close();
  });

  it('sends a contact message that is e-mailed to the admin address and shown to admins, who mark it handled', async () => {
    const subject = `Invoice question ${Date.now().toString(36)}`;
    const sender = uniqueEmail('contact');
    const visitor = await newPage(browser);
    await visitor.page.goto('/contact');
    await visitor.page.getByLabel('Your name').fill('Grace Hopper');
    await visitor.page.getByLabel('Your email').fill(sender);
    await visitor.page.getByLabel('Subject').fill(subject);
    await visitor.page.getByLabel('Message').fill('Could you send me an invoice for my last order, please?');
    await visitor.page.getByRole('button', { name: 'Send message' }).click();
    await visitor.page
      .getByRole('form', { name: 'Contact form' })
      .getByText(/Your message reached our team/)
      .waitFor();
    await visitor.context.close();

    const mail = await mailContaining(`Contact form: ${subject}`);
    expect(mail).toContain(`To: ${ADMIN.email}`);
    expect(mail).toContain(`Reply-To: ${sender}`);

    const admin = await newPage(browser);
    await admin.page.goto('/admin/login');
    await admin.page.getByLabel('Email').fill(ADMIN.email);
    await admin.page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await admin.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await admin.page.waitForURL((url) => url.pathname === '/admin');
    await admin.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Messages' }).click();
    await admin.page.getByRole('heading', { level: 1, name: 'Contact messages' }).waitFor();
    const row = admin.page.getByRole('row').filter({ hasText: subject });
    await row.waitFor();
    expect(await row.textContent()).toContain('Could you send me an invoice');
    await snap(admin.page, 'admin-contact-messages');
    await row.getByRole('button', { name: `Mark handled: ${subject}` }).click();
    await row.waitFor({ state: 'detached' });
    await admin.page.getByRole('button', { name: 'Handled', exact: true }).click();
    await admin.page.getByRole('row').filter({ hasText: subject }).waitFor();
    await admin.context.close();
  });
});
