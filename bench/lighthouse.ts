// Lighthouse 12 mobile performance of the storefront's first pages: `/`, `/products` and a product
// page, three runs each in a fresh headless Chromium, printing the median score and the median LCP,
// TBT, CLS and FCP of each page; asserts nothing. Start the app first (`PORT=41800 npm start`), then
// `npm run bench:lighthouse` (BENCH_URL, default http://127.0.0.1:41800; CHROME_PATH, default
// /usr/bin/chromium; BENCH_RUNS, default 3; BENCH_REPORT_DIR: also write each run's JSON report there).
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const base = (process.env.BENCH_URL ?? 'http://127.0.0.1:41800').replace(/\/$/, '');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.BENCH_RUNS ?? 3);
const reportDir = process.env.BENCH_REPORT_DIR;

/** A product page of the demo catalogue: the first product the list answers with. */
async function productPath(): Promise<string> {
  const response = await fetch(`${base}/api/v1/products/?limit=1`);
  if (!response.ok) throw new Error(`GET /api/v1/products/ answered ${response.status}: is the app running at ${base}?`);
  const body = (await response.json()) as { products: { id: string }[] };
  const first = body.products[0];
  if (!first) throw new Error('The catalogue is empty: start the app with its demo data');
  return `/products/${encodeURIComponent(first.id)}`;
}

interface Run {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
}

async function measure(url: string, name: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    // Lighthouse's defaults: mobile form factor, simulated slow 4G and 4x CPU slowdown.
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (reportDir) {
      fs.mkdirSync(reportDir, { recursive: true });
      fs.writeFileSync(path.join(reportDir, `${name}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      fcp: metric('first-contentful-paint'),
    };
  } finally {
    chrome.kill();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const pages = ['/', '/products', await productPath()];
console.log(`Lighthouse 12, mobile, performance only, ${runs} runs a page, against ${base}\n`);
console.log(
  'page'.padEnd(48),
  'score',
  'LCP ms'.padStart(8),
  'TBT ms'.padStart(8),
  'CLS'.padStart(7),
  'FCP ms'.padStart(8),
  '  scores',
);
for (const page of pages) {
  const results: Run[] = [];
  const name = page === '/' ? 'home' : page.slice(1).replaceAll('/', '_');
  for (let i = 0, failures = 0; i < runs; ) {
    try {
      results.push(await measure(`${base}${page}`, `${name}-${i + 1}`));
      i += 1;
    } catch (error) {
      // A run Lighthouse could not finish (NO_FCP on a starved machine) is reported and run again, twice at most.
      console.error(`  ${page}: ${(error as Error).message}`);
      failures += 1;
      if (failures > 2) throw error;
    }
  }
  const m = (key: keyof Run) => median(results.map((run) => run[key]));
  console.log(
    page.padEnd(48),
    String(m('score')).padStart(5),
    m('lcp').toFixed(0).padStart(8),
    m('tbt').toFixed(0).padStart(8),
    m('cls').toFixed(3).padStart(7),
    m('fcp').toFixed(0).padStart(8),
    `  ${results.map((run) => run.score).join(', ')}`,
  );
}
