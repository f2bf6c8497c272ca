import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeProduct } from '@/test/catalog-fixtures';
import { renderRoute } from '@/test/render';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const GONE = '00000000-0000-4000-8000-00000000000c';

describe('compare', () => {
  it('puts the products side by side: price, rating, licence, card fields, seller and last update', async () => {
    authStore.clear();
    const alpha = {
      ...makeProduct({ id: A, title: 'Alpha Census', price: 19, license: 'Extended', updated_at: '2026-04-02T10:00:00.000Z' }),
      card: {
        kind: 'dataset' as const,
        model: null,
        dataset: {
          rows: 50000,
          columns: 4,
          file_formats: ['csv'],
          size_mb: null,
          source: 'Public tide gauges',
          collection_method: '',
          contains_personal_data: false,
        },
        api: null,
        license_text: null,
        commercial_use: true,
        redistribution: false,
        modification: true,
      },
    };
    const beta = makeProduct({ id: B, title: 'Beta Tides', price: 29, review_count: 0 });
    let asked = '';
    mockApi({
      'GET /api/v1/compare': (request) => {
        asked = request.url;
        return json(200, { products: [alpha, beta], missing: [GONE] });
      },
    });
    renderRoute(`/compare?ids=${A},${B},${GONE},not-an-id`);
    const table = await screen.findByRole('table', { name: '2 products side by side' });
    expect(asked).toContain(`ids=${A},${B},${GONE}`);
    expect(within(table).getByRole('columnheader', { name: /Alpha Census/ })).toBeTruthy();
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(within(row('Price')).getByText('$19.00')).toBeTruthy();
    expect(within(row('Rating')).getByText('No reviews yet')).toBeTruthy();
    expect(within(row('Commercial use')).getByText('Yes')).toBeTruthy();
    expect(within(row('Redistribution')).getByText('No')).toBeTruthy();
    expect(within(row('Rows')).getByText('50,000')).toBeTruthy();
    expect(within(row('Contains personal data')).getByText('No')).toBeTruthy();
    expect(within(row('Source')).getByText('Public tide gauges')).toBeTruthy();
    expect(within(row('Source')).getByText('Not stated')).toBeTruthy();
    expect(within(row('Seller')).getAllByRole('link', { name: 'Neural Labs' })[0]?.getAttribute('href')).toMatch(/^\/sellers\//);
    expect(screen.getByText('1 product is no longer available and was left out.')).toBeTruthy();
  });

  it('asks for 2 to 4 products when fewer are given, without asking the server', async () => {
    authStore.clear();
    mockApi({});
    renderRoute(`/compare?ids=${A}`);
    expect(await screen.findByText(/Choose 2 to 4 products to compare/)).toBeTruthy();
  });
});
