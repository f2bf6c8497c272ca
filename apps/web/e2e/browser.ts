import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { expect, inject } from 'vitest';

/** Shared pieces of the browser journeys: Chromium, the running app, its outbox. */

let ownServer: { baseUrl: string; dataDir: string } | undefined;

/** The running app: the shared server from global-setup.ts, or this file's own (useOwnServer). */
export const app = () => ({ ...inject('e2e'), ...ownServer });

/**
 * Points this journey file at a server of its own (startMarketplace in global-setup.ts). For a
 * journey that changes the whole shop (maintenance mode) or counts shop-wide figures, while the
 * other journey files run at the same time against the shared server.
 */
export function useOwnServer(server: { baseUrl: string; dataDir: string }): void {
  ownServer = { baseUrl: server.baseUrl, dataDir: server.dataDir };
}

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: app().chromePath, args: CHROMIUM_FLAGS });
}

/** A fresh browser profile (cookies, storage) with the app's base URL. */
export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: app().baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  watchNetwork(page);
  return { context, page };
}

/** A page's requests still under way, and when one last started or ended. */
interface NetworkWatch {
  inFlight: Set<Request>;
  lastActivity: number;
}

const networkWatches = new WeakMap<Page, NetworkWatch>();

/** Starts following a page's requests for settled(); before its first navigation (newPage does it). */
export function watchNetwork(page: Page): void {
  if (networkWatches.has(page)) return;
  const watch: NetworkWatch = { inFlight: new Set(), lastActivity: Date.now() };
  const ended = (request: Request) => {
    watch.inFlight.delete(request);
    watch.lastActivity = Date.now();
  };
  page.on('request', (request) => {
    watch.inFlight.add(request);
    watch.lastActivity = Date.now();
  });
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  networkWatches.set(page, watch);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** No request under way and none started or ended for `quietMs`. */
async function networkQuiet(page: Page, watch: NetworkWatch, quietMs: number, deadline: number): Promise<void> {
  while (watch.inFlight.size > 0 || Date.now() - watch.lastActivity < quietMs) {
    if (Date.now() > deadline) {
      const pending = [...watch.inFlight].map((request) => request.url()).join(', ');
      throw new Error(`${page.url()} did not settle: requests still under way: ${pending || 'none, but never quiet'}`);
    }
    await sleep(25);
  }
}

/**
 * Whether the DOM went `quietMs` without a change (React has rendered what the last responses
 * brought) before `limitMs` ran out. False too when the page navigated away meanwhile.
 */
async function domQuiet(page: Page, quietMs: number, limitMs: number): Promise<boolean> {
  try {
    return await page.evaluate(
      ([quiet, limit]) =>
        new Promise<boolean>((resolve) => {
          const observer = new MutationObserver(() => {
            clearTimeout(timer);
            timer = setTimeout(done, quiet, true);
          });
          let timer = setTimeout(done, quiet, true);
          const cap = setTimeout(done, limit, false);
          function done(rested: boolean) {
            clearTimeout(timer);
            clearTimeout(cap);
            observer.disconnect();
            resolve(rested);
          }
          observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        }),
      [quietMs, limitMs] as const,
    );
  } catch (error) {
    if ((error as Error).message.includes('Execution context was destroyed')) return false;
    throw error;
  }
}

/**
 * The page has come to rest: no request under way or begun for `quietMs`, then no DOM change for
 * as long, and still no request since. What `waitForLoadState('networkidle')` waits for, measured
 * instead of waited out: networkidle always adds 500 ms of silence, 0.8 s a route on average here
 * (61 s of the axe test's 140 s of visits).
 * It says nothing about content: callers still wait for what the page must show (a heading, no
 * spinner), so a page that has not fetched yet cannot pass as empty.
 */
export async function settled(page: Page, { quietMs = 100, timeout = 15_000 } = {}): Promise<void> {
  const watch = networkWatches.get(page);
  if (!watch) throw new Error('settled() needs watchNetwork(page) before the page navigates');
  const deadline = Date.now() + timeout;
  for (;;) {
    await networkQuiet(page, watch, quietMs, deadline);
    const before = watch.lastActivity;
    const rested = await domQuiet(page, quietMs, Math.max(0, deadline - Date.now()));
    if (rested && watch.inFlight.size === 0 && watch.lastActivity === before) return;
    if (Date.now() > deadline) throw new Error(`${page.url()} did not settle in ${timeout} ms: its DOM kept changing`);
  }
}

let counter = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.org`;
}

/** The newest e-mail written to the outbox for an address, decoded enough to read links. */
export async function latestMailTo(address: string, timeoutMs = 10_000): Promise<string> {
  const outbox = path.join(app().dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(outbox)) {
      const files = fs.readdirSync(outbox).sort().reverse();
      for (const file of files) {
        const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
        if (raw.includes(`To: ${address}`)) return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No e-mail to ${address} in ${outbox}`);
}

/**
 * The newest e-mail to an address whose text contains `needle`, decoded enough to read links. For
 * a shared inbox (admin@example.com), where another journey running at the same time may have
 * written a newer e-mail than the one waited for.
 */
export async function mailToContaining(address: string, needle: string, timeoutMs = 10_000): Promise<string> {
  const outbox = path.join(app().dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(outbox)) {
      const files = fs.readdirSync(outbox).sort().reverse();
      for (const file of files) {
        const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
        if (!raw.includes(`To: ${address}`)) continue;
        const decoded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        if (decoded.includes(needle)) return decoded;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No e-mail to ${address} containing "${needle}" in ${outbox}`);
}

/**
 * Whether the journeys save screenshots: E2E_SCREENSHOTS=on|off, by default on, but off under CI,
 * which keeps only the log (the ~80 full-page captures took ~30 s of CPU a run).
 */
export function screenshotsWanted(): boolean {
  const setting = process.env.E2E_SCREENSHOTS;
  return setting ? setting !== 'off' : process.env.CI !== 'true';
}

/** The file a journey's screenshot goes to, under test-results/screenshots/. */
export function screenshotPath(name: string): string {
  const dir = path.resolve(import.meta.dirname, '../../../test-results/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}.png`);
}

/**
 * Saves a screenshot under test-results/ for a human to look at (see screenshotsWanted()). It is a
 * record, not an assertion: a full-page capture that runs out of time on a loaded machine (a long
 * review page took over 30 s in a full run) is reported and skipped, never a failed journey.
 */
export async function snap(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted()) return;
  try {
    await page.screenshot({ path: screenshotPath(name), fullPage: true, timeout: 60_000 });
  } catch (error) {
    if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
    console.warn(`screenshot ${name} skipped: ${error.message.split('\n')[0]}`);
  }
}

/** Waits until nothing on the page is marked busy (a list still showing the previous answer, a spinner). */
export async function notBusy(page: Page): Promise<void> {
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 30_000 }).toBe(0);
}
