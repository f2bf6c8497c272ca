import { sql } from 'drizzle-orm';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { adminTestApp, signedInUser } from '../../../test/factories';
import { callAs, multipartForm } from '../../../test/helpers';
import { INLINE_PREVIEW_BYTES } from './make-previews';

/** `cast`: the admin, the seller and a buyer, each signed in. */
const { t, cast } = adminTestApp();
const as = (token: string | null) => callAs(t.app, token);

const FIELDS = [
  { name: 'title', value: 'Customer Reviews Dataset' },
  { name: 'description', value: 'Reviews with ratings, one per row, in CSV, JSON Lines and Parquet.' },
  { name: 'price', value: '29.00' },
  { name: 'category', value: 'prompt-packs' },
];

/** 30 rows; every row holds a private contact (a hidden column later) and rows past the 10th a marker. */
function reviewsCsv(): Buffer {
  const lines = ['id,review,rating,private_contact'];
  for (let i = 0; i < 30; i += 1) {
    const text = i >= 10 ? `unpublished-row-${i}-end` : `Good, "really" good\nline two ${i}`;
    lines.push(`${i},"${text.replaceAll('"', '""')}",${(i % 5) + 1},secret-contact-${i}@example.org`);
  }
  return Buffer.from(lines.join('\n'));
}

function reviewsParquet(): Buffer {
  return Buffer.from(
    parquetWriteBuffer({
      columnData: [
        { name: 'id', data: Int32Array.from({ length: 40 }, (_, i) => i), type: 'INT32' },
        { name: 'text', data: Array.from({ length: 40 }, (_, i) => `parquet-text-${i}`), type: 'STRING' },
      ],
    }),
  );
}

