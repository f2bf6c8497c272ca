import type { PublicSeller } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeProduct, productList } from '@/test/catalog-fixtures';
import { renderRoute } from '@/test/render';

const SELLER_ID = '11111111-1111-4111-8111-111111111111';

function seller(overrides: Partial<PublicSeller> = {}): PublicSeller {
  return {
    id: SELLER_ID,
    name: 'Zoë Quant',
    slug: 'zoe-quant',
    avatar: null,
    bio: 'Tabular datasets, cleaned by hand.',
    links: [{ label: 'Website', url: 'https://zoe.example' }],
    member_since: '2025-03-01T10:00:00.000Z',
    product_count: 2,
    sales_count: 1234,
    average_rating: 4.5,
    review_count: 8,
    ...overrides,
  };
}

describe('a seller’s page', () => {
  it('shows who sells, their figures and links, and their products with the catalogue’s filters', async () => {
    authStore.clear();
    const products = [
      makeProduct({ title: 'Clean Census', seller_id: SELLER_ID }),
      makeProduct({ title: 'Tidy Tides', seller_id: SELLER_ID }),
    ];
    const asked: string[] = [];
    mockApi({
      [`GET /api/v1/sellers/${SELLER_ID}`]: () => json(200, seller()),
      'GET /api/v1/products/': (request) => {
        asked.push(request.url);
        return json(200, productList(products));
      },
    });
    const { user } = renderRoute(`/sellers/${SELLER_ID}/zoe-quant`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Zoë Quant' })).toBeTruthy();
    expect(screen.getByText('Tabular datasets, cleaned by hand.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Website' }).getAttribute('href')).toBe('https://zoe.example');
    expect(screen.getByText('1,234')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5, 8 reviews' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Products by Zoë Quant' });
    expect(within(list).getByRole('link', { name: 'Clean Census' })).toBeTruthy();
    expect(asked.at(-1)).toContain(`seller_id=${SELLER_ID}`);

    await user.selectOptions(screen.getByLabelText('Sort by'), 'priceAsc');
    await screen.findByRole('list', { name: 'Products by Zoë Quant' });
    expect(asked.at(-1)).toContain('sort_by=price');
    expect(asked.at(-1)).toContain('sort_order=asc');
  });

  it('says so clearly when the seller has no approved products', async () => {
    authStore.clear();
    mockApi({ [`GET /api/v1/sellers/${SELLER_ID}`]: () => json(200, seller({ product_count: 0, bio: '', links: [] })) });
    renderRoute(`/sellers/${SELLER_ID}`);
    expect(await screen.findByText('Zoë Quant has no products for sale yet.')).toBeTruthy();
    expect(screen.queryByLabelText('Sort by')).toBeNull();
  });

  it('corrects the address to the seller’s current name, keeping the filters', async () => {
    authStore.clear();
    mockApi({
      [`GET /api/v1/sellers/${SELLER_ID}`]: () => json(200, seller()),
      'GET /api/v1/products/': () => json(200, productList([makeProduct({ title: 'Clean Census', seller_id: SELLER_ID })])),
    });
    const { router } = renderRoute(`/sellers/${SELLER_ID}/old-name?sort=rating`);
    await screen.findByRole('heading', { level: 1, name: 'Zoë Quant' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/sellers/${SELLER_ID}/zoe-quant`));
    expect(router.state.location.search).toBe('?sort=rating');
  });

  it('shows Seller not found for an unknown or suspended seller', async () => {
    authStore.clear();
    mockApi({ [`GET /api/v1/sellers/${SELLER_ID}`]: () => json(404, { detail: 'Seller not found', code: 'NOT_FOUND' }) });
    renderRoute(`/sellers/${SELLER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Seller not found' })).toBeTruthy();
  });
});
