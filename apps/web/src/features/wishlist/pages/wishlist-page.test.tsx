import type { PublicProduct } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeProduct } from '@/test/catalog-fixtures';
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
});
