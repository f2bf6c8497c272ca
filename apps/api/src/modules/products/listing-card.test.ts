import type { ProductListQuery } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { bearer, createTestApp, type FormPart, multipartForm, signIn, type TestApp } from '../../../test/helpers';
import { products } from '../../db/schema';
import { listProducts } from '../catalog/repository';
import type { SearchIndex } from '../catalog/search-index';
import type { UserRow } from '../users/repository';

/** The AI listing card: a seller fills it in the product form, the server checks it, everyone reads it, the catalogue filters on it. */

let t: TestApp;
let seller: UserRow;
let sellerToken: string;
let otherSellerToken: string;
let buyerToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await createUser(t.db, 'seller', { firstName: 'Card', lastName: 'Seller' });
  const other = await createUser(t.db, 'seller');
  const buyer = await createUser(t.db, 'buyer');
  const admin = await createUser(t.db, 'admin');
  sellerToken = await signIn(t.app, seller.email, FACTORY_PASSWORD);
  otherSellerToken = await signIn(t.app, other.email, FACTORY_PASSWORD);
  buyerToken = await signIn(t.app, buyer.email, FACTORY_PASSWORD);
  adminToken = await signIn(t.app, admin.email, FACTORY_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

const MODEL_CARD = {
  model: {
    task: 'Sentiment analysis',
    framework: 'pytorch',
    model_format: 'safetensors',
    parameters: '125M',
    min_gpu_memory_gb: '4',
    runs_on_cpu: true,
  },
};

function parts(fields: Record<string, string>): FormPart[] {
  return [
    ...Object.entries({
      title: 'Compact Sentiment Model',
      description: 'A small sentiment model for product reviews, with examples.',
      price: '49',
      category: 'models',
      license: 'apache-2.0',
      ...fields,
    }).map(([name, value]) => ({ name, value })),
    { name: 'files', filename: 'model.safetensors', contentType: 'application/octet-stream', data: safetensors() },
  ];
}

/** A real (tiny) safetensors file: an 8-byte header length, a JSON header, the tensor bytes. */
function safetensors(): Buffer {
  const header = Buffer.from(JSON.stringify({ w: { dtype: 'F32', shape: [2], data_offsets: [0, 8] } }));
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(header.length));
  return Buffer.concat([length, header, Buffer.alloc(8)]);
}

/** A 422's field errors without their catalogue ids. */
const fieldErrors = (body: { errors: { field: string; message: string }[] }) =>
  body.errors.map(({ field, message }) => ({ field, message }));

const send = (token: string, form: FormPart[], method: 'POST' | 'PUT' = 'POST', url = '/api/v1/seller/products') => {
  const body = multipartForm(form);
  return t.app.inject({ method, url, headers: { ...bearer(token), ...body.headers }, payload: body.payload });
};

