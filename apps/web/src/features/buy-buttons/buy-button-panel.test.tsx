import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, type MockHandler, mockApi } from '@/test/api-mock';
import { makeProduct } from '@/test/catalog-fixtures';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const SELLER = '99999999-9999-4999-8999-999999999999';
const product = makeProduct({ id: 'p-1', title: 'Vision "Toolkit" <pro>', seller_id: SELLER });
const snippet = {
  product_id: 'p-1',
  product_title: 'Vision "Toolkit" <pro>',
  product_url: 'https://shop.example/products/p-1',
  script_url: 'https://shop.example/embed/v1/buy.js',
  integrity: 'sha384-abc',
};

function productApi(handlers: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/v1/products/p-1': () => json(200, { ...product, related: [] }),
    'GET /api/v1/products/p-1/reviews': () =>
      json(200, { reviews: [], total: 0, page: 1, pages: 1, average_rating: 0, review_count: 0, can_review: false }),
    'GET /api/v1/products/p-1/files': () => json(200, { product_id: 'p-1', files: [] }),
    'GET /api/v1/products/p-1/dataset-previews': () => json(200, { product_id: 'p-1', previews: [] }),
    'GET /api/v1/buy-buttons/products/p-1': () => json(200, snippet),
    ...handlers,
  });
}

describe('buy button panel', () => {
  it('gives the product’s seller the snippet with the shop’s addresses, their link text, and copies it', async () => {
    authStore.setSession(makeSession({ id: SELLER, role: 'seller' }));
    const api = productApi();
    const { user } = renderRoute('/products/p-1');
    // After renderRoute: its user-event session installs a clipboard of its own.
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    const panel = (await screen.findByRole('heading', { name: 'Buy button for your own site' })).closest('div')
      ?.parentElement as HTMLElement;
    const code = within(panel).getByLabelText('Snippet to paste') as HTMLTextAreaElement;
    expect(code.readOnly).toBe(true);
    expect(code.value).toBe(
      '<script src="https://shop.example/embed/v1/buy.js" integrity="sha384-abc" crossorigin="anonymous" async></script>\n' +
        '<a href="https://shop.example/products/p-1" data-marketplace-buy>Buy Vision &#34;Toolkit&#34; &#60;pro&#62;</a>',
    );
    const text = within(panel).getByLabelText('Button text');
    await user.clear(text);
    await user.type(text, 'Get it now');
    expect(code.value).toContain('data-marketplace-buy>Get it now</a>');

    await user.click(within(panel).getByRole('button', { name: 'Copy snippet' }));
    expect(writeText).toHaveBeenCalledWith(code.value);
    expect((await within(panel).findByRole('status')).textContent).toBe('Snippet copied to the clipboard');
    expect(api.requests.some((r) => r.path === '/api/v1/buy-buttons/products/p-1')).toBe(true);
  });

  it('is not shown to visitors or other users, who never ask for it', async () => {
    authStore.setSession(makeSession({ id: 'someone-else', role: 'seller' }));
    const api = productApi();
    renderRoute('/products/p-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vision "Toolkit" <pro>' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Buy button for your own site' })).toBeNull();
    expect(api.requests.some((r) => r.path.startsWith('/api/v1/buy-buttons'))).toBe(false);
  });
});
