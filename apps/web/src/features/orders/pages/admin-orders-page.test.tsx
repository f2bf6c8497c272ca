import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, type MockHandler, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const ORDER = '33333333-3333-4333-8333-333333333333';

function openAsAdmin(path: string, handlers: Record<string, MockHandler> = {}) {
  authStore.setSession(makeSession({ role: 'admin', id: 'admin-1', email: 'root@example.com' }));
  const api = mockApi(handlers);
  return { ...renderRoute(path), api };
}

const order = {
  id: ORDER,
  order_id: ORDER,
  order_number: 'ORD-2026-0042',
  status: 'completed',
  payment_status: 'paid',
  items: [{ product_id: 'p-1', product_name: 'Prompt Toolkit', product_title: 'Prompt Toolkit', quantity: 1, price: 19.99 }],
  product_name: 'Prompt Toolkit',
  subtotal: 19.99,
  discount: 0,
  total_amount: 19.99,
  amount: 19.99,
  ai_pool_contribution: 2,
  promo_code: null,
  created_at: '2026-11-10T10:00:00.000Z',
  updated_at: '2026-11-10T10:00:00.000Z',
  paid_at: '2026-11-10T10:00:00.000Z',
  customer_email: 'buyer@example.com',
  refund: { status: 'requested', reason: 'The files would not open.', requested_at: '2026-11-11T10:00:00.000Z' },
};

describe('admin orders', () => {
  it('opens on refund requests from the dashboard link and denies a refund only with a note', async () => {
    const { user, api } = openAsAdmin('/admin/orders?refund=requested', {
      'GET /api/v1/admin/orders': () => json(200, { orders: [order], total: 1, page: 1, pages: 1 }),
      [`GET /api/v1/admin/orders/${ORDER}`]: () => json(200, { ...order, customer: null }),
      [`PUT /api/v1/admin/orders/${ORDER}/refund`]: () => json(200, { message: 'Refund denied' }),
    });
    await screen.findByText('ORD-2026-0042');
    expect(new URL(api.calls('GET /api/v1/admin/orders')[0]?.url ?? '').searchParams.get('refund')).toBe('requested');

    await user.click(screen.getByRole('button', { name: 'Refund of order ORD-2026-0042' }));
    const panel = await screen.findByRole('dialog', { name: 'Refund request for ORD-2026-0042' });
    expect(within(panel).getByText('The files would not open.')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Deny' }));
    expect(await within(panel).findByText('Please give the buyer a reason (at least 5 characters)')).toBeTruthy();
    expect(api.calls(`PUT /api/v1/admin/orders/${ORDER}/refund`)).toHaveLength(0);

    await user.type(within(panel).getByLabelText('Note to the buyer'), 'The files open fine in our test.');
    await user.click(within(panel).getByRole('button', { name: 'Deny' }));
    expect(await screen.findByText('Refund denied')).toBeTruthy();
    expect(api.calls(`PUT /api/v1/admin/orders/${ORDER}/refund`)[0]?.body).toEqual({
      decision: 'deny',
      note: 'The files open fine in our test.',
    });
  });
});
