import { act, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, type MockHandler, mockApi } from '@/test/api-mock';
import { makeOrder } from '@/test/commerce-fixtures';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import type { CheckoutSuccessState } from '../lib/success-state';
import { CheckoutSuccessPage } from './checkout-success-page';

const state: CheckoutSuccessState = {
  order_id: 'aaaaaaaa-0000-4000-8000-000000000001',
  order_number: 'AIM-20260501-ABCD',
  payment_intent_id: 'pi_test_1',
  items: [
    { product_id: '11111111-1111-4111-8111-111111111111', title: 'Chatbot Builder', quantity: 1, price: 40 },
    { product_id: '22222222-2222-4222-8222-222222222222', title: 'Sentiment Dataset (v2)', quantity: 1, price: 25 },
  ],
  total: 65,
};

/** The order as the server priced it: SAVE10 took $6.50 off. */
const pricedOrder = makeOrder({
  id: state.order_id,
  order_number: state.order_number,
  items: state.items.map((item) => ({ ...item, product_name: item.title, product_title: item.title })),
  subtotal: 65,
  discount: 6.5,
  promo_code: 'SAVE10',
  total_amount: 58.5,
});

const zip = () => new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { headers: { 'content-type': 'application/zip' } });

/** Saved downloads: the file name and the fake-clock time of each <a download> click. */
let saved: { name: string; at: number }[] = [];
let start = 0;

beforeEach(() => {
  // Only the clock the page uses is faked: reading a Response body still needs the real event loop.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  start = Date.now();
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:zip');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, at: Date.now() - start });
  });
  authStore.setSession(makeSession());
});

afterEach(() => {
  vi.useRealTimers();
});

function open(handlers: Record<string, MockHandler>, routeState: unknown = state) {
  const api = mockApi(handlers);
  const view = renderRoute('/checkout/success', {
    state: routeState,
    routes: [
      {
        path: '/checkout/success',
        element: (
          <StrictMode>
            <CheckoutSuccessPage />
          </StrictMode>
        ),
      },
      { path: '/orders', element: <h1>Orders list</h1> },
    ],
  });
  return { ...view, api };
}

