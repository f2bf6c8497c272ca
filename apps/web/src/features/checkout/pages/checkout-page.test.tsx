import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, type MockHandler, mockApi } from '@/test/api-mock';
import { makeCartItem, makeOrder, PROMOS, priceCart } from '@/test/commerce-fixtures';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const items = [
  makeCartItem({ product_id: '11111111-1111-4111-8111-111111111111', title: 'Chatbot Builder', price: 40 }),
  makeCartItem({ product_id: '22222222-2222-4222-8222-222222222222', title: 'Sentiment Dataset', price: 25 }),
];

const testConfig = {
  provider: 'test',
  test_mode: true,
  publishable_key: null,
  test_cards: { success: '4242424242424242', declined: '4000000000000002', insufficientFunds: '4000000000009995' },
};

const placed = {
  order_id: 'aaaaaaaa-0000-4000-8000-000000000001',
  order_number: 'AIM-20260501-ABCD',
  payment_intent_id: 'pi_test_1',
  client_secret: 'pi_test_1_secret',
  amount: 65,
  currency: 'usd',
  provider: 'test',
  status: 'pending',
  payment_status: 'unpaid',
};

/** The test card processor: 4000 0000 0000 0002 is declined, anything else that passes is charged. */
const confirmPayment: MockHandler = ({ body }) => {
  const card = body as { card_number: string };
  if (card.card_number === '4000000000000002') return json(402, { detail: 'Your card was declined.', code: 'PAYMENT_FAILED' });
  if (card.card_number === '4242424242424241')
    return json(422, {
      detail: 'Your card number is invalid.',
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'card_number', message: 'Your card number is invalid.' }],
    });
  return json(200, { status: 'succeeded', order_id: placed.order_id, order_number: placed.order_number, payment_status: 'paid' });
};

async function openCheckout(handlers: Record<string, MockHandler> = {}) {
  authStore.setSession(makeSession());
  const api = mockApi({
    'GET /api/v1/cart': () => json(200, priceCart(items)),
    'GET /api/v1/payments/config': () => json(200, testConfig),
    'POST /api/v1/orders/checkout': () => json(201, placed),
    'POST /api/v1/payments/confirm-payment/pi_test_1': confirmPayment,
    'POST /api/v1/orders/save-order': () => json(200, { order_id: placed.order_id }),
    // The success page shows the paid order's price rows.
    [`GET /api/v1/orders/${placed.order_id}`]: () =>
      json(200, makeOrder({ id: placed.order_id, order_number: placed.order_number, subtotal: 65, total_amount: 65 })),
    ...handlers,
  });
  const view = renderRoute('/checkout');
  await screen.findByRole('heading', { name: 'Checkout', level: 1 });
  return { ...view, api };
}

async function fillCard(user: ReturnType<typeof renderRoute>['user'], number: string) {
  const field = screen.getByLabelText('Card number');
  await user.clear(field);
  await user.type(field, number);
  await user.clear(screen.getByLabelText('Expiry month'));
  await user.type(screen.getByLabelText('Expiry month'), '12');
  await user.clear(screen.getByLabelText('Expiry year'));
  await user.type(screen.getByLabelText('Expiry year'), String(new Date().getFullYear() + 2));
  await user.clear(screen.getByLabelText('CVC'));
  await user.type(screen.getByLabelText('CVC'), '123');
}

