import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeProduct } from '@/test/catalog-fixtures';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

/** The way into guest checkout (decision 0046): a product page offers it to visitors who are not signed in. */

const product = makeProduct({ id: 'p-1', title: 'Vision Toolkit', price: 5, pay_what_you_want: true, suggested_price: 12 });

function productApi() {
  return mockApi({
    'GET /api/v1/products/p-1': () => json(200, { ...product, related: [] }),
    'GET /api/v1/products/p-1/reviews': () =>
      json(200, { reviews: [], total: 0, page: 1, pages: 1, average_rating: 0, review_count: 0, can_review: false }),
    'GET /api/v1/products/p-1/files': () => json(200, { product_id: 'p-1', files: [] }),
    'GET /api/v1/products/p-1/dataset-previews': () => json(200, { product_id: 'p-1', previews: [] }),
  });
}

describe('buy as guest on a product page', () => {
  it('is offered to a visitor, with the pay-what-you-want amount they chose', { timeout: 30_000 }, async () => {
    authStore.clear();
    productApi();
    const { user } = renderRoute('/products/p-1');
    // The first render loads the page's code: give a busy machine time.
    const link = await screen.findByRole('link', { name: 'Buy as guest' }, { timeout: 15_000 });
    // Left as suggested: the server charges the suggested price.
    expect(link.getAttribute('href')).toBe('/guest-checkout?product=p-1');
    const amount = screen.getByLabelText('Your price (USD)');
    await user.clear(amount);
    await user.type(amount, '7.5');
    expect(screen.getByRole('link', { name: 'Buy as guest' }).getAttribute('href')).toBe(
      '/guest-checkout?product=p-1&amount=7.5',
    );
  });

  it('is not offered to a signed-in buyer (their cart and checkout are theirs)', async () => {
    authStore.setSession(makeSession());
    productApi();
    renderRoute('/products/p-1');
    await screen.findByRole('heading', { level: 1, name: 'Vision Toolkit' });
    expect(screen.queryByRole('link', { name: 'Buy as guest' })).toBeNull();
  });
});
