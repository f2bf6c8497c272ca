import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, type MockRequest, mockApi } from '@/test/api-mock';
import { makeOrder } from '@/test/commerce-fixtures';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

/** Two people, one browser tab: the second never sees the first one's data. */

const alicesOrder = makeOrder({ order_number: 'AIM-20260501-ALICE' });
const bobsOrder = makeOrder({ id: 'bbbbbbbb-0000-4000-8000-000000000001', order_number: 'AIM-20260502-BOB' });
const alice = makeSession({ id: 'user-alice', email: 'alice@example.com', first_name: 'Alice' }, 'token-alice');
const bob = makeSession({ id: 'user-bob', email: 'bob@example.com', first_name: 'Bob' }, 'token-bob');

/** The first render of the whole app is slow on a busy machine: wait longer for it than for later steps. */
const FIRST_RENDER = { timeout: 20_000 };

const tokenOf = (request: MockRequest) => request.headers.get('authorization')?.replace('Bearer ', '');
const orderList = (orders: ReturnType<typeof makeOrder>[]) => json(200, { orders, total: orders.length, page: 1, pages: 1 });
const stats = (total: number) =>
  json(200, { total_orders: total, completed_orders: total, processing_orders: 0, total_spent: 40 });

describe('a second user in the same tab', () => {
  it("never sees the previous user's orders after that session ended and they signed in", async () => {
    let releaseBobsOrders: () => void = () => {};
    const bobsOrdersAnswered = new Promise<void>((resolve) => {
      releaseBobsOrders = resolve;
    });
    authStore.setSession(alice);
    mockApi({
      'GET /api/v1/orders': async (request) => {
        if (tokenOf(request) === 'token-alice') return orderList([alicesOrder]);
        await bobsOrdersAnswered;
        return orderList([bobsOrder]);
      },
      'GET /api/v1/orders/stats': (request) => stats(tokenOf(request) === 'token-alice' ? 1 : 0),
      // Alice's session ends on the server: her next call is refused and so is the refresh.
      'GET /api/v1/wishlist': (request) =>
        tokenOf(request) === 'token-alice'
          ? json(401, { detail: 'Your session has ended. Please sign in again.', code: 'UNAUTHORIZED' })
          : json(200, { items: [], products: [], total: 0 }),
      'POST /api/v1/auth/login': () => json(200, bob),
    });
    const { user, router } = renderRoute('/orders');
    expect(await screen.findByRole('heading', { name: `Order ${alicesOrder.order_number}` }, FIRST_RENDER)).toBeTruthy();

    await router.navigate('/wishlist');
    await screen.findByRole('heading', { name: 'Welcome back' }, FIRST_RENDER);
    expect(authStore.getState().status).toBe('anonymous');

    await user.type(screen.getByLabelText('Email'), 'bob@example.com');
    await user.type(screen.getByLabelText('Password'), 'Bobs-own-password-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(authStore.getState().user?.id).toBe('user-bob'));

    await router.navigate('/orders');
    await screen.findByRole('heading', { name: 'My Orders' });
    // While Bob's own orders are on their way, nothing of Alice's is on screen.
    expect(screen.queryByText(alicesOrder.order_number, { exact: false })).toBeNull();
    releaseBobsOrders();
    expect(await screen.findByRole('heading', { name: `Order ${bobsOrder.order_number}` })).toBeTruthy();
    expect(screen.queryByText(alicesOrder.order_number, { exact: false })).toBeNull();
  }, 60_000);

  it('starts from an empty cache when someone else signs in, whichever way the first session ended', async () => {
    authStore.setSession(alice);
    mockApi({
      'GET /api/v1/orders': (request) => orderList(tokenOf(request) === 'token-alice' ? [alicesOrder] : [bobsOrder]),
      'GET /api/v1/orders/stats': (request) => stats(tokenOf(request) === 'token-alice' ? 1 : 0),
    });
    const { queryClient } = renderRoute('/orders');
    await screen.findByRole('heading', { name: `Order ${alicesOrder.order_number}` }, FIRST_RENDER);
    expect(queryClient.getQueryCache().getAll().length).toBeGreaterThan(0);

    // Another account takes over the tab without a sign-out in between.
    authStore.setSession(bob);
    await waitFor(() => expect(queryClient.getQueryCache().findAll({ queryKey: ['orders', 'user-alice'] })).toHaveLength(0));
    expect(await screen.findByRole('heading', { name: `Order ${bobsOrder.order_number}` })).toBeTruthy();
    expect(screen.queryByText(alicesOrder.order_number, { exact: false })).toBeNull();
  }, 60_000);
});