describe('checkout page', () => {
  it('shows the order summary and a test-mode notice with the three test cards', async () => {
    await openCheckout();
    const notice = screen.getByRole('region', { name: 'Test mode' });
    expect(within(notice).getByText('4242 4242 4242 4242')).toBeTruthy();
    expect(within(notice).getByText('4000 0000 0000 0002')).toBeTruthy();
    expect(within(notice).getByText('4000 0000 0000 9995')).toBeTruthy();
    expect(screen.getByText('Chatbot Builder')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $65.00' })).toBeTruthy();
  });

  it('shows the same price rows as the cart: subtotal, Discount (SAVE10), total', async () => {
    await openCheckout({ 'GET /api/v1/cart': () => json(200, priceCart(items, PROMOS.SAVE10 ?? null)) });
    const rows = within(screen.getByLabelText('Price summary'))
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual(['Subtotal $65.00', 'Discount (SAVE10) −$6.50', 'Total $58.50']);
    expect(screen.getByRole('button', { name: 'Pay $58.50' })).toBeTruthy();
  });

  it('never fetches Stripe.js in test-card mode', async () => {
    await openCheckout();
    await screen.findByLabelText('Card number');
    // Stripe's loader adds its script on the next tick after it is imported; give it that tick.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('script[src*="stripe.com"]')).toBeNull();
  });

  it('checks the card fields before calling anything', async () => {
    const { user, api } = await openCheckout();

    await user.click(screen.getByRole('button', { name: 'Pay $65.00' }));
    expect(await screen.findByText('Card number is required')).toBeTruthy();
    expect(screen.getByText('Expiry month is required')).toBeTruthy();
    expect(screen.getByText('Expiry year is required')).toBeTruthy();
    expect(screen.getByText('CVC is required')).toBeTruthy();

    await user.type(screen.getByLabelText('Card number'), '1234');
    await user.type(screen.getByLabelText('Expiry month'), '13');
    await user.type(screen.getByLabelText('Expiry year'), '2026');
    await user.type(screen.getByLabelText('CVC'), '12');
    await user.click(screen.getByRole('button', { name: 'Pay $65.00' }));
    expect(await screen.findByText('Your card number is invalid.')).toBeTruthy();
    expect(screen.getByText('Your card’s expiration month is invalid.')).toBeTruthy();
    expect(screen.getByText('Your card’s security code is invalid.')).toBeTruthy();

    await user.clear(screen.getByLabelText('Expiry month'));
    await user.type(screen.getByLabelText('Expiry month'), '1');
    await user.clear(screen.getByLabelText('Expiry year'));
    await user.type(screen.getByLabelText('Expiry year'), '2020');
    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.clear(screen.getByLabelText('CVC'));
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay $65.00' }));
    expect(await screen.findByText('Your card has expired.')).toBeTruthy();

    expect(api.calls('POST /api/v1/orders/checkout')).toHaveLength(0);
  });

  it('keeps the form after a declined card, then pays the same order with another card', async () => {
    const { user, api, router } = await openCheckout();

    await fillCard(user, '4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: 'Pay $65.00' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Your card was declined.');
    expect(router.state.location.pathname).toBe('/checkout');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4000 0000 0000 0002');
    expect(api.calls('POST /api/v1/payments/confirm-payment/pi_test_1')[0]?.body).toEqual({
      card_number: '4000000000000002',
      exp_month: 12,
      exp_year: new Date().getFullYear() + 2,
      cvc: '123',
    });

    await fillCard(user, '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Pay $65.00' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/success'));
    await waitFor(() => expect(api.calls('POST /api/v1/orders/save-order')).toHaveLength(1));
    const keys = api.calls('POST /api/v1/orders/checkout').map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(router.state.location.state).toEqual({
      order_id: placed.order_id,
      order_number: placed.order_number,
      payment_intent_id: 'pi_test_1',
      items: [
        { product_id: '11111111-1111-4111-8111-111111111111', title: 'Chatbot Builder', quantity: 1, price: 40 },
        { product_id: '22222222-2222-4222-8222-222222222222', title: 'Sentiment Dataset', quantity: 1, price: 25 },
      ],
      total: 65,
      processing: false,
    });
  });

  it('shows only the latest problem: an expired date after an insufficient-funds card replaces the card message', async () => {
    const { user, api } = await openCheckout({
      'POST /api/v1/payments/confirm-payment/pi_test_1': () =>
        json(402, { detail: 'Your card has insufficient funds.', code: 'PAYMENT_FAILED' }),
    });
    await fillCard(user, '4000 0000 0000 9995');
    await user.click(screen.getByRole('button', { name: 'Pay $65.00' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your card has insufficient funds.');

    await user.clear(screen.getByLabelText('Expiry month'));
    await user.type(screen.getByLabelText('Expiry month'), '1');
    await user.clear(screen.getByLabelText('Expiry year'));
    await user.type(screen.getByLabelText('Expiry year'), '2020');
    await user.click(screen.getByRole('button', { name: 'Pay $65.00' }));

    expect(await screen.findByText('Your card has expired.')).toBeTruthy();
    expect(screen.queryByText('Your card has insufficient funds.')).toBeNull();
    expect(screen.queryByText('Payment not completed')).toBeNull();
    // The form stopped the expired card: the server was asked once, for the first card only.
    expect(api.calls('POST /api/v1/payments/confirm-payment/pi_test_1')).toHaveLength(1);

    // And the other way round: a declined card after the expired date shows the decline alone.
    await fillCard(user, '4000 0000 0000 9995');
    await user.click(screen.getByRole('button', { name: 'Pay $65.00' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your card has insufficient funds.');
    expect(screen.queryByText('Your card has expired.')).toBeNull();
  });

  it('puts a 422 card error beside its field and in the alert', async () => {
    const { user } = await openCheckout();
    await fillCard(user, '4242 4242 4242 4241');
    await user.click(screen.getByRole('button', { name: 'Pay $65.00' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your card number is invalid.');
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
  });

  it('uses a new Idempotency-Key on the next visit of the page', async () => {
    const first = await openCheckout({
      'POST /api/v1/payments/confirm-payment/pi_test_1': () => json(402, { detail: 'Your card has insufficient funds.' }),
    });
    await fillCard(first.user, '4000 0000 0000 9995');
    await first.user.click(screen.getByRole('button', { name: 'Pay $65.00' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your card has insufficient funds.');
    const firstKey = first.api.calls('POST /api/v1/orders/checkout')[0]?.headers.get('Idempotency-Key');
    first.unmount();

    const second = await openCheckout();
    await fillCard(second.user, '4242 4242 4242 4242');
    await second.user.click(screen.getByRole('button', { name: 'Pay $65.00' }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/checkout/success'));
    await waitFor(() => expect(second.api.calls('POST /api/v1/orders/save-order')).toHaveLength(1));
    const secondKey = second.api.calls('POST /api/v1/orders/checkout')[0]?.headers.get('Idempotency-Key');
    expect(secondKey).toBeTruthy();
    expect(secondKey).not.toBe(firstKey);
  });

  it('sends the buyer back to the cart when a promo code ran out', async () => {
    const { user } = await openCheckout({
      'POST /api/v1/orders/checkout': () =>
        json(409, { detail: 'Promo code SAVE10 is no longer available. Remove it and try again.', code: 'CONFLICT' }),
    });
    await fillCard(user, '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Pay $65.00' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Promo code SAVE10 is no longer available. Remove it and try again.');
    expect(within(alert).getByRole('link', { name: 'Back to cart' }).getAttribute('href')).toBe('/cart');
  });

  it('shows a notice instead of a card form when Stripe is the provider but has no publishable key', async () => {
    await openCheckout({
      'GET /api/v1/payments/config': () =>
        json(200, { provider: 'stripe', test_mode: false, publishable_key: null, test_cards: null }),
    });
    expect(screen.getByText('Card payments are not available right now')).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Test mode' })).toBeNull();
  });

  it('completes a free order without a card', async () => {
    const free = [makeCartItem({ price: 40 })];
    const { user, router, api } = await openCheckout({
      'GET /api/v1/cart': () => json(200, { ...priceCart(free), total: 0 }),
      'POST /api/v1/orders/checkout': () =>
        json(201, {
          ...placed,
          payment_intent_id: null,
          amount: 0,
          provider: 'free',
          status: 'completed',
          payment_status: 'paid',
        }),
      'GET /api/v1/orders/download-product-files/11111111-1111-4111-8111-111111111111': () => new Response('PK'),
    });
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Complete order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/success'));
    expect(api.calls('POST /api/v1/payments/confirm-payment/pi_test_1')).toHaveLength(0);
    expect((router.state.location.state as { payment_intent_id: unknown }).payment_intent_id).toBeNull();
  });

  it('asks no card for a cart of free products and a $0 pay-what-you-want line', async () => {
    const items = [
      makeCartItem({ price: 0 }),
      makeCartItem({
        product_id: '33333333-3333-4333-8333-333333333333',
        title: 'Prompt Garden',
        price: 0,
        pay_what_you_want: true,
        min_price: 0,
        suggested_price: 8,
      }),
    ];
    const { user, router, api } = await openCheckout({
      'GET /api/v1/cart': () => json(200, priceCart(items)),
      'POST /api/v1/orders/checkout': () =>
        json(201, {
          ...placed,
          payment_intent_id: null,
          amount: 0,
          provider: 'free',
          status: 'completed',
          payment_status: 'paid',
        }),
      'GET /api/v1/orders/download-product-files/11111111-1111-4111-8111-111111111111': () => new Response('PK'),
      'GET /api/v1/orders/download-product-files/33333333-3333-4333-8333-333333333333': () => new Response('PK'),
    });
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Complete order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/success'));
    expect(api.calls('POST /api/v1/orders/checkout')).toHaveLength(1);
  });
});
