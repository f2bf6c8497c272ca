import type { PublicProduct } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeProduct } from '@/test/catalog-fixtures';
import { makeCartItem, priceCart } from '@/test/commerce-fixtures';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

describe('wishlist page', () => {
  it('lists saved products and removes one, down to the empty state', async () => {
    authStore.setSession(makeSession());
    let saved: PublicProduct[] = [
      makeProduct({ id: 'p-1', title: 'Vision Toolkit' }),
      makeProduct({ id: 'p-2', title: 'Voice Kit' }),
    ];
    const answer = () => json(200, { items: saved, products: saved, total: saved.length });
    const api = mockApi({
      'GET /api/v1/wishlist': answer,
      'DELETE /api/v1/wishlist/remove/p-1': () => {
        saved = saved.filter((product) => product.id !== 'p-1');
        return answer();
      },
      'DELETE /api/v1/wishlist/remove/p-2': () => {
        saved = saved.filter((product) => product.id !== 'p-2');
        return answer();
      },
    });
    const { user } = renderRoute('/wishlist');

    const list = await screen.findByRole('list', { name: 'Saved products' });
    expect(
      within(list)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('href')?.startsWith('/products/'))
        .map((link) => link.textContent),
    ).toEqual(['Vision Toolkit', 'Voice Kit']);
    expect(screen.getByText('2 saved products')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove Vision Toolkit from wishlist' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Vision Toolkit' })).toBeNull());
    expect(await screen.findByText('Vision Toolkit was removed from your wishlist')).toBeTruthy();
    expect(api.calls('DELETE /api/v1/wishlist/remove/p-1')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Remove Voice Kit from wishlist' }));
    expect(await screen.findByText('Your wishlist is empty. Save products to compare and buy later.')).toBeTruthy();
    expect(
      screen.getAllByRole('link', { name: 'Browse products' }).some((link) => link.getAttribute('href') === '/products'),
    ).toBe(true);
  });

  it('adds a saved product to the cart from its card; the header count follows the server', async () => {
    authStore.setSession(makeSession());
    const saved = [
      makeProduct({ id: 'p-1', title: 'Vision Toolkit', price: 30 }),
      makeProduct({ id: 'p-2', title: 'Voice Kit' }),
    ];
    const api = mockApi({
      'GET /api/v1/wishlist': () => json(200, { items: saved, products: saved, total: saved.length }),
      'POST /api/v1/cart/add': () =>
        json(200, priceCart([makeCartItem({ product_id: 'p-1', title: 'Vision Toolkit', price: 30 })])),
    });
    const { user } = renderRoute('/wishlist');

    await user.click(await screen.findByRole('button', { name: 'Add Vision Toolkit to cart' }));
    expect(await screen.findByText('Added to cart')).toBeTruthy();
    expect(api.calls('POST /api/v1/cart/add').map((call) => call.body)).toEqual([{ product_id: 'p-1', quantity: 1 }]);
    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeTruthy();
    // Still saved: adding to the cart does not take it off the wishlist.
    expect(screen.getByRole('link', { name: 'Vision Toolkit' })).toBeTruthy();
  });

  it('says why when the server will not add it, and the cart stays empty', async () => {
    authStore.setSession(makeSession());
    const saved = [makeProduct({ id: 'p-1', title: 'Vision Toolkit' })];
    mockApi({
      'GET /api/v1/wishlist': () => json(200, { items: saved, products: saved, total: 1 }),
      'POST /api/v1/cart/add': () => json(404, { detail: 'Product not found', code: 'NOT_FOUND' }),
    });
    const { user } = renderRoute('/wishlist');

    await user.click(await screen.findByRole('button', { name: 'Add Vision Toolkit to cart' }));
    expect(await screen.findByText('Product not found')).toBeTruthy();
    expect(screen.queryByText('Added to cart')).toBeNull();
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeTruthy();
  });
});
