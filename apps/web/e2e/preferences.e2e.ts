import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, launchBrowser, newPage, snap, uniqueEmail } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'Prefer-ences-2026';

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/dashboard');
}

const html = (page: Page) =>
  page.evaluate(() => ({
    lang: document.documentElement.lang,
    classes: [...document.documentElement.classList],
    fontSize: document.documentElement.style.fontSize,
  }));

describe('languages and display preferences', () => {
  it('takes the first guess from the browser, and a visitor’s choice survives a reload', async () => {
    const context = await browser.newContext({ baseURL: app().baseUrl, locale: 'ja-JP', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByLabel('言語').first().waitFor();
    expect((await html(page)).lang).toBe('ja');

    await page.getByLabel('言語').first().selectOption('de');
    await page.getByLabel('Sprache').first().waitFor();
    await page.reload();
    await page.getByLabel('Sprache').first().waitFor();
    expect((await html(page)).lang).toBe('de');
    await context.close();
  });

  it('keeps a signed-in user’s preferences on the account: a new browser gets them at sign-in', async () => {
    const email = uniqueEmail('prefs');
    const first = await newPage(browser);
    const registered = await first.page.request.post('/api/v1/auth/register', {
      data: { first_name: 'Pref', last_name: 'Erence', email, password: PASSWORD },
    });
    expect(registered.status()).toBe(201);
    await first.context.clearCookies();

    await signIn(first.page, email);
    await first.page.goto('/profile');
    await first.page.getByRole('heading', { name: 'Preferences' }).waitFor();
    await first.page.getByRole('radio', { name: 'Extra large' }).check();
    await first.page.getByRole('checkbox', { name: 'High contrast' }).check();
    await first.page.getByRole('radio', { name: 'Dark' }).check();
    await first.page.getByRole('status').getByText('Saved to your account').waitFor();
    await snap(first.page, 'profile-preferences-high-contrast-dark');
    await first.context.close();

    const second = await newPage(browser);
    await signIn(second.page, email);
    await expect.poll(async () => (await html(second.page)).fontSize).toBe('20px');
    expect((await html(second.page)).classes).toEqual(expect.arrayContaining(['dark', 'high-contrast']));
    // Remembered in this browser too, so the next visit paints them before the app starts.
    const stored = await second.page.evaluate(() => JSON.parse(localStorage.getItem('themePreferences') ?? '{}'));
    expect(stored).toMatchObject({ fontSize: 'extra-large', highContrast: true, currentTheme: 'dark' });
    await second.context.close();
  });
});
