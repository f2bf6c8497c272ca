import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/helpers';
import { preferredEncoding } from './compression';

let t: TestApp;
let distDir: string;
const script = `console.log(${JSON.stringify('storefront '.repeat(400))});`;

beforeAll(async () => {
  // A built storefront as `npm run build` leaves it: hashed assets with their precompressed copies.
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  const asset = path.join(distDir, 'assets', 'index-abc123.js');
  fs.writeFileSync(asset, script);
  fs.writeFileSync(`${asset}.br`, brotliCompressSync(script));
  fs.writeFileSync(`${asset}.gz`, gzipSync(script));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>shop</title>');
  t = await createTestApp({ CATALOG_CACHE_MS: '60000', WEB_DIST_DIR: distDir });
  const seller = await createUser(t.db, 'seller');
  for (let i = 0; i < 12; i += 1) {
    await createProduct(t.db, seller, { title: `Cached page product ${i}`, category: 'datasets' });
  }
});

afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('compressed answers', () => {
  it('sends a catalogue page in brotli or gzip when the client accepts it, and plain JSON otherwise', async () => {
    const plain = await get('/api/v1/products/?category=datasets');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const products = plain.json().products;
    expect(products).toHaveLength(12);

    const br = await get('/api/v1/products/?category=datasets', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).products).toEqual(products);

    const gzip = await get('/api/v1/products/?category=datasets', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString()).products).toEqual(products);

    const refused = await get('/api/v1/products/?category=datasets', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('compresses other JSON answers over 1 kB and leaves small ones alone', async () => {
    const docs = await get('/api/v1/openapi.json', { 'accept-encoding': 'br' });
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(docs.rawPayload).toString()).openapi).toMatch(/^3\./);
    const health = await get('/api/v1/health', { 'accept-encoding': 'br' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: expect.any(String) });
  });

  it('serves the storefront’s precompressed scripts with long cache lifetimes', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gzip = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    const page = await get('/products');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('negotiates the encoding by the client’s preferences', () => {
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip, br;q=0.5')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBe('identity');
    expect(preferredEncoding('*')).toBe('br');
  });
});

describe('catalogue page cache key', () => {
  it('shares one entry between unknown parameters and other spellings of the same query', async () => {
    const seller = await createUser(t.db, 'seller');
    await createProduct(t.db, seller, { title: 'Featured cache probe', category: 'apis', featured: true });
    // A page is kept from its second request.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const first = await get('/api/v1/products/?category=apis&featured=true');
      expect(first.json().products.map((p: { title: string }) => p.title)).toEqual(['Featured cache probe']);
    }
    // A second product appears in the database; pages already cached (for 60 s here) do not show it yet.
    await createProduct(t.db, seller, { title: 'Second cache probe', category: 'apis', featured: true });
    for (const url of [
      '/api/v1/products/?category=apis&featured=true&_q=1',
      '/api/v1/products/?featured=1&category=apis&cachebuster=2',
      '/api/v1/products/?category=apis&featured=true&page=1',
    ]) {
      expect((await get(url)).json().total, url).toBe(1);
    }
    // A different query is a different page.
    expect((await get('/api/v1/products/?category=apis')).json().total).toBe(2);
  });

  it('still refuses a bad query with the validation message, every time it is asked', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await get('/api/v1/products/?min_rating=9&_q=1');
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toBe('min_rating must be 0 to 5');
    }
  });

  it('answers a query string seen before from the page it names, not a neighbour’s', async () => {
    const seller = await createUser(t.db, 'seller');
    await createProduct(t.db, seller, { title: 'Memo probe dataset', category: 'datasets' });
    await createProduct(t.db, seller, { title: 'Memo probe script', category: 'scripts' });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const datasets = await get('/api/v1/products/?category=datasets&search=memo%20probe');
      const scripts = await get('/api/v1/products/?category=scripts&search=memo%20probe');
      expect(datasets.json().products.map((p: { title: string }) => p.title)).toEqual(['Memo probe dataset']);
      expect(scripts.json().products.map((p: { title: string }) => p.title)).toEqual(['Memo probe script']);
    }
  });
});
