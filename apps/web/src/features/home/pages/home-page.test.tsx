import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { switchLanguage } from '@/lib/i18n';
import { json, type MockRequest, mockApi } from '@/test/api-mock';
import { makeProduct, productList } from '@/test/catalog-fixtures';
import { renderRoute } from '@/test/render';

describe('home page', () => {
  it('shows featured, newest and top-rated rows, categories with counts and the catalogue stats', async () => {
    authStore.clear();
    const api = mockApi({
      'GET /api/v1/products/categories/list': () =>
        json(200, {
          categories: [
            { slug: 'ai-tools', name: 'AI Tools', count: 18 },
            { slug: 'datasets', name: 'Datasets', count: 1 },
          ],
        }),
      'GET /api/v1/products/': (request: MockRequest) => {
        const params = new URL(request.url).searchParams;
        if (params.get('featured') === 'true') {
          return json(
            200,
            productList(
              [
                makeProduct({ title: 'Featured A', rating: 5, review_count: 1 }),
                makeProduct({ title: 'Featured B', rating: 4, review_count: 3 }),
              ],
              { total: 2 },
            ),
          );
        }
        if (params.get('sort_by') === 'rating')
          return json(200, productList([makeProduct({ title: 'Best Rated' })], { total: 126 }));
        return json(200, productList([makeProduct({ title: 'Brand New' })], { total: 126 }));
      },
    });
    renderRoute('/');

    const featured = await screen.findByRole('list', { name: 'Featured products' });
    expect(
      within(featured)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('href')?.startsWith('/products/'))
        .map((link) => link.textContent),
    ).toEqual(['Featured A', 'Featured B']);
    expect(
      within(await screen.findByRole('list', { name: 'Newest arrivals' })).getByRole('link', { name: 'Brand New' }),
    ).toBeTruthy();
    expect(within(await screen.findByRole('list', { name: 'Top rated' })).getByRole('link', { name: 'Best Rated' })).toBeTruthy();

    const queries = api.calls('GET /api/v1/products/').map((request) => new URL(request.url).search);
    expect(queries).toEqual(
      expect.arrayContaining([
        '?featured=true&limit=8',
        '?sort_by=created_at&sort_order=desc&limit=8',
        '?sort_by=rating&sort_order=desc&limit=8',
      ]),
    );

    const tools = await screen.findByRole('link', { name: /AI Tools\s*18 products/ });
    expect(tools.getAttribute('href')).toBe('/products?category=ai-tools');
    expect(screen.getByRole('link', { name: /Datasets\s*1 product$/ }).getAttribute('href')).toBe('/products?category=datasets');

    const stats = screen.getByRole('region', { name: 'Marketplace at a glance' });
    expect(within(stats).getByText('126')).toBeTruthy();
    expect(within(stats).getByText('2')).toBeTruthy();
    // (5 × 1 + 4 × 3) / 4 reviews
    expect(within(stats).getByText('4.3 / 5')).toBeTruthy();
  });

  it('searches the catalogue from the hero search box', async () => {
    authStore.clear();
    mockApi();
    const { user, router } = renderRoute('/');
    const hero = screen.getByRole('button', { name: 'Search' }).closest('form') as HTMLElement;
    await user.type(within(hero).getByRole('combobox', { name: 'Search products' }), 'speech');
    await user.click(within(hero).getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe('/products');
    expect(router.state.location.search).toBe('?search=speech');
  });

  it('labels the Popular chips in the reader’s language and searches the catalogue for the term', async () => {
    authStore.clear();
    mockApi();
    await switchLanguage('de');
    renderRoute('/');
    const chip = await screen.findByRole('link', { name: 'Datensatz' });
    expect(chip.getAttribute('href')).toBe('/products?search=dataset');
    expect(screen.getByRole('link', { name: 'Bild' }).getAttribute('href')).toBe('/products?search=image');
    expect(screen.queryByRole('link', { name: 'dataset' })).toBeNull();
  });

  it('never claims "0 products" when the API is down; it says so and tries again on request', async () => {
    authStore.clear();
    let down = true;
    const unavailable = () => json(503, { detail: 'Service unavailable', code: 'UNAVAILABLE' });
    const api = mockApi({
      'GET /api/v1/products/categories/list': () =>
        down ? unavailable() : json(200, { categories: [{ slug: 'ai-tools', name: 'AI Tools', count: 126 }] }),
      'GET /api/v1/products/': () =>
        down ? unavailable() : json(200, productList([makeProduct({ title: 'Back Again' })], { total: 126 })),
    });
    const { user } = renderRoute('/');

    const alert = (await screen.findByText('The catalogue could not be loaded')).closest('[role="alert"]') as HTMLElement;
    expect(alert).toBeTruthy();
    expect(screen.queryByText(/\b0 products?\b/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Marketplace at a glance' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Explore by category' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Newest arrivals' })).toBeNull();
    expect(document.body.textContent).not.toMatch(/\b0\s*Products available/);

    down = false;
    const before = api.calls('GET /api/v1/products/').length;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    const stats = await screen.findByRole('region', { name: 'Marketplace at a glance' });
    expect(within(stats).getByText('126')).toBeTruthy();
    expect(await screen.findByRole('link', { name: /All products\s*126 products/ })).toBeTruthy();
    expect(screen.queryByText('The catalogue could not be loaded')).toBeNull();
    expect(api.calls('GET /api/v1/products/').length).toBeGreaterThan(before);
  });
});
