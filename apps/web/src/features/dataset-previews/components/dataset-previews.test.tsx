import type { OwnDatasetPreview, PublicDatasetPreviewList } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SellerProducts } from '@/features/seller/components/seller-products';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeProduct } from '@/test/catalog-fixtures';
import { makeSession } from '@/test/fixtures';
import { makeOwnProduct, sellerHandlers, sellerStats } from '@/test/marketplace-fixtures';
import { renderRoute } from '@/test/render';
import { ReviewDatasetPreviews } from './review-dataset-previews';

const product = makeProduct({ id: 'd-1', title: 'Review Sentiment Dataset', category: 'Datasets', category_slug: 'datasets' });

const column = (name: string, type: string, extra: Record<string, unknown> = {}) => ({
  name,
  type,
  empty_share: 0,
  distinct_count: 3,
  distinct_estimated: false,
  min: null,
  max: null,
  mean: null,
  top_values: [],
  ...extra,
});

const publicPreviews = {
  product_id: 'd-1',
  previews: [
    {
      file_name: 'reviews.csv',
      format: 'csv',
      row_count: 120_000,
      columns: [
        column('id', 'integer', { distinct_count: 118_950, distinct_estimated: true, min: 1, max: 120_000, mean: 60_000.5 }),
        column('text', 'string', { empty_share: 0.0125 }),
        column('label', 'string', {
          top_values: [
            { value: 'positive', count: 70_000 },
            { value: 'negative', count: 50_000 },
          ],
        }),
      ],
      sample: [
        ['1', 'Great product, works as described', 'positive'],
        ['2', null, 'negative'],
      ],
    },
  ],
} as PublicDatasetPreviewList;

describe('the data preview on a product page', () => {
  it('shows each data file’s schema, statistics and published rows as tables', async () => {
    authStore.clear();
    mockApi({
      'GET /api/v1/products/d-1': () => json(200, { ...product, related: [] }),
      'GET /api/v1/products/d-1/reviews': () =>
        json(200, { reviews: [], total: 0, page: 1, pages: 0, average_rating: 0, review_count: 0, can_review: false }),
      'GET /api/v1/products/d-1/files': () => json(200, { product_id: 'd-1', files: [] }),
      'GET /api/v1/products/d-1/dataset-previews': () => json(200, publicPreviews),
    });
    renderRoute('/products/d-1');

    const heading = await screen.findByRole('heading', { level: 2, name: 'Data preview' }, { timeout: 10_000 });
    const section = heading.closest('section') as HTMLElement;
    expect(within(section).getByRole('heading', { level: 3, name: 'reviews.csv' })).toBeTruthy();
    expect(within(section).getByText('CSV · 120,000 rows · 3 columns')).toBeTruthy();

    const stats = within(section).getByRole('table', { name: 'Columns and statistics of reviews.csv' });
    const idRow = within(stats).getByRole('row', { name: /^id/ });
    expect(within(idRow).getByText('Integer')).toBeTruthy();
    expect(within(idRow).getByText('about 118,950')).toBeTruthy();
    expect(within(idRow).getByText('120,000')).toBeTruthy();
    expect(within(within(stats).getByRole('row', { name: /^text/ })).getByText('1.3 %')).toBeTruthy();
    expect(within(within(stats).getByRole('row', { name: /^label/ })).getByText('positive')).toBeTruthy();

    const sample = within(section).getByRole('table', { name: '2 sample rows of reviews.csv' });
    expect(
      within(sample)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['id', 'text', 'label']);
    const rows = within(sample).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['1', 'Great product, works as described', 'positive'],
      ['2', '–empty', 'negative'],
    ]);
    // Wide tables scroll inside their own box, reachable from the keyboard.
    expect(sample.parentElement?.getAttribute('tabindex')).toBe('0');
  });

  it('shows nothing for a product without data files', async () => {
    authStore.clear();
    const api = mockApi({
      'GET /api/v1/products/d-1': () => json(200, { ...product, related: [] }),
      'GET /api/v1/products/d-1/reviews': () =>
        json(200, { reviews: [], total: 0, page: 1, pages: 0, average_rating: 0, review_count: 0, can_review: false }),
      'GET /api/v1/products/d-1/files': () => json(200, { product_id: 'd-1', files: [] }),
      'GET /api/v1/products/d-1/dataset-previews': () => json(200, { product_id: 'd-1', previews: [] }),
    });
    renderRoute('/products/d-1');
    await screen.findByRole('heading', { level: 1, name: 'Review Sentiment Dataset' }, { timeout: 10_000 });
    await waitFor(() => expect(api.calls('GET /api/v1/products/d-1/dataset-previews')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Data preview' })).toBeNull();
  });
});

