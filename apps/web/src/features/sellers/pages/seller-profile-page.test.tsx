import type { PublicSeller } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeProduct, productList } from '@/test/catalog-fixtures';
import { renderRoute } from '@/test/render';

const SELLER_ID = '11111111-1111-4111-8111-111111111111';

/** The seller's own counts, as GET /products/?seller_id= answers them. */
const facets = {
  category: [
    { value: 'datasets', label: 'Datasets', count: 7 },
    { value: 'ai-models', label: 'AI Models', count: 3 },
  ],
  license: [{ value: 'mit', label: 'MIT', count: 4 }],
  price: [
    { value: '0-10', label: 'Under $10', count: 2 },
    { value: '10-50', label: '$10 to $50', count: 6 },
  ],
  rating: [{ value: '4', label: '4 stars & up', count: 5 }],
  framework: [
    { value: 'pytorch', label: 'PyTorch', count: 3 },
    { value: 'jax', label: 'JAX', count: 0 },
  ],
  commercial_use: [{ value: 'true', label: 'Allows commercial use', count: 9 }],
  gpu_memory: [{ value: '8', label: 'Up to 8 GB GPU memory', count: 2 }],
  hosting: [{ value: 'hosted', label: 'Hosted', count: 1 }],
};

const urlOf = (router: { state: { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

/** What the page last asked the catalogue for. */
const lastQuery = (asked: string[]) => Object.fromEntries(new URL(asked.at(-1) ?? 'http://x/').searchParams);

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

  it('shows the catalogue’s filters with the seller’s own counts', async () => {
    authStore.clear();
    mockApi({
      [`GET /api/v1/sellers/${SELLER_ID}`]: () => json(200, seller({ product_count: 10 })),
      'GET /api/v1/products/': () => json(200, productList([makeProduct({ title: 'Clean Census' })], { total: 10, facets })),
    });
    renderRoute(`/sellers/${SELLER_ID}/zoe-quant`);
    const filters = await screen.findByRole('complementary', { name: 'Filters' });
    // Facet buttons: price bands, rating, framework… counted over this seller's products only.
    expect(await within(filters).findByRole('button', { name: '$10 to $50, 6 products' })).toBeTruthy();
    expect(within(filters).getByRole('button', { name: 'Under $10, 2 products' })).toBeTruthy();
    expect(within(filters).getByRole('button', { name: '4 stars & up, 5 products' })).toBeTruthy();
    expect(within(filters).getByRole('button', { name: 'PyTorch, 3 products' })).toBeTruthy();
    expect(within(filters).queryByRole('button', { name: /^JAX,/ })).toBeNull(); // nothing of theirs there
    // The filter selects carry the same counts.
    expect(within(filters).getByRole('option', { name: 'Datasets (7)' })).toBeTruthy();
    expect(within(filters).getByRole('option', { name: 'Up to 8 GB (2)' })).toBeTruthy();
    expect(within(filters).getByRole('checkbox', { name: 'Licence allows commercial use (9)' })).toBeTruthy();
    // On phones the filters fold away behind a button, as on the catalogue.
    const toggle = within(filters).getByRole('button', { name: 'Filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('sends a picked framework and price band to the server, keeps them in the URL and starts again from page 1', async () => {
    authStore.clear();
    const asked: string[] = [];
    mockApi({
      [`GET /api/v1/sellers/${SELLER_ID}`]: () => json(200, seller({ product_count: 30 })),
      'GET /api/v1/products/': (request) => {
        asked.push(request.url);
        return json(200, productList([makeProduct({ title: 'Clean Census' })], { total: 30, pages: 3, page: 2, facets }));
      },
    });
    const { user, router } = renderRoute(`/sellers/${SELLER_ID}/zoe-quant?page=2`);
    await user.click(await screen.findByRole('button', { name: 'PyTorch, 3 products' }));
    expect(urlOf(router)).toEqual({ framework: 'pytorch' });
    await user.click(screen.getByRole('button', { name: '$10 to $50, 6 products' }));
    expect(urlOf(router)).toEqual({ framework: 'pytorch', min_price: '10', max_price: '50' });
    await waitFor(() =>
      expect(lastQuery(asked)).toEqual({
        seller_id: SELLER_ID,
        framework: 'pytorch',
        min_price: '10',
        max_price: '50',
        limit: '12',
      }),
    );
    // The small-screen button counts them (the price range as one).
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeTruthy();
    // Picking the band again takes it off.
    await user.click(screen.getByRole('button', { name: '$10 to $50, 6 products' }));
    expect(urlOf(router)).toEqual({ framework: 'pytorch' });
  });

  it('keeps the previous products dimmed and busy while the filtered ones load', async () => {
    authStore.clear();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockApi({
      [`GET /api/v1/sellers/${SELLER_ID}`]: () => json(200, seller()),
      'GET /api/v1/products/': async (request) => {
        if (new URL(request.url).searchParams.get('framework')) {
          await gate;
          return json(200, productList([makeProduct({ title: 'Torch Tagger' })], { facets }));
        }
        return json(200, productList([makeProduct({ title: 'Clean Census' })], { facets }));
      },
    });
    const { user } = renderRoute(`/sellers/${SELLER_ID}/zoe-quant`);
    await user.click(await screen.findByRole('button', { name: 'PyTorch, 3 products' }));
    const list = screen.getByRole('list', { name: 'Products by Zoë Quant' });
    await waitFor(() => expect(list.getAttribute('aria-busy')).toBe('true'));
    expect(within(list).getByRole('link', { name: 'Clean Census' })).toBeTruthy();
    release();
    const fresh = await screen.findByRole('link', { name: 'Torch Tagger' });
    expect(fresh.closest('ul')?.getAttribute('aria-busy')).toBeNull();
  });

  it('says when nothing matches the filters and clears them with one click', async () => {
    authStore.clear();
    const asked: string[] = [];
    mockApi({
      [`GET /api/v1/sellers/${SELLER_ID}`]: () => json(200, seller()),
      'GET /api/v1/products/': (request) => {
        asked.push(request.url);
        const filtered = new URL(request.url).searchParams.has('hosting');
        return json(200, productList(filtered ? [] : [makeProduct({ title: 'Clean Census' })], { facets }));
      },
    });
    const { user, router } = renderRoute(`/sellers/${SELLER_ID}/zoe-quant?hosting=hosted&sort_by=price&sort_order=asc`);
    expect(await screen.findByText('No products of this seller match these filters.')).toBeTruthy();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    expect(clear).toHaveLength(2); // in the empty state and under the filters
    await user.click(clear[0] as HTMLElement);
    // The filters go, the sort stays.
    expect(urlOf(router)).toEqual({ sort_by: 'price', sort_order: 'asc' });
    expect(await screen.findByRole('link', { name: 'Clean Census' })).toBeTruthy();
    expect(lastQuery(asked)).not.toHaveProperty('hosting');
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
    const { router } = renderRoute(`/sellers/${SELLER_ID}/old-name?sort_by=rating&framework=pytorch`);
    await screen.findByRole('heading', { level: 1, name: 'Zoë Quant' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/sellers/${SELLER_ID}/zoe-quant`));
    expect(router.state.location.search).toBe('?sort_by=rating&framework=pytorch');
  });

  it('shows Seller not found for an unknown or suspended seller', async () => {
    authStore.clear();
    mockApi({ [`GET /api/v1/sellers/${SELLER_ID}`]: () => json(404, { detail: 'Seller not found', code: 'NOT_FOUND' }) });
    renderRoute(`/sellers/${SELLER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Seller not found' })).toBeTruthy();
  });
});
