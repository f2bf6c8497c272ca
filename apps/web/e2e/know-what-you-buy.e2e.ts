import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, wcagViolations } from './axe';
import { launchBrowser, newPage, notBusy, snap } from './browser';
import { storedZip } from './files';
import { accessToken, apiAs, newAccount, submitSignIn } from './session';

/**
 * Issue 23's "Not done until", in one browser: a new seller lists a 50 MB CSV dataset and a
 * PyTorch checkpoint whose pickle calls os.system, through the product form; sees the dataset's
 * preview and the checkpoint's "Dangerous" verdict at once; the admin reviews both (card, verdict,
 * preview), cannot approve the checkpoint and approves the dataset; a visitor filters the
 * catalogue by licence and framework, opens the dataset's page (card, statistics, sample rows and
 * nothing more in the API's answer), the seller's page, and compares it with a demo dataset.
 */

const ADMIN = { email: 'admin@example.com', password: 'Admin-demo-2026' };
const SELLER_PASSWORD = 'Orders-ledger-lantern-58';
const CSV_BYTES = 50 * 1024 * 1024;
const LICENSE = 'commercial-single-seat';
const COLUMNS = [
  'order_id',
  'order_date',
  'region',
  'product_category',
  'quantity',
  'unit_price',
  'payment_method',
  'returned',
  'customer_rating',
  'review_text',
];

const REGIONS = ['North', 'South', 'East', 'West', 'Central', 'Coastal', 'Mountain', 'Islands'];
const CATEGORIES = ['Grocery', 'Toys', 'Garden', 'Books', 'Kitchen', 'Sports', 'Beauty', 'Office', 'Pets', 'Audio'];
const PAYMENTS = ['card', 'card', 'card', 'paypal', 'bank_transfer', 'gift_card'];
const REVIEWS = [
  'Arrived on time',
  '"Great value, would buy again"',
  'Box was damaged',
  '',
  'Smaller than expected',
  '"Fast delivery, friendly courier"',
  'Works as described',
];

/** An order id as the CSV writes it: unique per row, so a row's presence anywhere is easy to see. */
const orderId = (row: number) => `ORD-${String(row).padStart(7, '0')}`;

/**
 * A retail orders CSV of at least `targetBytes`, written in chunks with the stream's backpressure
 * (never held in memory whole). Deterministic; answers the number of data rows and the size.
 */
