import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newPage, uniqueEmail } from './browser';

/** Signing in through the UI and calling the API as the signed-in browser, shared by the journeys. */

/** Fills the sign-in form and submits it, without waiting for the outcome (for journeys that test a refusal). */
export async function submitSignIn(page: Page, email: string, password: string, loginPath = '/login'): Promise<void> {
  await page.goto(loginPath);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in through the UI and waits until the app has left the sign-in page. */
export async function signIn(page: Page, email: string, password: string, loginPath = '/login'): Promise<void> {
  await submitSignIn(page, email, password, loginPath);
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

/** A bearer token for a context's session (its refresh cookie), for the odd direct API call. */
export async function accessToken(context: BrowserContext): Promise<string> {
  const refreshed = await context.request.post('/api/v1/auth/refresh');
  expect(refreshed.status()).toBe(200);
  return ((await refreshed.json()) as { access_token: string }).access_token;
}

/** Calls the API as the context's user and expects success; answers the JSON body. */
export async function apiAs(context: BrowserContext, method: 'get' | 'post' | 'put', url: string, data?: unknown) {
  const response = await context.request[method](`/api/v1${url}`, {
    headers: { Authorization: `Bearer ${await accessToken(context)}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

/** A new account registered through the API and signed in through the UI, in a browser profile of its own. */
export async function newAccount(browser: Browser, prefix: string, password: string) {
  const { context, page } = await newPage(browser);
  const email = uniqueEmail(prefix);
  const registered = await page.request.post('/api/v1/auth/register', {
    data: { first_name: prefix, last_name: 'Tester', email, password },
  });
  expect(registered.status()).toBe(201);
  await context.clearCookies();
  await signIn(page, email, password);
  return { context, page, email };
}