describe('the listing card in the product form', () => {
  it('is stored with the product and shown as the category’s fields with the licence’s plain-language summary', async () => {
    const created = await send(sellerToken, parts({ card: JSON.stringify(MODEL_CARD) }));
    expect(created.statusCode).toBe(201);
    const product = created.json().product;
    expect(product.card).toEqual({
      kind: 'model',
      model: {
        task: 'Sentiment analysis',
        framework: 'pytorch',
        model_format: 'safetensors',
        parameters: 125_000_000,
        min_gpu_memory_gb: 4,
        runs_on_cpu: true,
      },
      dataset: null,
      api: null,
      license_text: null,
      commercial_use: true,
      redistribution: true,
      modification: true,
    });
    expect(product.license).toBe('Apache-2.0');
    // Admins see it in review.
    const review = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/products/${product.id}`,
      headers: bearer(adminToken),
    });
    expect(review.json().card.model.framework).toBe('pytorch');
  });

  it('keeps only the chosen category’s fields', async () => {
    const card = { ...MODEL_CARD, api: { hosting: 'hosted', rate_limit: '', languages: ['Python'] } };
    const created = await send(sellerToken, parts({ card: JSON.stringify(card) }));
    expect(created.statusCode).toBe(201);
    expect(created.json().product.card.api).toBeNull();
    const [row] = await t.db.select().from(products).where(eq(products.id, created.json().product.id));
    expect(Object.keys(row?.card ?? {})).toEqual(['model']);
  });

  it('answers 422 with a clear message per field for a card that is not complete or not valid', async () => {
    const missing = await send(
      sellerToken,
      parts({ card: JSON.stringify({ model: { ...MODEL_CARD.model, framework: 'caffe', runs_on_cpu: undefined } }) }),
    );
    expect(missing.statusCode).toBe(422);
    expect(fieldErrors(missing.json())).toEqual(
      expect.arrayContaining([
        { field: 'card.model.framework', message: 'Please choose a framework' },
        { field: 'card.model.runs_on_cpu', message: 'Say whether the model runs on a CPU' },
      ]),
    );
    const dataset = await send(
      sellerToken,
      parts({
        category: 'datasets',
        card: JSON.stringify({ dataset: { rows: -1, columns: 3, file_formats: [], contains_personal_data: false } }),
      }),
    );
    expect(dataset.statusCode).toBe(422);
    expect(fieldErrors(dataset.json())).toEqual(
      expect.arrayContaining([
        { field: 'card.dataset.rows', message: 'Rows must be a whole number, 0 or more' },
        { field: 'card.dataset.file_formats', message: 'Choose at least one file format' },
      ]),
    );
    const wrongPart = await send(sellerToken, parts({ category: 'apis', card: JSON.stringify(MODEL_CARD) }));
    expect(wrongPart.statusCode).toBe(422);
    expect(wrongPart.json().detail).toBe('Fill in the listing card for this category');
    const notJson = await send(sellerToken, parts({ card: '{model:' }));
    expect(notJson.statusCode).toBe(422);
    expect(notJson.json().detail).toBe('The listing card is not valid JSON');
  });

  it('needs a custom licence’s text and its yes/no summary, and shows them', async () => {
    const bare = await send(sellerToken, parts({ license: 'custom', card: JSON.stringify(MODEL_CARD) }));
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors.map((e: { field: string }) => e.field)).toEqual(['card.license_text', 'card.commercial_use']);
    const custom = {
      ...MODEL_CARD,
      license_text: 'Use in your own products; do not resell the weights.',
      commercial_use: true,
      redistribution: false,
      modification: true,
    };
    const created = await send(sellerToken, parts({ license: 'custom', card: JSON.stringify(custom) }));
    expect(created.statusCode).toBe(201);
    expect(created.json().product.card).toMatchObject({
      license_text: 'Use in your own products; do not resell the weights.',
      commercial_use: true,
      redistribution: false,
      modification: true,
    });
  });

  it('lets only the product’s own seller change it (403 for a buyer, 404 for another seller)', async () => {
    const created = (await send(sellerToken, parts({ card: JSON.stringify(MODEL_CARD) }))).json().product;
    const url = `/api/v1/seller/products/${created.id}`;
    const changed = { card: JSON.stringify({ model: { ...MODEL_CARD.model, framework: 'onnx', model_format: 'onnx' } }) };
    const noFile = (form: FormPart[]) => form.filter((part) => part.name !== 'files');
    expect((await send(buyerToken, parts({}), 'POST')).statusCode).toBe(403);
    expect((await send(buyerToken, noFile(parts(changed)), 'PUT', url)).statusCode).toBe(403);
    expect((await send(otherSellerToken, noFile(parts(changed)), 'PUT', url)).statusCode).toBe(404);
    const updated = await send(sellerToken, noFile(parts(changed)), 'PUT', url);
    expect(updated.statusCode).toBe(200);
    expect(updated.json().product.card.model.framework).toBe('onnx');
    // An update that sends no card keeps the stored one; a change to a licence that needs more is refused.
    const kept = await send(sellerToken, [{ name: 'price', value: '59' }], 'PUT', url);
    expect(kept.json().product.card.model.framework).toBe('onnx');
    const custom = await send(sellerToken, [{ name: 'license', value: 'custom' }], 'PUT', url);
    expect(custom.statusCode).toBe(422);
    expect(custom.json().detail).toBe('A custom licence needs its text (at most 5,000 characters)');
  });

  it('accepts the first catalogue’s licence names from older clients, as the licences that replaced them', async () => {
    const created = await send(sellerToken, parts({ license: 'standard' }));
    expect(created.statusCode).toBe(201);
    expect(created.json().product.license).toBe('Commercial, single seat');
    expect(created.json().product.card).toMatchObject({
      kind: 'model',
      model: null,
      commercial_use: true,
      redistribution: false,
    });
  });
});

describe('the catalogue’s listing card facets', () => {
  it('filters on framework, commercial use, GPU memory and hosting, with the same counts in SQL and the search index', async () => {
    const approved = { status: 'approved' as const };
    const model = (framework: string, gpu: number | null, license = 'mit') =>
      createProduct(t.db, seller, {
        ...approved,
        title: `Facet ${framework} ${gpu}`,
        category: 'models',
        license,
        card: {
          model: {
            task: 'Classification',
            framework: framework as 'pytorch',
            model_format: 'onnx',
            parameters: null,
            min_gpu_memory_gb: gpu,
            runs_on_cpu: true,
          },
        },
      });
    await model('pytorch', 4);
    await model('pytorch', 8, 'cc-by-nc-4.0');
    await model('pytorch', 24);
    await model('jax', 0, 'commercial-team');
    await model('tensorflow', null, 'cc-by-nc-4.0');
    await createProduct(t.db, seller, {
      ...approved,
      title: 'Facet hosted API',
      category: 'apis',
      license: 'custom',
      card: { api: { hosting: 'both', rate_limit: '', languages: ['Go'] }, license_text: 'Ours', commercial_use: true },
    });
    const index = t.deps.searchIndex as SearchIndex;
    await index.load();
    const queries: ProductListQuery[] = [
      {},
      { framework: 'pytorch' },
      { commercial_use: true },
      { max_gpu_memory: 8 },
      { max_gpu_memory: 8, framework: 'pytorch', commercial_use: true },
      { hosting: 'self-hosted' },
      { category: 'models', sort_by: 'price' },
    ];
    for (const query of queries) {
      const viaSql = await listProducts(t.db, query, { kind: 'public' });
      const viaIndex = await index.browse(query);
      const label = JSON.stringify(query);
      const sorted = (rows: { kind: string; value: string; count: number }[]) =>
        rows.map((r) => `${r.kind}:${r.value}:${r.count}`).sort();
      expect(viaIndex?.ids, label).toEqual(viaSql.rows.map((row) => row.id));
      expect(sorted(viaIndex?.facets ?? []), label).toEqual(sorted(viaSql.facets));
    }
    const list = (query: string) => t.app.inject({ method: 'GET', url: `/api/v1/products/?${query}` }).then((r) => r.json());
    const facetTitles = (await list('framework=pytorch&max_gpu_memory=8')).products.map((p: { title: string }) => p.title);
    expect(facetTitles.sort()).toEqual(['Facet pytorch 4', 'Facet pytorch 8']);
    const all = await list('search=facet');
    expect(all.facets.framework.find((f: { value: string }) => f.value === 'pytorch').count).toBe(3);
    expect(all.facets.gpu_memory.find((f: { value: string }) => f.value === '8').count).toBe(3);
    expect(all.facets.commercial_use).toEqual([{ value: 'true', label: 'Allows commercial use', count: 4 }]);
    expect(all.facets.hosting.map((f: { count: number }) => f.count)).toEqual([1, 1]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/products/?framework=caffe' })).statusCode).toBe(422);
  });
});
