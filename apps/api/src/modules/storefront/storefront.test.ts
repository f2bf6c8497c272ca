import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { languageOf } from './service';

let t: TestApp;
let distDir: string;
let productId: string;

const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>shop</title><script src="/theme-init.js"></script><script type="module" crossorigin src="/assets/index-abc.js"></script><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body><div id="root"></div></body></html>';
const THEME_SCRIPT = "document.documentElement.classList.toggle('dark', false);";
const texts = (language: string, title: string) => ({
  'brand.full': 'AI Marketplace',
  'home.title': title,
  'home.titleAccent': language === 'ja' ? '出荷できるAIツール' : 'AI tools that ship',
  'home.eyebrow': 'Curated <tools>',
  'products.title': language === 'de' ? 'Produkte' : 'Products',
  'products.total_one': '{{count}} product',
  'products.total_other': language === 'de' ? '{{count}} Produkte' : '{{count}} products',
  'productCard.by': 'by {{seller}}',
});

beforeAll(async () => {
  // A built storefront with the manifest its build writes (apps/web/vite.config.ts).
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-shell-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), TEMPLATE);
  fs.writeFileSync(path.join(distDir, 'theme-init.js'), THEME_SCRIPT);
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'assets', 'index-abc.css'), '.hero{color:red}');
  fs.writeFileSync(
    path.join(distDir, 'storefront-manifest.json'),
    JSON.stringify({
      languages: {
        en: { files: ['/assets/en-1.js'], texts: texts('en', 'The marketplace for') },
        de: { files: ['/assets/de-1.js'], texts: texts('de', 'Der Marktplatz für') },
        ja: { files: ['/assets/ja-1.js'], texts: texts('ja', 'マーケットプレイス') },
      },
      pages: { home: ['/assets/home-sections-1.js'], products: ['/assets/products-page-1.js'], product: ['/assets/detail-1.js'] },
    }),
  );
  t = await createTestApp({ WEB_DIST_DIR: distDir });
  const seller = await createUser(t.db, 'seller');
  const product = await createProduct(t.db, seller, {
    title: 'Shell </script><b>test</b> product',
    category: 'datasets',
    images: ['https://images.example.test/cover.png'],
  });
  productId = product.id;
});

afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

function appFiles(html: string): { entry: string; preload: string[]; locale: string } {
  const match = html.match(/<script type="application\/json" id="app-files">(.*?)<\/script>/s);
  return JSON.parse(match?.[1] ?? '{}') as { entry: string; preload: string[]; locale: string };
}

function initialAnswers(html: string): Record<string, unknown> {
  const match = html.match(/<script type="application\/json" id="initial-answers">(.*?)<\/script>/s);
  return JSON.parse(match?.[1] ?? '{}') as Record<string, unknown>;
}

