import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeOrder } from '@/test/commerce-fixtures';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const completed = makeOrder();
const pending = makeOrder({
  id: 'aaaaaaaa-0000-4000-8000-000000000002',
  order_number: 'AIM-20260502-0002',
  status: 'pending',
  payment_status: 'unpaid',
  paid_at: null,
  product_name: 'Sentiment Dataset',
  items: [
    {
      product_id: '22222222-2222-4222-8222-222222222222',
      product_name: 'Sentiment Dataset',
      product_title: 'Sentiment Dataset',
      quantity: 1,
      price: 25,
    },
  ],
});

const product = {
  id: '33333333-3333-4333-8333-333333333333',
  title: 'Vision API',
  price: 19,
  image: null,
  category: 'APIs',
};

describe('user dashboard', () => {
  it('shows the 5 latest orders, 3 popular products and pending + processing as active orders', async () => {
    authStore.setSession(makeSession());
    const api = mockApi({
      'GET /api/v1/orders/stats': () =>
        json(200, { total_orders: 4, completed_orders: 2, processing_orders: 2, total_spent: 65 }),
      'GET /api/v1/orders': () => json(200, { orders: [completed, pending], total: 2, page: 1, pages: 1 }),
      'GET /api/v1/products/': () => json(200, { products: [product], total: 1, page: 1, pages: 1 }),
    });
    renderRoute('/dashboard');

    expect(await screen.findByText('Vision API')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Active orders').nextElementSibling?.textContent).toBe('2'));
    expect(screen.getByText('Total spent').nextElementSibling?.textContent).toBe('$65.00');

    const orders = new URL(api.calls('GET /api/v1/orders')[0]?.url ?? '').searchParams;
    expect(orders.get('limit')).toBe('5');
    const products = new URL(api.calls('GET /api/v1/products/')[0]?.url ?? '').searchParams;
    expect(products.get('limit')).toBe('3');
    expect(products.get('sort_by')).toBe('popularity');

    // A completed order gets a download link; a pending one does not.
    expect(screen.getByRole('button', { name: `Download the files of order ${completed.order_number}` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: `Download the files of order ${pending.order_number}` })).toBeNull();
    const popular = screen.getByText('Vision API').closest('li') as HTMLElement;
    expect(within(popular).getByRole('button', { name: 'Add to cart' })).toBeTruthy();
  });

  it('downloads a completed order and toasts when that fails', async () => {
    authStore.setSession(makeSession());
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:zip');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    let fail = false;
    mockApi({
      'GET /api/v1/orders': () => json(200, { orders: [completed], total: 1, page: 1, pages: 1 }),
      [`GET /api/v1/orders/${completed.id}/download-zip`]: () =>
        fail ? json(500, { detail: 'Server error' }) : new Response(new Uint8Array([0x50, 0x4b])),
    });
    const { user } = renderRoute('/dashboard');
    const button = await screen.findByRole('button', { name: `Download the files of order ${completed.order_number}` });

    await user.click(button);
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));

    fail = true;
    await user.click(button);
    expect(await screen.findByText('Download failed')).toBeTruthy();
  });
});