/** Lets answers already sent arrive (real I/O), then moves the fake clock on. */
async function settle() {
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

async function advance(ms: number) {
  await act(async () => {
    await settle();
    await vi.advanceTimersByTimeAsync(ms);
    await settle();
  });
}

const downloadsOk = {
  'POST /api/v1/orders/save-order': () => json(200, { order_id: state.order_id, order_number: state.order_number }),
  [`GET /api/v1/orders/${state.order_id}`]: () => json(200, pricedOrder),
  'GET /api/v1/orders/download-product-files/11111111-1111-4111-8111-111111111111': zip,
  'GET /api/v1/orders/download-product-files/22222222-2222-4222-8222-222222222222': zip,
};

describe('payment success screen', () => {
  it('saves once, downloads each item 2 s later and 1 s apart, then counts down 10 s to /orders', async () => {
    const { api, router } = open(downloadsOk);
    await advance(0);

    expect(api.calls('POST /api/v1/orders/save-order')).toHaveLength(1);
    expect(api.calls('POST /api/v1/orders/save-order')[0]?.body).toEqual({ payment_intent_id: 'pi_test_1' });
    expect(screen.getByRole('heading', { name: 'Payment successful' })).toBeTruthy();
    expect(screen.queryByText('Confirming your payment…')).toBeNull();

    await advance(1990);
    expect(saved).toEqual([]);
    await advance(10);
    expect(saved).toEqual([{ name: 'Chatbot_Builder_files.zip', at: 2000 }]);
    await advance(990);
    expect(saved).toHaveLength(1);
    await advance(10);
    expect(saved).toEqual([
      { name: 'Chatbot_Builder_files.zip', at: 2000 },
      { name: 'Sentiment_Dataset__v2__files.zip', at: 3000 },
    ]);
    expect(api.calls('POST /api/v1/orders/save-order')).toHaveLength(1);

    expect(screen.getByText('Taking you to My Orders in 10 seconds…')).toBeTruthy();
    await advance(9000);
    expect(screen.getByText('Taking you to My Orders in 1 second…')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checkout/success');
    await advance(1000);
    expect(router.state.location.pathname).toBe('/orders');
    expect(screen.getByRole('heading', { name: 'Orders list' })).toBeTruthy();
  });

  it('shows the paid order’s price rows as the server priced them: subtotal, Discount (SAVE10), total', async () => {
    const { api } = open(downloadsOk);
    for (let turn = 0; turn < 10 && !screen.queryByLabelText('Price summary'); turn += 1) await advance(100);
    const summary = screen.getByLabelText('Price summary');
    const rows = within(summary)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual(['Subtotal $65.00', 'Discount (SAVE10) −$6.50', 'Total $58.50']);
    expect(api.calls(`GET /api/v1/orders/${state.order_id}`)).toHaveLength(1);
  });

  it('never says "successful" before the server confirmed: it shows that it is confirming', async () => {
    let answer: (response: Response) => void = () => {};
    open({
      ...downloadsOk,
      'POST /api/v1/orders/save-order': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await advance(0);
    expect(screen.getByRole('heading', { name: 'Confirming your payment…' })).toBeTruthy();
    expect(screen.queryByText('Payment successful')).toBeNull();
    answer(json(200, { order_id: state.order_id, order_number: state.order_number }));
    await advance(0);
    expect(screen.getByRole('heading', { name: 'Payment successful' })).toBeTruthy();
  });

  it('a payment the bank is still processing is polled until the server says paid, then downloads start', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let paid = false;
    const { api } = open({
      ...downloadsOk,
      'POST /api/v1/orders/save-order': () =>
        json(409, { detail: 'The payment for this order has not been confirmed', code: 'CONFLICT' }),
      [`GET /api/v1/orders/${state.order_id}`]: () =>
        json(200, { ...pricedOrder, status: paid ? 'completed' : 'pending', payment_status: paid ? 'paid' : 'unpaid' }),
    });
    await advance(0);
    expect(warn).toHaveBeenCalledWith('Saving the order failed', expect.anything());
    expect(screen.getByRole('heading', { name: 'Payment processing' })).toBeTruthy();
    expect(screen.queryByText('Payment successful')).toBeNull();
    await advance(6000);
    expect(api.calls(`GET /api/v1/orders/${state.order_id}`).length).toBeGreaterThanOrEqual(2);
    expect(saved).toEqual([]);
    paid = true;
    await advance(3000);
    expect(screen.getByRole('heading', { name: 'Payment successful' })).toBeTruthy();
    await advance(2000);
    expect(saved.map((s) => s.name)).toEqual(['Chatbot_Builder_files.zip']);
  });

  it('a refused payment says so with the server’s reason, downloads nothing and lets the buyer keep shopping', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { api, router } = open({
      ...downloadsOk,
      'POST /api/v1/orders/save-order': () =>
        json(409, { detail: 'This order was refunded and can not be paid again', code: 'ORDER_NOT_PAYABLE' }),
    });
    await advance(0);
    await advance(15_000);

    expect(screen.getByRole('heading', { name: 'Payment not confirmed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This order was refunded and can not be paid again');
    expect(screen.queryByText('Payment successful')).toBeNull();
    expect(saved).toEqual([]);
    expect(api.calls('GET /api/v1/orders/download-product-files/11111111-1111-4111-8111-111111111111')).toHaveLength(0);
    expect(screen.queryByText(/Taking you to My Orders/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/products');
    expect(router.state.location.pathname).toBe('/checkout/success');
  });

  it('without route state says where the order is and calls nothing', async () => {
    const { api } = open({}, null);
    await advance(5000);
    expect(screen.getByText('If you just paid, your order and its downloads are waiting in My Orders.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View my orders' }).getAttribute('href')).toBe('/orders');
    // Only the site settings every page reads (maintenance mode) and the sign-in's preferences sync.
    const background = ['/api/v1/settings/public', '/api/v1/users/me/preferences'];
    expect(api.requests.filter((request) => !background.includes(request.path))).toHaveLength(0);
  });
});
