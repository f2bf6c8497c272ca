import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type MockRequest, mockApi } from '@/test/api-mock';
import { makeProduct, productList } from '@/test/catalog-fixtures';
import { renderRoute } from '@/test/render';

const categories = {
  categories: [
    { slug: 'ai-tools', name: 'AI Tools', count: 18 },
    { slug: 'datasets', name: 'Datasets', count: 12 },
  ],
};

/** A catalogue of 30 products: every request is answered with page `page` of it. */
function catalogueApi({ total = 30 } = {}) {
  const api = mockApi({
    'GET /api/v1/products/categories/list': () => json(200, categories),
    'GET /api/v1/products/': (request: MockRequest) => {
      const params = new URL(request.url).searchParams;
      const page = Number(params.get('page') ?? '1');
      const limit = Number(params.get('limit'));
      const pages = Math.ceil(total / limit);
      const count = Math.max(0, Math.min(limit, total - (page - 1) * limit));
      const products = Array.from({ length: count }, (_, index) =>
        makeProduct({ title: `Item ${(page - 1) * limit + index + 1}` }),
      );
      return json(200, productList(products, { total, page, pages }));
    },
  });
  /** The query of the latest catalogue request, as an object. */
  const lastQuery = () => {
    const calls = api.calls('GET /api/v1/products/');
    return Object.fromEntries(new URL(calls[calls.length - 1]?.url ?? 'http://x/').searchParams);
  };
  return { ...api, lastQuery };
}