describe('storefront pages painted on the server', () => {
  it('sends / with its language files, its first answers as data and its hero, compressed, the theme script inline under a CSP hash', async () => {
    const page = await get('/', { 'accept-encoding': 'br', 'accept-language': 'en-US,en;q=0.9' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const html = brotliDecompressSync(page.rawPayload).toString();
    expect(html).toContain('<html lang="en">');
    // The app starts once the page is painted: an inline script preloads the language's and the page's files and imports the entry.
    expect(appFiles(html)).toEqual({
      entry: '/assets/index-abc.js',
      preload: ['/assets/en-1.js', '/assets/home-sections-1.js'],
      locale: 'en-US',
    });
    expect(html).toContain('The marketplace for');
    expect(html).toContain('Curated &#60;tools&#62;');
    // The theme script and the stylesheet come inline; the script runs because the CSP names its hash.
    const hash = (script: string) => createHash('sha256').update(script).digest('base64');
    const startScript = html.split('<script>').pop()?.replace('</script></body></html>', '') ?? '';
    expect(page.headers['content-security-policy']).toContain(
      `script-src 'self' 'sha256-${hash(THEME_SCRIPT)}' 'sha256-${hash(startScript)}'`,
    );
    expect(html).toContain(`<script>${THEME_SCRIPT}</script>`);
    expect(html).toContain('<style>.hero{color:red}</style>');
    expect(html).not.toContain('index-abc.css');
    // The app's scripts are not needed to see the page: none is fetched before it is painted.
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    // Every other script block is a file or JSON data, which script-src 'self' allows as it is.
    for (const tag of html.match(/<script[^>]*>/g) ?? [])
      expect(tag).toMatch(/^<script>$|src="\/assets\/|type="application\/json"/);
    const answers = initialAnswers(html);
    expect(Object.keys(answers).sort()).toEqual([
      '/products/?featured=true&limit=8',
      '/products/?sort_by=created_at&sort_order=desc&limit=8',
      '/products/?sort_by=rating&sort_order=desc&limit=8',
      '/products/categories/list',
      '/settings/public',
    ]);
  });

  it('writes the page in the language of the lang cookie, else of Accept-Language, preloading English beside it', async () => {
    const german = (await get('/products', { 'accept-language': 'de-DE,de;q=0.9' })).body;
    expect(german).toContain('<html lang="de">');
    expect(german).toContain('Produkte</h1>');
    expect(german).toContain('1 product');
    expect(appFiles(german).preload).toEqual(['/assets/de-1.js', '/assets/en-1.js', '/assets/products-page-1.js']);
    const japanese = (await get('/', { 'accept-language': 'de', cookie: 'lang=ja' })).body;
    expect(japanese).toContain('<html lang="ja">');
    // Japanese headlines break only between words (components/word-wrap.tsx).
    expect(japanese).toMatch(/出荷<wbr>/);
    expect(languageOf({ headers: { 'accept-language': 'xx' }, cookies: { lang: 'klingon' } })).toBe('en');
  });

  it("paints the catalogue's first page and a product page from the same answers the storefront's first render reads", async () => {
    const catalogue = (await get('/products')).body;
    // The product picture that is the largest paint is requested before the scripts.
    expect(catalogue.indexOf('<link rel="preload" as="image"')).toBeLessThan(catalogue.indexOf('<script'));
    const answers = initialAnswers(catalogue);
    expect(answers['/products/?limit=12']).toMatchObject({ total: 1 });
    expect(catalogue).toContain(`href="/products/${productId}"`);
    // Titles are escaped in the page and in its data: nothing a seller writes can end the JSON block.
    expect(catalogue).not.toContain('</script><b>');
    expect(catalogue).toContain('Shell &#60;/script&#62;&#60;b&#62;test&#60;/b&#62; product');

    const detail = (await get(`/products/${productId}`)).body;
    expect(initialAnswers(detail)[`/products/${productId}`]).toMatchObject({ id: productId });
    expect(detail).toContain('<h1 class="mt-2 text-3xl');

    // Filtered catalogue pages and unknown products get the layout's preloads but no painted page of their own.
    expect(initialAnswers((await get('/products?search=x')).body)['/products/?limit=12']).toBeUndefined();
    const missing = await get('/products/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(200);
    expect(missing.body).toContain('<div id="root"></div>');
  });

  it("sends a product's small stored picture inside the page, so its largest paint waits for no request", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="5"><rect width="8" height="5"/></svg>';
    await t.deps.storage.put('product-images/shell-small.svg', Buffer.from(svg));
    await t.deps.storage.put('product-images/shell-large.png', Buffer.alloc(5000, 1));
    const seller = await createUser(t.db, 'seller');
    const small = await createProduct(t.db, seller, { images: ['/api/v1/media/product-images/shell-small.svg'] });
    const large = await createProduct(t.db, seller, { images: ['/api/v1/media/product-images/shell-large.png'] });

    const page = (await get(`/products/${small.id}`)).body;
    expect(page).toContain(`src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"`);
    // The file itself comes last, at low priority, for the storefront's own first render.
    expect(page).toContain(
      '<link rel="preload" as="image" href="/api/v1/media/product-images/shell-small.svg" fetchpriority="low">',
    );

    const largePage = (await get(`/products/${large.id}`)).body;
    expect(largePage).toContain('src="/api/v1/media/product-images/shell-large.png"');
    expect(largePage).toContain('href="/api/v1/media/product-images/shell-large.png" fetchpriority="high"');
  });

  it('leaves other client routes, /api and missing files as they were', async () => {
    expect((await get('/about')).body).toBe(TEMPLATE);
    expect((await get('/api/v1/nothing')).statusCode).toBe(404);
    expect((await get('/missing.js')).statusCode).toBe(404);
  });
});