async function writeOrdersCsv(file: string, targetBytes: number): Promise<{ rows: number; bytes: number }> {
  const out = fs.createWriteStream(file);
  // mulberry32: a small seeded generator whose values spread evenly (an LCG's low bits repeat).
  let seed = 23;
  const next = (n: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return Math.floor((((x ^ (x >>> 14)) >>> 0) / 4_294_967_296) * n);
  };
  let chunk = `${COLUMNS.join(',')}\n`;
  let bytes = 0;
  let rows = 0;
  while (bytes + chunk.length < targetBytes) {
    rows += 1;
    const day = new Date(Date.UTC(2024, 0, 1) + next(730) * 86_400_000).toISOString().slice(0, 10);
    const price = (1 + next(20_000) / 100).toFixed(2);
    const rating = next(9) === 0 ? '' : String(1 + next(5));
    chunk += `${orderId(rows)},${day},${REGIONS[next(REGIONS.length)]},${CATEGORIES[next(CATEGORIES.length)]},${1 + next(9)},${price},${PAYMENTS[next(PAYMENTS.length)]},${next(12) === 0},${rating},${REVIEWS[next(REVIEWS.length)]}\n`;
    if (chunk.length >= 1 << 16) {
      bytes += chunk.length;
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  bytes += chunk.length;
  out.end(chunk);
  await finished(out);
  return { rows, bytes };
}

/**
 * What `pickle.dumps` of an object whose __reduce__ returns (os.system, ('ls',)) gives, protocol 2:
 * PROTO 2, GLOBAL 'os system', BINUNICODE 'ls', TUPLE1, REDUCE, STOP (with the memo puts pickle writes).
 */
function maliciousPickle(): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32LE(2);
  return Buffer.concat([
    Buffer.from([0x80, 0x02]),
    Buffer.from('cos\nsystem\nq\x00X', 'latin1'),
    length,
    Buffer.from('lsq\x01', 'latin1'),
    Buffer.from([0x85]),
    Buffer.from('q\x02Rq\x03.', 'latin1'),
  ]);
}

/** The catalogue's "N products" line, once the answer for the current URL is on screen. */
async function catalogueTotal(page: Page): Promise<number> {
  await notBusy(page);
  const line = page.getByText(/^\d[\d,]*\+? products?$/);
  await line.waitFor();
  return Number((await line.innerText()).replace(/[^0-9]/g, ''));
}

/** The product titles the catalogue shows now. */
async function shownTitles(page: Page): Promise<string[]> {
  await notBusy(page);
  const results = page.getByRole('list', { name: 'Products', exact: true });
  await results.getByRole('listitem').first().waitFor();
  return results.getByRole('heading').allInnerTexts();
}

/** The count a filter option shows, "PyTorch (4)" → 4; undefined without one. */
async function optionCount(page: Page, label: string, value: string): Promise<number | undefined> {
  const text = (await page.getByLabel(label, { exact: true }).locator(`option[value="${value}"]`).textContent()) ?? '';
  const match = /\((\d[\d,]*)\)$/.exec(text.trim());
  return match ? Number((match[1] as string).replace(/,/g, '')) : undefined;
}

let browser: Browser;
let workDir: string;
let csvPath: string;
let csv: { rows: number; bytes: number };
let modelPath: string;
beforeAll(async () => {
  browser = await launchBrowser();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'know-what-you-buy-'));
  csvPath = path.join(workDir, 'retail-orders-2024-2025.csv');
  csv = await writeOrdersCsv(csvPath, CSV_BYTES);
  modelPath = path.join(workDir, 'resnet18-products.pt');
  fs.writeFileSync(
    modelPath,
    storedZip([
      ['archive/data.pkl', maliciousPickle()],
      ['archive/version', Buffer.from('3\n')],
      ['archive/data/0', Buffer.alloc(64, 7)],
    ]),
  );
});
afterAll(async () => {
  await browser?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

describe('know what you buy', () => {
  it('lists a 50 MB dataset and a booby-trapped PyTorch model, reviews both, and lets a visitor filter, read and compare the dataset', async () => {
    expect(fs.statSync(csvPath).size).toBe(csv.bytes);
    expect(csv.bytes).toBeGreaterThanOrEqual(CSV_BYTES - 256);
    const stamp = Date.now().toString(36);
    const datasetTitle = `Retail Orders Ledger ${stamp}`;
    const modelTitle = `Product Photo Classifier ${stamp}`;
    const rowsShown = csv.rows.toLocaleString('en-US');

    // A new seller.
    const seller = await newAccount(browser, 'Datasmith', SELLER_PASSWORD);
    const sellerName = 'Datasmith Tester';
    await apiAs(seller.context, 'post', '/seller/become', { accept_terms: true });
    const form = seller.page;
    await form.goto('/seller');
    await form.getByRole('heading', { name: 'Seller dashboard' }).waitFor();

    // The dataset, its card filled in the form as its file really is.
    await form.getByRole('button', { name: 'Add product' }).click();
    await form.getByLabel('Title', { exact: true }).fill(datasetTitle);
    await form.getByLabel('Short description', { exact: true }).fill('Two years of retail order lines, one row per line');
    await form
      .getByLabel('Description', { exact: true })
      .fill(
        `# Retail orders 2024–2025\n\nOne row per order line from a mid-sized online shop.\n\n## Columns\n\n| Column | Meaning |\n| --- | --- |\n| \`order_id\` | The order line |\n| \`returned\` | Sent back within 30 days |\n\n### Known gaps\n\nAbout one rating in nine is empty.`,
      );
    await form.getByLabel('Price (USD)', { exact: true }).fill('39.00');
    await form.getByLabel('Category', { exact: true }).selectOption('datasets');
    await form.getByLabel('Licence', { exact: true }).selectOption(LICENSE);
    await form.getByLabel('Rows', { exact: true }).fill(String(csv.rows));
    await form.getByLabel('Columns', { exact: true }).fill(String(COLUMNS.length));
    await form.getByRole('group', { name: 'File formats' }).getByLabel('CSV', { exact: true }).check();
    await form.getByLabel('Size', { exact: true }).fill((csv.bytes / 1_000_000).toFixed(1));
    await form.getByLabel('Source', { exact: true }).fill('Order exports of a partner shop, with its written permission');
    await form.getByLabel('Collection method', { exact: true }).fill('Exported monthly; customer ids and addresses removed');
    await form.getByLabel('Contains personal data', { exact: true }).selectOption('no');
    await form.getByLabel('Product files', { exact: true }).setInputFiles(csvPath);
    await form.getByRole('list', { name: 'Files to upload' }).getByText('retail-orders-2024-2025.csv').waitFor();
    await form.getByRole('button', { name: 'Submit for review' }).click();
    await form.getByText('Product submitted for review').first().waitFor({ timeout: 60_000 });
    await form
      .getByText(/Your data files have a preview/)
      .first()
      .waitFor();

    // The model: a PyTorch checkpoint whose pickle runs a shell command when loaded.
    await form.getByRole('button', { name: 'Add product' }).click();
    await form.getByLabel('Title', { exact: true }).fill(modelTitle);
    await form.getByLabel('Short description', { exact: true }).fill('ResNet-18 fine-tuned on product photos');
    await form
      .getByLabel('Description', { exact: true })
      .fill('A small image classifier for shop catalogues, as a PyTorch checkpoint.');
    await form.getByLabel('Price (USD)', { exact: true }).fill('29.00');
    await form.getByLabel('Category', { exact: true }).selectOption('models');
    await form.getByLabel('Licence', { exact: true }).selectOption(LICENSE);
    await form.getByLabel('Task', { exact: true }).fill('Image classification');
    await form.getByLabel('Framework', { exact: true }).selectOption('pytorch');
    await form.getByLabel('Model format', { exact: true }).selectOption('pytorch');
    await form.getByLabel('Parameters', { exact: true }).fill('11M');
    await form.getByLabel('Minimum GPU memory', { exact: true }).fill('2');
    await form.getByLabel('Runs on CPU', { exact: true }).selectOption('yes');
    await form.getByLabel('Product files', { exact: true }).setInputFiles(modelPath);
    await form.getByRole('list', { name: 'Files to upload' }).getByText('resnet18-products.pt').waitFor();
    await form.getByRole('button', { name: 'Submit for review' }).click();

    // Told at once: the checkpoint's verdict and its reason, in the product list.
    await form.getByText('1 file failed the safety scan').first().waitFor();
    const modelRow = form.getByRole('row').filter({ hasText: modelTitle }).first();
    await modelRow.getByText('Dangerous').first().waitFor();
    await modelRow
      .getByText(/os\.system/)
      .first()
      .waitFor();

    // And the dataset's preview: read after the answer (50 MB), shown once made.
    await form.getByRole('button', { name: `Data preview of ${datasetTitle}` }).click();
    const preview = form.getByRole('region', { name: `Data preview of ${datasetTitle}` });
    await preview.getByText(`CSV · ${rowsShown} rows · ${COLUMNS.length} columns`).waitFor({ timeout: 90_000 });
    await preview.getByRole('table', { name: 'Columns and statistics of retail-orders-2024-2025.csv' }).waitFor();
    await preview
      .getByRole('cell', { name: orderId(1), exact: true })
      .first()
      .waitFor();
    await notBusy(form);
    expect(await wcagViolations(form, { seriousOnly: true })).toEqual([]);
    await snap(form, 'kwyb-seller-preview-and-verdict');

    const own = (await apiAs(seller.context, 'get', `/seller/products?query=${encodeURIComponent(stamp)}`)) as {
      products: { id: string; title: string }[];
    };
    const datasetId = own.products.find((product) => product.title === datasetTitle)?.id as string;
    const modelId = own.products.find((product) => product.title === modelTitle)?.id as string;
    expect(datasetId && modelId).toBeTruthy();

    // The admin: both in review with their card and verdict; the model cannot be approved, the dataset is.
    const admin = await newPage(browser);
    try {
      await submitSignIn(admin.page, ADMIN.email, ADMIN.password, '/admin/login');
      await admin.page.waitForURL(/\/admin$/);
      await admin.page.goto('/admin/products');

      await admin.page.getByRole('button', { name: `Review ${modelTitle}` }).click();
      const modelReview = admin.page.getByRole('dialog', { name: `Review "${modelTitle}"` });
      const modelCard = modelReview.getByRole('region', { name: 'Listing card' });
      await modelCard.getByText('PyTorch', { exact: true }).waitFor();
      await modelCard.getByText('PyTorch checkpoint (.pt)').waitFor();
      await modelReview.getByText('Dangerous').first().waitFor();
      await modelReview
        .getByText(/os\.system/)
        .first()
        .waitFor();
      await modelReview.getByText('A file failed the safety scan').waitFor();
      expect(await modelReview.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      const refused = await admin.context.request.put(`/api/v1/admin/products/${modelId}/approve`, {
        headers: { Authorization: `Bearer ${await accessToken(admin.context)}` },
      });
      expect(refused.status()).toBe(422);
      expect(((await refused.json()) as { detail: string }).detail).toMatch(/scan/i);
      await admin.page.keyboard.press('Escape');
      await modelReview.waitFor({ state: 'hidden' });

      await admin.page.getByRole('button', { name: `Review ${datasetTitle}` }).click();
      const datasetReview = admin.page.getByRole('dialog', { name: `Review "${datasetTitle}"` });
      const datasetCard = datasetReview.getByRole('region', { name: 'Listing card' });
      await datasetCard.getByText(rowsShown, { exact: true }).waitFor();
      await datasetReview.getByText('Clean', { exact: true }).first().waitFor();
      await datasetReview.getByText(`CSV · ${rowsShown} rows · ${COLUMNS.length} columns`).waitFor();
      // The seller's "# Retail orders" sits under the panel's Description heading (h3), one level down.
      const description = datasetReview.getByRole('region', { name: 'Description' });
      await description.getByRole('heading', { level: 4, name: 'Retail orders 2024–2025' }).waitFor();
      await notBusy(admin.page);
      expect(await axeViolations(admin.page, { rules: ['heading-order'] })).toEqual([]);
      expect(await wcagViolations(admin.page, { seriousOnly: true })).toEqual([]);
      await snap(admin.page, 'kwyb-admin-review-dataset');
      await datasetReview.getByRole('button', { name: 'Approve' }).click();
      await admin.page.getByText(`"${datasetTitle}" approved`).first().waitFor();
    } finally {
      await admin.context.close();
    }
    await seller.context.close();

    // A visitor filters the catalogue by licence, then framework: counts shown, results change.
    const visitor = await newPage(browser);
    const page = visitor.page;
    await page.goto('/products');
    const everything = await catalogueTotal(page);
    const firstTitles = await shownTitles(page);
    const pytorchEverywhere = await optionCount(page, 'Framework', 'pytorch');

    await page.getByLabel('Licence', { exact: true }).selectOption(LICENSE);
    await expect.poll(() => new URL(page.url()).searchParams.get('license')).toBe(LICENSE);
    const licensed = await catalogueTotal(page);
    expect(licensed).toBeGreaterThan(0);
    expect(licensed).toBeLessThan(everything);
    expect(await shownTitles(page)).not.toEqual(firstTitles);
    // The framework's count now counts only this licence's products, as the API's facets do.
    await expect.poll(() => optionCount(page, 'Framework', 'pytorch')).not.toBe(pytorchEverywhere);
    const pytorchLicensed = (await optionCount(page, 'Framework', 'pytorch')) as number;
    const facets = (await (await visitor.context.request.get(`/api/v1/products/?license=${LICENSE}`)).json()) as {
      facets: { framework: { value: string; count: number }[] };
    };
    expect(pytorchLicensed).toBe(facets.facets.framework.find((facet) => facet.value === 'pytorch')?.count);
    expect(pytorchLicensed).toBeGreaterThan(0);
    const licensedTitles = await shownTitles(page);

    await page.getByLabel('Framework', { exact: true }).selectOption('pytorch');
    await expect.poll(() => new URL(page.url()).searchParams.get('framework')).toBe('pytorch');
    expect(await catalogueTotal(page)).toBe(pytorchLicensed);
    const pytorchTitles = await shownTitles(page);
    expect(pytorchTitles).not.toEqual(licensedTitles);
    expect(pytorchTitles).not.toContain(modelTitle);
    expect(pytorchTitles).not.toContain(datasetTitle);
    expect(await wcagViolations(page, { seriousOnly: true })).toEqual([]);
    await snap(page, 'kwyb-catalogue-filtered');

    // A shared link may name the framework as people write it.
    await page.goto(`/products?license=${LICENSE}&framework=PyTorch`);
    expect(await catalogueTotal(page)).toBe(pytorchLicensed);
    expect(await page.getByLabel('Framework', { exact: true }).inputValue()).toBe('pytorch');

    // Back to every framework, datasets only: the new dataset is the newest.
    await page.getByLabel('Framework', { exact: true }).selectOption('');
    await page.getByLabel('Category', { exact: true }).selectOption('datasets');
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('datasets');
    await expect.poll(() => shownTitles(page)).toContain(datasetTitle);

    // The dataset's page: its card, statistics and sample rows, and no row past the published sample.
    const previewAnswer = page.waitForResponse(
      (response) => response.url().includes(`/products/${datasetId}/dataset-previews`) && response.request().method() === 'GET',
    );
    await page.getByRole('link', { name: datasetTitle }).first().click();
    await page.getByRole('heading', { level: 1, name: datasetTitle }).waitFor();
    const answer = await previewAnswer;
    expect(answer.status()).toBe(200);
    const body = await answer.text();
    const published = JSON.parse(body) as { previews: { row_count: number; sample: unknown[][] }[] };
    expect(published.previews).toHaveLength(1);
    expect(published.previews[0]?.row_count).toBe(csv.rows);
    expect(published.previews[0]?.sample.map((cells) => cells[0])).toEqual(
      Array.from({ length: 10 }, (_, index) => orderId(index + 1)),
    );
    for (const row of [11, 12, 20, 21, 1000, csv.rows]) expect(body, orderId(row)).not.toContain(orderId(row));
    expect(body).not.toMatch(/candidate|sample_rows|hidden_columns/);

    const card = page.getByRole('region', { name: 'Listing card' });
    await card.getByText(rowsShown, { exact: true }).waitFor();
    await card.getByText('Order exports of a partner shop, with its written permission').waitFor();
    const data = page.getByRole('region', { name: 'Data preview' });
    await data.getByText(`CSV · ${rowsShown} rows · ${COLUMNS.length} columns`).waitFor();
    const stats = data.getByRole('table', { name: 'Columns and statistics of retail-orders-2024-2025.csv' });
    await stats.getByRole('row', { name: /^unit_price/ }).waitFor();
    const sample = data.getByRole('table', { name: '10 sample rows of retail-orders-2024-2025.csv' });
    await sample.getByRole('cell', { name: orderId(10), exact: true }).waitFor();
    expect(await page.getByText(orderId(11), { exact: true }).count()).toBe(0);
    await notBusy(page);
    expect(await wcagViolations(page, { seriousOnly: true })).toEqual([]);
    await snap(page, 'kwyb-dataset-page');
    await page.getByRole('button', { name: 'Add to compare' }).click();

    // The seller's page lists the dataset, never the refused model.
    await page.locator('dl').getByRole('link', { name: sellerName }).click();
    await page.getByRole('heading', { level: 1, name: sellerName }).waitFor();
    const shelf = page.getByRole('list', { name: `Products by ${sellerName}` });
    await shelf.getByRole('link', { name: datasetTitle, exact: true }).waitFor();
    expect(await shelf.getByRole('link', { name: modelTitle }).count()).toBe(0);
    await notBusy(page);
    expect(await wcagViolations(page, { seriousOnly: true })).toEqual([]);
    await snap(page, 'kwyb-seller-page');

    // Compared with a demo dataset: each card's rows as its file has them.
    const demo = (await (await visitor.context.request.get('/api/v1/products/?category=datasets&limit=100')).json()) as {
      products: { id: string; title: string; seller_id: string; card?: { dataset: { rows: number } | null } }[];
    };
    const other = demo.products.find((product) => product.id !== datasetId && product.card?.dataset);
    if (!other) throw new Error('The demo catalogue has no other dataset');
    await page.goto(`/products/${other.id}`);
    await page.getByRole('heading', { level: 1, name: other.title }).waitFor();
    await page.getByRole('button', { name: 'Add to compare' }).click();
    await page.getByRole('link', { name: 'Compare (2)' }).first().click();
    await page.waitForURL('**/compare?ids=*');
    const table = page.getByRole('table', { name: '2 products side by side' });
    await table.getByRole('columnheader', { name: new RegExp(datasetTitle) }).waitFor();
    await table.getByRole('columnheader', { name: new RegExp(other.title) }).waitFor();
    const rowsRow = table.getByRole('row', { name: /^Rows/ });
    await rowsRow.getByText(rowsShown, { exact: true }).waitFor();
    await rowsRow.getByText((other.card?.dataset?.rows ?? 0).toLocaleString('en-US'), { exact: true }).waitFor();
    await table.getByRole('row', { name: /^Price/ }).waitFor();
    await notBusy(page);
    expect(await wcagViolations(page, { seriousOnly: true })).toEqual([]);
    await snap(page, 'kwyb-compare');
    await visitor.context.close();
  });
});
