import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, ConsoleMessage, FrameLocator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The buy button journeys' shared parts (buy-button.e2e.ts, sell-like-a-creator.e2e.ts): the shop's
 * API from the test process, a seller's pay-what-you-want product, the "other site" on a second
 * loopback port with its owner's strict policy, a page of it in a fresh profile, and the overlay.
 */

export const SELLER = { email: 'seller@example.com', password: 'Seller-demo-2026' };
export const ADMIN = { email: 'admin@example.com', password: 'Admin-demo-2026' };
/** A 1×1 PNG: the cover a product needs. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Calls the shop's API and expects success; answers the JSON body. */
export async function shopApi<T>(
  shop: string,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(`${shop}/api/v1${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/**
 * The demo seller lists a pay-what-you-want product (at least $3, suggested $9) with one file; the
 * admin approves it. Answers its id and the seller's bearer header.
 */
export async function listPwywProduct(
  browser: Browser,
  shop: string,
  product: { title: string; description: string; shortDescription: string; fileName: string },
): Promise<{ productId: string; sellerAuth: Record<string, string> }> {
  const session = await shopApi<{ access_token: string }>(shop, 'POST', '/auth/login', SELLER);
  const sellerAuth = { authorization: `Bearer ${session.access_token}` };
  const seller = await browser.newContext({ baseURL: shop });
  const created = await seller.request.post('/api/v1/seller/products', {
    headers: sellerAuth,
    multipart: {
      title: product.title,
      description: product.description,
      short_description: product.shortDescription,
      price: '3.00',
      pay_what_you_want: 'true',
      suggested_price: '9.00',
      category: 'prompt-packs',
      license: 'standard',
      images: { name: 'cover.png', mimeType: 'image/png', buffer: PNG },
      files: { name: product.fileName, mimeType: 'text/plain', buffer: Buffer.from(`Prompts ${product.title}\n`) },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = ((await created.json()) as { product: { id: string } }).product.id;
  await seller.close();
  const admin = await shopApi<{ access_token: string }>(shop, 'POST', '/auth/login', ADMIN);
  await shopApi(shop, 'PUT', `/admin/products/${productId}/approve`, undefined, {
    authorization: `Bearer ${admin.access_token}`,
  });
  return { productId, sellerAuth };
}

/** Listens on 127.0.0.1:`port`; if another run holds it, on any free port (another origin all the same). Answers the port. */
export function listen(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' && port !== 0) resolve(listen(server, 0));
      else reject(error);
    });
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** Stops a server this journey started (if it ever listened). */
export function closeServer(server: http.Server | undefined): Promise<void> {
  return new Promise((resolve) => (server?.listening ? server.close(() => resolve()) : resolve()));
}

/** The page of the other site: its title as heading, then `body`. */
export interface HostPage {
  title: string;
  body: string;
}

/**
 * The seller's own site on a second loopback port: each path in `pages` answered under the strict
 * policy its owner chose (only the shop's script and frames), anything else 404.
 */
export async function startEmbedHost(
  shop: string,
  port: number,
  pages: Record<string, () => HostPage>,
): Promise<{ server: http.Server; origin: string }> {
  const csp = `default-src 'none'; script-src ${shop}; frame-src ${shop}; base-uri 'none'; form-action 'none'`;
  const server = http.createServer((request, response) => {
    const page = Object.hasOwn(pages, request.url ?? '') ? pages[request.url as string]?.() : undefined;
    if (!page) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${page.title}</title></head><body><main><h1>${page.title}</h1>${page.body}</main></body></html>`,
    );
  });
  return { server, origin: `http://127.0.0.1:${await listen(server, port)}` };
}

/** A page of the host site in a fresh profile, collecting what the browser reports: errors, refused policies. */
export async function openHost(
  browser: Browser,
  url: string,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto(url);
  return { context, page, problems };
}

/** What the host page's policy refused (expected: nothing). */
export const policyRefusals = (problems: string[]) => problems.filter((p) => /Content Security Policy|Refused/i.test(p));

/** The shop's overlay: the frame inside the buy button's dialog. */
export const overlay = (page: Page): FrameLocator => page.frameLocator('dialog iframe');

/** Fills the built-in test processor's card fields in the overlay with the test card. */
export async function fillTestCard(frame: FrameLocator): Promise<void> {
  await frame.getByLabel('Card number').fill('4242 4242 4242 4242');
  await frame.getByLabel('Expiry month (MM)').fill('12');
  await frame.getByLabel('Expiry year (YYYY)').fill(String(new Date().getFullYear() + 2));
  await frame.getByLabel('Security code (CVC)').fill('123');
}
