import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo, launchBrowser, newPage, snap, uniqueEmail } from './browser';
import { submitSignIn } from './session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
}

async function seriousAccessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

describe('accounts', () => {
  it('registers, signs out, signs back in and edits the profile', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('journey');
    await page.goto('/register');
    await page.getByLabel('First name').waitFor();
    await snap(page, 'register');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The spec's messages appear before anything reaches the server.
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByText('First name is required').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('You must agree to the Terms of Service').isVisible()).toBe(true);

    await page.getByLabel('First name').fill('Journey');
    await page.getByLabel('Last name').fill('Tester');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Copper-kettle-58');
    await page.getByLabel('Confirm password').fill('Copper-kettle-58');
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByText('Account Created!').isVisible()).toBe(true);
    await snap(page, 'dashboard-after-register');

    // The session survives a reload (refresh cookie), then sign out.
    await page.reload();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    await signOut(page);

    // A wrong password shows the inline error; the right one signs in.
    await submitSignIn(page, email, 'Not-my-password-1');
    await expect.poll(() => page.getByText('Authentication Error').isVisible()).toBe(true);
    await snap(page, 'login-error');
    await page.getByLabel('Password', { exact: true }).fill('Copper-kettle-58');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');

    await page.goto('/profile');
    await page.getByLabel('First name').fill('Renamed');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText('Profile updated').isVisible()).toBe(true);
    await page.reload();
    await expect.poll(async () => page.getByLabel('First name').inputValue()).toBe('Renamed');
    await snap(page, 'profile');
    await context.close();
  });

  it('resets a forgotten password through the e-mailed link', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('forgetful');
    // Register through the API, as another device would have.
    const registered = await page.request.post('/api/v1/auth/register', {
      data: { first_name: 'Forgetful', last_name: 'User', email, password: 'Original-pass-41' },
    });
    expect(registered.status()).toBe(201);
    await context.clearCookies();

    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.getByText('Check your email').isVisible()).toBe(true);
    await snap(page, 'forgot-password-sent');

    const mail = await latestMailTo(email);
    const link = mail.match(/https?:\/\/\S+reset-password\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link as string);
    await page.getByLabel('New password').fill('Brand-new-pass-77');
    await page.getByLabel('Confirm password').fill('Brand-new-pass-77');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL('**/login');

    await submitSignIn(page, email, 'Original-pass-41');
    await expect.poll(() => page.getByText('Authentication Error').isVisible()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill('Brand-new-pass-77');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/dashboard');

    // The link works once.
    await page.goto(link as string);
    await page.getByLabel('New password').fill('Another-pass-99');
    await page.getByLabel('Confirm password').fill('Another-pass-99');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect.poll(() => page.getByText('This reset link is invalid or has expired.').first().isVisible()).toBe(true);
    await context.close();
  });

  it('shows Access Denied to a buyer opening /admin, and lets the admin in through /admin/login', async () => {
    const { context, page } = await newPage(browser);
    await submitSignIn(page, 'buyer@example.com', 'Buyer-demo-2026');
    await page.waitForURL('**/dashboard');
    await page.goto('/admin');
    await expect.poll(() => page.getByText('Access Denied').isVisible()).toBe(true);
    const text = await page.locator('main, body').first().innerText();
    expect(text).toMatch(/admin/);
    expect(text).toMatch(/buyer/);
    await snap(page, 'access-denied');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL('**/dashboard');
    await context.close();

    const admin = await newPage(browser);
    await admin.page.goto('/admin/login');
    await admin.page.getByLabel('Email').fill('buyer@example.com');
    await admin.page.getByLabel('Password', { exact: true }).fill('Buyer-demo-2026');
    await admin.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => admin.page.getByText('Admin access required').first().isVisible()).toBe(true);
    await admin.page.getByLabel('Email').fill('admin@example.com');
    await admin.page.getByLabel('Password', { exact: true }).fill('Admin-demo-2026');
    await admin.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await admin.page.waitForURL((url) => url.pathname === '/admin');
    await snap(admin.page, 'admin-home');
    await admin.context.close();
  });

  it('keeps the chosen theme across reloads and shows the not-found page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await snap(page, 'home-light');
    await page
      .getByRole('button', { name: /dark|theme/i })
      .first()
      .click();
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await snap(page, 'home-dark');
    await page.goto('/no-such-page');
    await page.getByRole('link', { name: 'Go to the home page' }).waitFor();
    expect(await page.locator('header').count()).toBe(0);
    await snap(page, 'not-found');
    await context.close();
  });
});
