import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeOrder } from '@/test/commerce-fixtures';
import { renderRoute } from '@/test/render';

/** The guest's receipt while the payment settles: a Stripe confirm whose answer was lost leaves the order waiting. */

const ORDER_ID = 'aaaaaaaa-0000-4000-8000-000000000009';
const ORDER_PATH = `GET /api/v1/guest/orders/${ORDER_ID}`;
const TOKEN = 'guest-token.sig';

const orderIn = (payment_status: string) =>
  makeOrder({
    id: ORDER_ID,
    order_id: ORDER_ID,
    order_number: 'AIM-20261127-WAIT',
    status: payment_status === 'paid' ? 'completed' : 'pending',
    payment_status,
    paid_at: payment_status === 'paid' ? new Date().toISOString() : null,
  });

/** The server answers each GET of the order with the next state of `states` (the last one from then on). */
function orderApi(states: string[]) {
  authStore.clear();
  localStorage.clear();
  localStorage.setItem(`guest-order-token:${ORDER_ID}`, TOKEN);
  let asked = 0;
  return mockApi({
    [ORDER_PATH]: () => json(200, orderIn(states[Math.min(asked++, states.length - 1)] as string)),
    [`GET /api/v1/guest/orders/${ORDER_ID}/downloads`]: () =>
      json(200, { order_id: ORDER_ID, expires_at: '2026-12-01T00:00:00.000Z', links: [] }),
  });
}

describe('guest order page while the payment is unsettled', () => {
  it('asks the server again by itself while the payment is processing, and shows the paid order', {
    timeout: 30_000,
  }, async () => {
    const api = orderApi(['processing', 'paid']);
    renderRoute(`/guest/orders/${ORDER_ID}`);
    expect(await screen.findByText(/AIM-20261127-WAIT is waiting for its payment/, undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy();

    // No click: the page polls every 3 s while the order is unpaid or processing.
    expect(await screen.findByRole('heading', { name: 'Thank you for your purchase' }, { timeout: 10_000 })).toBeTruthy();
    expect(api.calls(ORDER_PATH)).toHaveLength(2);
    expect(api.calls(ORDER_PATH)[1]?.headers.get('x-order-token')).toBe(TOKEN);
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
    expect(await screen.findByText('This order has no files to download.')).toBeTruthy();
  });

  it('asks again at once on "Check again", and keeps waiting while the server still says unpaid', {
    timeout: 30_000,
  }, async () => {
    const api = orderApi(['unpaid', 'unpaid', 'paid']);
    const { user } = renderRoute(`/guest/orders/${ORDER_ID}`);
    const again = await screen.findByRole('button', { name: 'Check again' }, { timeout: 15_000 });
    expect(api.calls(ORDER_PATH)).toHaveLength(1);

    await user.click(again);
    // Sooner than the 3 s poll would.
    await waitFor(() => expect(api.calls(ORDER_PATH)).toHaveLength(2), { timeout: 1_000 });
    expect(await screen.findByText(/is waiting for its payment/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Thank you for your purchase' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your purchase' }, { timeout: 2_000 })).toBeTruthy();
    expect(api.calls(ORDER_PATH).length).toBeGreaterThanOrEqual(3);
  });

  it('stops asking once the order is closed unpaid, and says so instead of "updates by itself"', {
    timeout: 30_000,
  }, async () => {
    const api = orderApi(['void']);
    renderRoute(`/guest/orders/${ORDER_ID}`);
    expect(await screen.findByText(/AIM-20261127-WAIT is closed/, undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText(/updates by itself/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(api.calls(ORDER_PATH)).toHaveLength(1);
  });

  it('does not keep asking after the server refuses the link', { timeout: 30_000 }, async () => {
    authStore.clear();
    localStorage.clear();
    localStorage.setItem(`guest-order-token:${ORDER_ID}`, 'old-token');
    const api = mockApi({
      [ORDER_PATH]: () =>
        json(403, { detail: 'This order link has expired. Open the link in your latest e-mail from us.', code: 'FORBIDDEN' }),
    });
    renderRoute(`/guest/orders/${ORDER_ID}`);
    expect(await screen.findByText(/This order link has expired/, undefined, { timeout: 15_000 })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(api.calls(ORDER_PATH)).toHaveLength(1);
  });
});