const urlOf = (router: { state: { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

describe('products page', () => {
  it('reads search, filters, sort and page from the URL and asks the server for exactly that', async () => {
    const api = catalogueApi();
    renderRoute(
      '/products?search=bot&category=datasets&min_price=10&max_price=90&license=cc-by-4.0&sort_by=price&sort_order=asc&page=2',
    );

    expect(await screen.findByRole('heading', { name: 'Results for "bot"' })).toBeTruthy();
    expect(await screen.findByText('30 products')).toBeTruthy();
    expect(api.lastQuery()).toEqual({
      search: 'bot',
      category: 'datasets',
      min_price: '10',
      max_price: '90',
      license: 'cc-by-4.0',
      sort_by: 'price',
      sort_order: 'asc',
      page: '2',
      limit: '12',
    });
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('datasets');
    expect((screen.getByLabelText('Min price') as HTMLInputElement).value).toBe('10');
    expect((screen.getByLabelText('Max price') as HTMLInputElement).value).toBe('90');
    expect((screen.getByLabelText('Licence') as HTMLSelectElement).value).toBe('cc-by-4.0');
    const sort = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect(sort.selectedOptions[0]?.textContent).toBe('Price: low to high');
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    const results = screen.getByRole('list', { name: 'Products' });
    expect(within(results).getAllByRole('listitem')).toHaveLength(12);
    expect(within(results).getByRole('link', { name: 'Item 13' }).getAttribute('href')).toMatch(/^\/products\//);
  });

  it('ignores URL values the server would refuse instead of failing', async () => {
    const api = catalogueApi();
    renderRoute('/products?category=nonsense&sort_by=cheapest&min_price=abc&page=-3');
    await screen.findByText('30 products');
    expect(api.lastQuery()).toEqual({ limit: '12' });
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Newest');
  });

  it('writes every filter and sort change to the URL and goes back to page 1', async () => {
    const api = catalogueApi();
    const { user, router } = renderRoute('/products?page=2');
    await screen.findByText('30 products');

    await user.selectOptions(screen.getByLabelText('Category'), 'ai-tools');
    expect(urlOf(router)).toEqual({ category: 'ai-tools' });
    await waitFor(() => expect(api.lastQuery()).toEqual({ category: 'ai-tools', limit: '12' }));

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(urlOf(router)).toEqual({ category: 'ai-tools', page: '2' });

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: high to low');
    expect(urlOf(router)).toEqual({ category: 'ai-tools', sort_by: 'price', sort_order: 'desc' });

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await user.selectOptions(screen.getByLabelText('Licence'), 'Commercial, team');
    expect(urlOf(router)).toEqual({ category: 'ai-tools', sort_by: 'price', sort_order: 'desc', license: 'commercial-team' });

    await user.type(screen.getByLabelText('Min price'), '5');
    await user.type(screen.getByLabelText('Max price'), '50{Enter}');
    expect(urlOf(router)).toEqual({
      category: 'ai-tools',
      sort_by: 'price',
      sort_order: 'desc',
      license: 'commercial-team',
      min_price: '5',
      max_price: '50',
    });
    await waitFor(() => expect(api.lastQuery()).toMatchObject({ min_price: '5', max_price: '50', license: 'commercial-team' }));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(urlOf(router)).toEqual({ sort_by: 'price', sort_order: 'desc' });
  });

  it('refuses a minimum price above the maximum without changing the URL', async () => {
    catalogueApi();
    const { user, router } = renderRoute('/products');
    await screen.findByText('30 products');
    await user.type(screen.getByLabelText('Min price'), '80');
    await user.type(screen.getByLabelText('Max price'), '20');
    await user.click(screen.getByRole('button', { name: 'Apply price' }));
    expect(screen.getByText('The minimum price must not be more than the maximum.')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('offers Relevance only while searching', async () => {
    catalogueApi();
    const { unmount } = renderRoute('/products');
    await screen.findByText('30 products');
    const plain = Array.from((screen.getByLabelText('Sort by') as HTMLSelectElement).options, (option) => option.textContent);
    expect(plain).toEqual(['Newest', 'Price: low to high', 'Price: high to low', 'Top rated', 'Most popular', 'Title A–Z']);
    unmount();

    renderRoute('/products?search=agent');
    await screen.findByText('30 products');
    const sort = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect(sort.options[0]?.textContent).toBe('Relevance');
    expect(sort.selectedOptions[0]?.textContent).toBe('Relevance');
  });

  it('shows skeleton cards while loading, then an empty state whose button clears the filters', async () => {
    catalogueApi({ total: 0 });
    const { user, router } = renderRoute('/products?search=zebra&license=open-source');
    expect(screen.getByText('Loading products…')).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();

    expect(await screen.findByText('No products match')).toBeTruthy();
    expect(screen.getByText('No products found for "zebra"')).toBeTruthy();
    const clear = screen.getAllByRole('button', { name: 'Clear search and filters' });
    await user.click(clear[clear.length - 1] as HTMLElement);
    expect(router.state.location.search).toBe('');
  });
});

describe('search results page', () => {
  const facets = {
    category: [
      { value: 'ai-tools', label: 'AI Tools', count: 640 },
      { value: 'datasets', label: 'Datasets', count: 0 },
    ],
    license: [{ value: 'commercial', label: 'Commercial', count: 120 }],
    price: [{ value: '10-50', label: '$10 to $50', count: 300 }],
    rating: [{ value: '4', label: '4 stars & up', count: 210 }],
    framework: [
      { value: 'pytorch', label: 'PyTorch', count: 42 },
      { value: 'jax', label: 'JAX', count: 0 },
    ],
    commercial_use: [{ value: 'true', label: 'Allows commercial use', count: 510 }],
    gpu_memory: [{ value: '8', label: 'Up to 8 GB GPU memory', count: 37 }],
    hosting: [{ value: 'hosted', label: 'Hosted', count: 12 }],
  };

  function searchApi() {
    return mockApi({
      'GET /api/v1/products/categories/list': () => json(200, categories),
      'GET /api/v1/products/': () =>
        json(
          200,
          productList([makeProduct({ title: 'Lead Scoring Module' })], {
            total: 1000,
            total_capped: true,
            pages: 84,
            facets,
            did_you_mean: 'lead scoring',
          }),
        ),
    });
  }

  it('shows a capped total, the facets with their counts, and "Did you mean"', async () => {
    searchApi();
    renderRoute('/products?search=lead%20scroing');
    expect(await screen.findByText('1,000+ products')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'AI Tools, 640 products' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Datasets,/ })).toBeNull(); // nothing to find there
    expect(screen.getByRole('button', { name: '4 stars & up, 210 products' })).toBeTruthy();
    expect(screen.getByText('Counts among the first 1,000 matches.')).toBeTruthy();
    expect(screen.getByText('Did you mean', { exact: false })).toBeTruthy();
  });

  it('filters on the listing card: framework, commercial use and GPU memory, with their counts', async () => {
    const api = searchApi();
    const { user, router } = renderRoute('/products?search=lead%20scroing');
    await user.click(await screen.findByRole('button', { name: 'PyTorch, 42 products' }));
    expect(urlOf(router)).toEqual({ search: 'lead scroing', framework: 'pytorch' });
    expect(screen.queryByRole('button', { name: /^JAX,/ })).toBeNull(); // no matches there
    await user.click(screen.getByRole('checkbox', { name: 'Licence allows commercial use (510)' }));
    expect(urlOf(router)).toMatchObject({ framework: 'pytorch', commercial_use: 'true' });
    await user.selectOptions(screen.getByLabelText('GPU memory'), 'Up to 8 GB (37)');
    expect(urlOf(router)).toMatchObject({ max_gpu_memory: '8' });
    await waitFor(() => {
      const calls = api.calls('GET /api/v1/products/');
      const sent = new URL(calls[calls.length - 1]?.url ?? 'http://x/').searchParams;
      expect([sent.get('framework'), sent.get('commercial_use'), sent.get('max_gpu_memory')]).toEqual(['pytorch', 'true', '8']);
    });
  });

  it('counts the listing card filters on the small-screen filters button, as the others', async () => {
    searchApi();
    renderRoute('/products?search=lead%20scroing&framework=PyTorch&commercial_use=true&license=mit&min_price=5&max_price=50');
    expect(await screen.findByRole('button', { name: 'Filters (4)' })).toBeTruthy();
  });

  it('filters by a facet and searches the suggested words on a click', async () => {
    const api = searchApi();
    const { user, router } = renderRoute('/products?search=lead%20scroing');
    await user.click(await screen.findByRole('button', { name: '$10 to $50, 300 products' }));
    expect(urlOf(router)).toEqual({ search: 'lead scroing', min_price: '10', max_price: '50' });
    await user.click(screen.getByRole('button', { name: '4 stars & up, 210 products' }));
    await waitFor(() => expect(urlOf(router)).toMatchObject({ min_rating: '4' }));
    await waitFor(() => {
      const calls = api.calls('GET /api/v1/products/');
      expect(new URL(calls[calls.length - 1]?.url ?? 'http://x/').searchParams.get('min_rating')).toBe('4');
    });
    await user.click(screen.getByRole('button', { name: 'lead scoring' }));
    expect(urlOf(router).search).toBe('lead scoring');
  });
});