function sendForm(method: 'POST' | 'PUT', url: string, token: string, parts: Parameters<typeof multipartForm>[0]) {
  const { payload, headers } = multipartForm(parts);
  return t.app.inject({ method, url: `/api/v1${url}`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
}

interface OwnPreview {
  id: string;
  file_name: string;
  format: string;
  status: string;
  failure: { code: string; message: string; detail: string | null } | null;
  row_count: number;
  columns: { name: string; type: string }[];
  candidate_rows: (string | null)[][];
  sample_rows: number[];
  hidden_columns: string[];
}
const byName = (previews: OwnPreview[], name: string) => previews.find((preview) => preview.file_name === name) as OwnPreview;

describe('dataset previews', () => {
  it('previews uploaded data files at once, lets the seller choose, and shows the public only the published sample', async () => {
    const created = await sendForm('POST', '/seller/products', cast.seller.token, [
      ...FIELDS,
      { name: 'files', filename: 'reviews.csv', data: reviewsCsv() },
      { name: 'files', filename: 'reviews.jsonl', data: Buffer.from('{"id":1,"text":"ok"}\n{"id":2,"text":"fine"}\n') },
      { name: 'files', filename: 'reviews.parquet', data: reviewsParquet() },
      { name: 'files', filename: 'broken.tsv', data: Buffer.from('a\tb\n1\t2\t3\n') },
      { name: 'files', filename: 'README.md', data: Buffer.from('# Reviews\n') },
    ]);
    // A malformed file is not a failed upload.
    expect(created.statusCode).toBe(201);
    const productId = created.json().product.id as string;
    expect(created.json().product.files).toHaveLength(5);

    const seller = as(cast.seller.token);
    const listed = await seller('GET', `/seller/products/${productId}/dataset-previews`);
    expect(listed.statusCode).toBe(200);
    const previews = listed.json().previews as OwnPreview[];
    expect(previews.map((preview) => preview.file_name).sort()).toEqual([
      'broken.tsv',
      'reviews.csv',
      'reviews.jsonl',
      'reviews.parquet',
    ]);
    const csv = byName(previews, 'reviews.csv');
    expect(csv).toMatchObject({ format: 'csv', status: 'ready', failure: null, row_count: 30, hidden_columns: [] });
    expect(csv.columns.map((column) => [column.name, column.type])).toEqual([
      ['id', 'integer'],
      ['review', 'string'],
      ['rating', 'integer'],
      ['private_contact', 'string'],
    ]);
    expect(csv.candidate_rows).toHaveLength(30);
    expect(csv.candidate_rows[0]?.[1]).toBe('Good, "really" good\nline two 0');
    expect(csv.sample_rows).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(byName(previews, 'reviews.parquet')).toMatchObject({ status: 'ready', row_count: 40 });
    expect(byName(previews, 'reviews.jsonl')).toMatchObject({ status: 'ready', row_count: 2 });
    expect(byName(previews, 'broken.tsv')).toMatchObject({
      status: 'failed',
      row_count: 0,
      failure: { code: 'malformed', message: 'The file could not be read as TSV: no preview was made' },
    });

    // Nothing is public before approval, not even to its seller through the public route.
    expect((await as(null)('GET', `/products/${productId}/dataset-previews`)).statusCode).toBe(404);
    expect((await seller('GET', `/products/${productId}/dataset-previews`)).statusCode).toBe(404);

    // The admin reviewing it sees what the seller sees.
    const review = await as(cast.admin.token)('GET', `/admin/products/${productId}/dataset-previews`);
    expect(review.statusCode).toBe(200);
    expect(byName(review.json().previews, 'broken.tsv').failure?.code).toBe('malformed');

    // The seller publishes rows 12, 0 and 3 of the CSV (in that order) and hides the contact column.
    const chosen = await seller('PUT', `/seller/products/${productId}/dataset-previews/${csv.id}`, {
      sample_rows: [12, 0, 3, 12],
      hidden_columns: ['private_contact'],
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ sample_rows: [12, 0, 3], hidden_columns: ['private_contact'] });

    expect((await as(cast.admin.token)('PUT', `/admin/products/${productId}/approve`)).statusCode).toBe(200);

    const published = await as(null)('GET', `/products/${productId}/dataset-previews`);
    expect(published.statusCode).toBe(200);
    const body = published.json();
    expect(body.product_id).toBe(productId);
    // Failed previews are left out; the rest in upload order.
    expect(body.previews.map((preview: { file_name: string }) => preview.file_name)).toEqual([
      'reviews.csv',
      'reviews.jsonl',
      'reviews.parquet',
    ]);
    const publicCsv = body.previews[0];
    expect(publicCsv).toEqual({
      file_name: 'reviews.csv',
      format: 'csv',
      row_count: 30,
      columns: [
        expect.objectContaining({ name: 'id', type: 'integer', min: 0, max: 29 }),
        expect.objectContaining({ name: 'review', type: 'string' }),
        expect.objectContaining({ name: 'rating', type: 'integer', min: 1, max: 5, mean: 3 }),
      ],
      sample: [
        ['12', 'unpublished-row-12-end', '3'],
        ['0', 'Good, "really" good\nline two 0', '1'],
        ['3', 'Good, "really" good\nline two 3', '4'],
      ],
    });
    expect(body.previews[2].sample).toHaveLength(10);
    expect(Object.keys(publicCsv).sort()).toEqual(['columns', 'file_name', 'format', 'row_count', 'sample']);

    // Every public answer, to a visitor and to a signed-in buyer: no hidden column, no unpublished row.
    const buyer = as(cast.buyer.token);
    const publicAnswers = [
      await as(null)('GET', `/products/${productId}/dataset-previews`),
      await buyer('GET', `/products/${productId}/dataset-previews`),
      await as(null)('GET', `/products/${productId}`),
      await buyer('GET', `/products/${productId}`),
      await as(null)('GET', `/products/${productId}/files`),
      await as(null)('GET', '/products/?search=Customer%20Reviews'),
      await as(null)('GET', '/products/?limit=100'),
    ];
    for (const answer of publicAnswers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain('private_contact');
      expect(answer.body).not.toContain('secret-contact');
      expect(answer.body).not.toContain('candidate');
      expect(answer.body).not.toContain('parquet-text-10');
      for (const row of [10, 11, 13, 29]) expect(answer.body).not.toContain(`unpublished-row-${row}-end`);
      for (const row of [1, 2, 4, 9]) expect(answer.body).not.toContain(`line two ${row}"`);
    }
    expect(publicAnswers[0]?.body).toContain('unpublished-row-12-end');
    expect(publicAnswers[0]?.body).toContain('line two 3"');

    // Hiding every column and publishing no row leaves schema-less, row-less previews.
    const none = await seller('PUT', `/seller/products/${productId}/dataset-previews/${csv.id}`, {
      sample_rows: [],
      hidden_columns: ['id', 'review', 'rating', 'private_contact'],
    });
    expect(none.statusCode).toBe(200);
    const after = (await as(null)('GET', `/products/${productId}/dataset-previews`)).json();
    expect(after.previews[0]).toMatchObject({ row_count: 30, columns: [], sample: [] });
  });

  it('lets only the product’s seller choose, within bounds', async () => {
    const created = await sendForm('POST', '/seller/products', cast.seller.token, [
      ...FIELDS,
      { name: 'files', filename: 'data.csv', data: reviewsCsv() },
      { name: 'files', filename: 'bad.jsonl', data: Buffer.from('not json\n') },
    ]);
    expect(created.statusCode).toBe(201);
    const productId = created.json().product.id as string;
    const seller = as(cast.seller.token);
    const previews = (await seller('GET', `/seller/products/${productId}/dataset-previews`)).json().previews as OwnPreview[];
    const good = byName(previews, 'data.csv');
    const bad = byName(previews, 'bad.jsonl');
    expect(bad.failure).toEqual({
      code: 'malformed',
      message: 'The file could not be read as JSON Lines: no preview was made',
      detail: 'line 1: not valid JSON',
    });
    const url = `/seller/products/${productId}/dataset-previews/${good.id}`;
    const choice = { sample_rows: [0], hidden_columns: [] };

    // Another seller, a buyer and a visitor cannot read or change it.
    const other = await signedInUser(t, 'seller', { firstName: 'Oth', lastName: 'Er' });
    expect((await other.call('PUT', url, choice)).statusCode).toBe(404);
    expect((await other.call('GET', `/seller/products/${productId}/dataset-previews`)).statusCode).toBe(404);
    expect((await as(cast.buyer.token)('PUT', url, choice)).statusCode).toBe(403);
    expect((await as(cast.buyer.token)('GET', `/admin/products/${productId}/dataset-previews`)).statusCode).toBe(403);
    expect((await as(null)('PUT', url, choice)).statusCode).toBe(401);
    // A preview of another product of the same seller is not found under this one.
    const otherProduct = await sendForm('POST', '/seller/products', cast.seller.token, [
      ...FIELDS,
      { name: 'files', filename: 'other.csv', data: Buffer.from('a\n1\n') },
    ]);
    const otherUrl = `/seller/products/${otherProduct.json().product.id}/dataset-previews/${good.id}`;
    expect((await seller('PUT', otherUrl, choice)).statusCode).toBe(404);
    expect((await seller('PUT', `/seller/products/${productId}/dataset-previews/not-an-id`, choice)).statusCode).toBe(404);
    expect((await seller('GET', `/seller/products/${productId}/dataset-previews`)).json().previews).toHaveLength(2);
    expect(
      byName((await seller('GET', `/seller/products/${productId}/dataset-previews`)).json().previews, 'data.csv').sample_rows,
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);

    // Bounds: at most 20 rows, rows of the preview, columns of the file, a preview that exists.
    const tooMany = await seller('PUT', url, { sample_rows: Array.from({ length: 21 }, (_, i) => i), hidden_columns: [] });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().detail).toBe('Pick at most 20 sample rows');
    const outside = await seller('PUT', url, { sample_rows: [30], hidden_columns: [] });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().detail).toBe('Sample rows must be rows of the preview');
    const unknown = await seller('PUT', url, { sample_rows: [1], hidden_columns: ['nope'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail).toBe('Hidden columns must be columns of the file');
    const failed = await seller('PUT', `/seller/products/${productId}/dataset-previews/${bad.id}`, choice);
    expect(failed.statusCode).toBe(409);
    expect(failed.json().detail).toBe('This file has no preview, so there is nothing to publish');
    const twenty = await seller('PUT', url, { sample_rows: Array.from({ length: 20 }, (_, i) => 29 - i), hidden_columns: [] });
    expect(twenty.statusCode).toBe(200);
    expect(twenty.json().sample_rows).toHaveLength(20);
  });

  it('previews a data file added by an update, and forgets the preview with its file', async () => {
    const created = await sendForm('POST', '/seller/products', cast.seller.token, [
      ...FIELDS,
      { name: 'files', filename: 'notes.txt', data: Buffer.from('no data here') },
    ]);
    const productId = created.json().product.id as string;
    const seller = as(cast.seller.token);
    expect((await seller('GET', `/seller/products/${productId}/dataset-previews`)).json().previews).toEqual([]);
    const updated = await sendForm('PUT', `/seller/products/${productId}`, cast.seller.token, [
      { name: 'files', filename: 'added.tsv', data: Buffer.from('x\ty\n1\t2\n') },
    ]);
    expect(updated.statusCode).toBe(200);
    const previews = (await seller('GET', `/seller/products/${productId}/dataset-previews`)).json().previews as OwnPreview[];
    expect(previews).toEqual([expect.objectContaining({ file_name: 'added.tsv', status: 'ready', row_count: 1 })]);
    const file = updated.json().product.files.find((f: { file_name: string }) => f.file_name === 'added.tsv');
    expect((await seller('DELETE', `/seller/products/${productId}/files/${file.id}`)).statusCode).toBe(200);
    expect((await seller('GET', `/seller/products/${productId}/dataset-previews`)).json().previews).toEqual([]);
  });

  it('reads a large data file after the upload’s answer, and reads again a preview whose runner died', async () => {
    const lines = ['id,city,score,note'];
    for (let i = 0; lines.length <= 400_000; i += 1) lines.push(`${i},city-${i % 50},${i % 1000},padding-${i % 7}`);
    const big = Buffer.from(lines.join('\n'));
    expect(big.length).toBeGreaterThan(INLINE_PREVIEW_BYTES);
    const created = await sendForm('POST', '/seller/products', cast.seller.token, [
      ...FIELDS,
      { name: 'files', filename: 'large.csv', data: big },
      { name: 'files', filename: 'small.csv', data: Buffer.from('a,b\n1,2\n') },
    ]);
    expect(created.statusCode).toBe(201);
    const productId = created.json().product.id as string;
    const seller = as(cast.seller.token);
    const list = async () =>
      (await seller('GET', `/seller/products/${productId}/dataset-previews`)).json().previews as OwnPreview[];
    // The small file was read before the answer; the large one is read after it.
    expect(byName(await list(), 'small.csv').status).toBe('ready');
    expect(['pending', 'ready']).toContain(byName(await list(), 'large.csv').status);
    await t.deps.afterReply.settled();
    const large = byName(await list(), 'large.csv');
    expect(large).toMatchObject({ status: 'ready', row_count: 400_000, sample_rows: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] });
    expect(large.columns.map((column) => column.name)).toEqual(['id', 'city', 'score', 'note']);

    // A runner that died mid-file (the process stopped) leaves it pending: nothing to publish yet,
    // and it is read again once its lease has run out and someone looks at it.
    await t.db.execute(
      sql`update dataset_previews set status = 'pending', analyzed_at = now() - interval '1 hour' where id = ${large.id}`,
    );
    const early = await seller('PUT', `/seller/products/${productId}/dataset-previews/${large.id}`, {
      sample_rows: [0],
      hidden_columns: [],
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe('The preview of this file is still being made: try again in a minute');
    expect(byName(await list(), 'large.csv').status).toBe('pending');
    await t.deps.afterReply.settled();
    expect(byName(await list(), 'large.csv')).toMatchObject({ status: 'ready', row_count: 400_000 });
  }, 120_000);
});