describe('the seller’s data preview controls', () => {
  const own = makeOwnProduct({
    id: 'p-9',
    title: 'Review Sentiment Dataset',
    status: 'pending',
    files: [
      {
        id: 'f-1',
        file_name: 'reviews.csv',
        content_type: 'text/csv',
        size_bytes: 1_000,
        scan_verdict: 'clean',
        scan_reasons: [],
        scanned_at: null,
      },
    ],
  });
  const ready: OwnDatasetPreview = {
    id: 'v-1',
    file_id: 'f-1',
    file_name: 'reviews.csv',
    format: 'csv',
    status: 'ready',
    failure: null,
    row_count: 3,
    columns: [column('id', 'integer'), column('text', 'string'), column('email', 'string')] as OwnDatasetPreview['columns'],
    candidate_rows: [
      ['1', 'good', 'a@example.org'],
      ['2', 'bad', 'b@example.org'],
      ['3', 'fine', 'c@example.org'],
    ],
    sample_rows: [0, 1],
    hidden_columns: [],
    analyzed_at: '2026-11-27T10:00:00.000Z',
  };
  const failed: OwnDatasetPreview = {
    ...ready,
    id: 'v-2',
    file_name: 'broken.jsonl',
    format: 'jsonl',
    status: 'failed',
    failure: {
      code: 'malformed',
      message: 'The file could not be read as JSON Lines: no preview was made',
      detail: 'line 2: not valid JSON',
    },
    row_count: 0,
    columns: [],
    candidate_rows: [],
    sample_rows: [],
  };

  it('shows why a file has no preview, and saves the published rows and hidden columns', async () => {
    authStore.setSession(makeSession({ role: 'seller' }));
    const api = mockApi({
      ...sellerHandlers([own], { ...sellerStats, total_products: 1 }),
      'GET /api/v1/seller/products/p-9/dataset-previews': () => json(200, { previews: [ready, failed] }),
      'PUT /api/v1/seller/products/p-9/dataset-previews/v-1': (request) => json(200, { ...ready, ...(request.body as object) }),
    });
    // The seller's product list as the seller page shows it.
    const routes = [{ path: '/seller', element: <SellerProducts onAdd={() => {}} onEdit={() => {}} /> }];
    const { user } = renderRoute('/seller', { routes });
    await user.click(
      await screen.findByRole('button', { name: 'Data preview of Review Sentiment Dataset' }, { timeout: 10_000 }),
    );
    const panel = (await screen.findByRole('heading', { name: 'Data preview of Review Sentiment Dataset' })).closest(
      'section',
    ) as HTMLElement;
    expect(await within(panel).findByText('The file could not be read as JSON Lines: no preview was made')).toBeTruthy();
    expect(within(panel).getByText('line 2: not valid JSON')).toBeTruthy();

    expect(within(panel).getByText('2 of 20 rows picked')).toBeTruthy();
    await user.click(within(panel).getByRole('checkbox', { name: 'email' }));
    await user.click(within(panel).getByRole('checkbox', { name: 'Publish row 1' }));
    await user.click(within(panel).getByRole('checkbox', { name: 'Publish row 3' }));
    expect(within(panel).getByText('2 of 20 rows picked')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Save preview' }));

    await waitFor(() => expect(api.calls('PUT /api/v1/seller/products/p-9/dataset-previews/v-1')).toHaveLength(1));
    expect(api.calls('PUT /api/v1/seller/products/p-9/dataset-previews/v-1')[0]?.body).toEqual({
      sample_rows: [1, 2],
      hidden_columns: ['email'],
    });
    expect(await screen.findByText('Preview saved')).toBeTruthy();
  }, 30_000);

  it('shows the admin reviewing the product the rows buyers will see, the hidden columns and why a file has no preview', async () => {
    authStore.setSession(makeSession({ role: 'admin' }));
    mockApi({
      'GET /api/v1/admin/products/p-9/dataset-previews': () =>
        json(200, {
          previews: [
            { ...ready, sample_rows: [2], hidden_columns: ['email'] },
            failed,
            { ...failed, id: 'v-3', file_name: 'large.parquet', status: 'pending', failure: null },
          ],
        }),
    });
    const files = [{ file_name: 'reviews.csv' }, { file_name: 'broken.jsonl' }];
    const routes = [{ path: '/review', element: <ReviewDatasetPreviews productId="p-9" files={files} /> }];
    renderRoute('/review', { routes });
    const section = (await screen.findByRole('heading', { name: 'Data preview' })).closest('section') as HTMLElement;
    expect(await within(section).findByText('Hidden from buyers: email')).toBeTruthy();
    const sample = within(section).getByRole('table', { name: '1 sample row of reviews.csv' });
    expect(
      within(sample)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['id', 'text']);
    expect(
      within(sample)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', 'fine']);
    expect(within(section).getByText('The file could not be read as JSON Lines: no preview was made')).toBeTruthy();
    // A large file still being read after its upload.
    expect(within(section).getByText('large.parquet: the preview is being made…')).toBeTruthy();
  });
});
