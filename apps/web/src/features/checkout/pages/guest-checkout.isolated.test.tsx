import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, type MockHandler, mockApi } from '@/test/api-mock';
import { makeProduct } from '@/test/catalog-fixtures';
import { makeOrder } from '@/test/commerce-fixtures';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

/** Guest checkout (decision 0046): buy with an e-mail address, pay, open the receipt, claim the account. */

// Stripe.js stands in: the Payment Element mounts into the page, and confirmPayment answers as the test says.
const stripe = vi.hoisted(() => {
  const element = { mount: vi.fn(), destroy: vi.fn() };
  const elements = { create: vi.fn(() => element) };
  const client = { elements: vi.fn(() => elements), confirmPayment: vi.fn() };
  return { element, elements, client, loadStripe: vi.fn(async () => client) };
});
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));

const PRODUCT_ID = '11111111-1111-4111-8111-111111111111';
const ORDER_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const TOKEN = 'guest-token.sig';

const testConfig = {
  provider: 'test',
  test_mode: true,
  publishable_key: null,
  test_cards: { success: '4242424242424242', declined: '4000000000000002', insufficientFunds: '4000000000009995' },
};

const placed = {
  order_id: ORDER_ID,
  order_number: 'AIM-20260501-ABCD',
  payment_intent_id: 'pi_test_1',
  client_secret: 'pi_test_1_secret',
  amount: 40,
  currency: 'usd',
  provider: 'test',
  status: 'pending',
  payment_status: 'unpaid',
  access_token: TOKEN,
  access_expires_at: '2026-06-01T00:00:00.000Z',
};

const confirmPayment: MockHandler = ({ body }) => {
  const card = body as { card_number: string };
  if (card.card_number === '4000000000000002') return json(402, { detail: 'Your card was declined.', code: 'PAYMENT_FAILED' });
  return json(200, { status: 'succeeded', order_id: ORDER_ID, order_number: placed.order_number, payment_status: 'paid' });
};

function guestApi(handlers: Record<string, MockHandler> = {}) {
  authStore.clear();
  localStorage.clear();
  return mockApi({
    [`GET /api/v1/products/${PRODUCT_ID}`]: () => json(200, makeProduct({ id: PRODUCT_ID, title: 'Chatbot Builder', price: 40 })),
    'GET /api/v1/payments/config': () => json(200, testConfig),
    'POST /api/v1/guest/checkout': () => json(201, placed),
    [`POST /api/v1/guest/orders/${ORDER_ID}/confirm-payment`]: confirmPayment,
    [`GET /api/v1/guest/orders/${ORDER_ID}`]: () =>
      json(
        200,
        makeOrder({
          id: ORDER_ID,
          order_number: placed.order_number,
          payment_status: 'paid',
          total_amount: 40,
          items: [
            { product_id: PRODUCT_ID, product_name: 'Chatbot Builder', product_title: 'Chatbot Builder', quantity: 1, price: 40 },
          ],
        }),
      ),
    [`GET /api/v1/guest/orders/${ORDER_ID}/downloads`]: () =>
      json(200, {
        order_id: ORDER_ID,
        expires_at: '2026-06-01T00:00:00.000Z',
        links: [
          {
            product_id: PRODUCT_ID,
            product_title: 'Chatbot Builder',
            file_id: 'f-1',
            file_name: 'builder.zip',
            size_bytes: 100,
            url: '/api/v1/downloads/signed.abc',
            expires_at: '2026-06-01T00:00:00.000Z',
          },
        ],
      }),
    ...handlers,
  });
}

async function fillCard(user: ReturnType<typeof renderRoute>['user'], number = '4242424242424242') {
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry month'), '12');
  await user.type(screen.getByLabelText('Expiry year'), String(new Date().getFullYear() + 2));
  await user.type(screen.getByLabelText('CVC'), '123');
}

describe('guest checkout page', () => {
  it('buys with an e-mail address and a card, sends no price, and opens the receipt with the order token', {
    timeout: 30_000,
  }, async () => {
    const api = guestApi();
    const { user, router } = renderRoute(`/guest-checkout?product=${PRODUCT_ID}`);
    // The first render loads the page's code: give a busy machine time.
    await screen.findByRole('heading', { name: 'Buy as a guest', level: 1 }, { timeout: 15_000 });
    expect(screen.getByText('Chatbot Builder')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Pay \$40\.00/ }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(api.calls('POST /api/v1/guest/checkout')).toHaveLength(0);

    await user.type(screen.getByLabelText('E-mail address'), 'visitor@example.org');
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: /Pay \$40\.00/ }));

    await screen.findByRole('heading', { name: 'Thank you for your purchase' });
    const body = api.calls('POST /api/v1/guest/checkout')[0]?.body;
    expect(body).toEqual({
      email: 'visitor@example.org',
      items: [{ product_id: PRODUCT_ID, quantity: 1 }],
      language: 'en',
      billing_country: 'US',
    });
    expect(api.calls('POST /api/v1/guest/checkout')[0]?.headers.get('Idempotency-Key')).toBeTruthy();
    const paid = api.calls(`POST /api/v1/guest/orders/${ORDER_ID}/confirm-payment`)[0];
    expect(paid?.headers.get('x-order-token')).toBe(TOKEN);
    expect(router.state.location.pathname).toBe(`/guest/orders/${ORDER_ID}`);
    const link = await screen.findByRole('link', { name: /builder\.zip/ });
    expect(link.getAttribute('href')).toBe('/api/v1/downloads/signed.abc');
    expect(api.calls(`GET /api/v1/guest/orders/${ORDER_ID}`)[0]?.headers.get('x-order-token')).toBe(TOKEN);
    expect(screen.getByText(/a link to set a password/)).toBeTruthy();
  });

  it('asks where the guest is billed, shows the tax of that country and sends the country, never an amount', async () => {
    const vat = { country: 'DE', region: null, rate: 19, rate_bps: 1900, label: 'VAT' };
    const api = guestApi({
      'GET /api/v1/tax/rate': (request) =>
        new URL(request.url).searchParams.get('country') === 'DE'
          ? json(200, vat)
          : json(200, { country: 'US', region: null, rate: 0, rate_bps: 0, label: null }),
      'POST /api/v1/guest/checkout': () => json(201, { ...placed, amount: 47.6 }),
    });
    const { user } = renderRoute(`/guest-checkout?product=${PRODUCT_ID}`);
    await screen.findByRole('heading', { name: 'Buy as a guest', level: 1 }, { timeout: 15_000 });
    await user.selectOptions(screen.getByLabelText('Country'), 'DE');
    expect(await screen.findByText('VAT 19% (DE)')).toBeTruthy();
    expect(screen.getByText('$7.60')).toBeTruthy();
    await user.type(screen.getByLabelText('E-mail address'), 'visitor@example.org');
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: /Pay \$47\.60/ }));
    await screen.findByRole('heading', { name: 'Thank you for your purchase' });
    const body = api.calls('POST /api/v1/guest/checkout')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ billing_country: 'DE' });
    expect(Object.keys(body).some((key) => /amount|total|tax/.test(key))).toBe(false);
  });

  it('keeps the order when a card is declined: another card pays the same order', async () => {
    const api = guestApi();
    const { user } = renderRoute(`/guest-checkout?product=${PRODUCT_ID}`);
    await screen.findByRole('heading', { name: 'Buy as a guest', level: 1 });
    await user.type(screen.getByLabelText('E-mail address'), 'visitor@example.org');
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: /Pay \$40\.00/ }));
    const box = await screen.findByRole('alert');
    expect(within(box).getByText('Your card was declined.')).toBeTruthy();

    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.click(screen.getByRole('button', { name: /Pay \$40\.00/ }));
    await screen.findByRole('heading', { name: 'Thank you for your purchase' });
    expect(api.calls('POST /api/v1/guest/checkout')).toHaveLength(1);
    expect(api.calls(`POST /api/v1/guest/orders/${ORDER_ID}/confirm-payment`)).toHaveLength(2);
  });

  it('places a new order when the address is corrected after a declined card (the receipt goes to the new one)', {
    timeout: 30_000,
  }, async () => {
    const api = guestApi();
    const { user } = renderRoute(`/guest-checkout?product=${PRODUCT_ID}`);
    await screen.findByRole('heading', { name: 'Buy as a guest', level: 1 }, { timeout: 15_000 });
    await user.type(screen.getByLabelText('E-mail address'), 'visitor@exmaple.org');
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: /Pay \$40\.00/ }));
    expect(within(await screen.findByRole('alert')).getByText('Your card was declined.')).toBeTruthy();

    await user.clear(screen.getByLabelText('E-mail address'));
    await user.type(screen.getByLabelText('E-mail address'), 'visitor@example.org');
    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.click(screen.getByRole('button', { name: /Pay \$40\.00/ }));
    await screen.findByRole('heading', { name: 'Thank you for your purchase' });
    const orders = api.calls('POST /api/v1/guest/checkout');
    expect(orders.map((call) => (call.body as { email: string }).email)).toEqual(['visitor@exmaple.org', 'visitor@example.org']);
    expect(orders[1]?.headers.get('Idempotency-Key')).not.toBe(orders[0]?.headers.get('Idempotency-Key'));
  });

  it('puts a 422 about the card beside its field', async () => {
    guestApi({
      [`POST /api/v1/guest/orders/${ORDER_ID}/confirm-payment`]: () =>
        json(422, {
          detail: 'Validation failed',
          code: 'VALIDATION_FAILED',
          errors: [{ field: 'cvc', message: 'CVC must be 3 or 4 digits' }],
        }),
    });
    const { user } = renderRoute(`/guest-checkout?product=${PRODUCT_ID}`);
    await screen.findByRole('heading', { name: 'Buy as a guest', level: 1 }, { timeout: 15_000 });
    await user.type(screen.getByLabelText('E-mail address'), 'visitor@example.org');
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: /Pay \$40\.00/ }));
    await waitFor(() => expect(screen.getByLabelText('CVC').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('CVC must be 3 or 4 digits').length).toBeGreaterThan(0);
  });

  it('shows the server’s refusal (too many attempts) in the form', async () => {
    guestApi({
      'POST /api/v1/guest/checkout': () =>
        json(429, {
          detail: 'Too many guest purchases for this e-mail address. Please try again in an hour.',
          code: 'RATE_LIMITED',
        }),
    });
    const { user } = renderRoute(`/guest-checkout?product=${PRODUCT_ID}`);
    await screen.findByRole('heading', { name: 'Buy as a guest', level: 1 });
    await user.type(screen.getByLabelText('E-mail address'), 'visitor@example.org');
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: /Pay \$40\.00/ }));
    const box = await screen.findByRole('alert');
    expect(within(box).getByText(/Too many guest purchases/)).toBeTruthy();
  });
});

describe('guest checkout with Stripe', () => {
  const stripeConfig = { provider: 'stripe', test_mode: false, publishable_key: 'pk_live_guest', test_cards: null };
  const stripePlaced = { ...placed, provider: 'stripe', payment_intent_id: 'pi_3Guest', client_secret: 'pi_3Guest_secret_x' };

  beforeEach(() => {
    vi.clearAllMocks();
    stripe.client.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_3Guest', status: 'succeeded' } });
  });

  it('places the order with the e-mail, pays in the Payment Element, has the server confirm, and opens the order', {
    timeout: 30_000,
  }, async () => {
    const api = guestApi({
      'GET /api/v1/payments/config': () => json(200, stripeConfig),
      'POST /api/v1/guest/checkout': () => json(201, stripePlaced),
      [`POST /api/v1/guest/orders/${ORDER_ID}/confirm-payment`]: () =>
        json(200, { status: 'succeeded', order_id: ORDER_ID, order_number: placed.order_number, payment_status: 'paid' }),
    });
    const { user, router } = renderRoute(`/guest-checkout?product=${PRODUCT_ID}`);
    await screen.findByRole('heading', { name: 'Buy as a guest', level: 1 }, { timeout: 15_000 });
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(api.calls('POST /api/v1/guest/checkout')).toHaveLength(0);

    await user.type(screen.getByLabelText('E-mail address'), 'Visitor@Example.org');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const pay = await screen.findByRole('button', { name: /Pay \$40\.00/ });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));

    const call = api.calls('POST /api/v1/guest/checkout')[0];
    expect(call?.body).toEqual({
      email: 'visitor@example.org',
      items: [{ product_id: PRODUCT_ID, quantity: 1 }],
      language: 'en',
      billing_country: 'US',
    });
    expect(call?.headers.get('Idempotency-Key')).toMatch(/-US\/-visitor@example\.org$/);
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_live_guest');
    expect(stripe.client.elements).toHaveBeenCalledWith({ clientSecret: 'pi_3Guest_secret_x' });
    expect(stripe.elements.create).toHaveBeenCalledWith('payment');
    expect(stripe.element.mount).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(`guest-order-token:${ORDER_ID}`)).toBe(TOKEN);
    expect(api.calls(`POST /api/v1/guest/orders/${ORDER_ID}/confirm-payment`)).toHaveLength(0);

    await user.click(pay);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/guest/orders/${ORDER_ID}`));
    expect(stripe.client.confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({ elements: stripe.elements, redirect: 'if_required' }),
    );
    const confirmed = api.calls(`POST /api/v1/guest/orders/${ORDER_ID}/confirm-payment`);
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]?.headers.get('x-order-token')).toBe(TOKEN);
    expect(confirmed[0]?.body).toEqual({});
    expect(router.state.location.hash).toBe(`#${TOKEN}`);
    await screen.findByRole('heading', { name: 'Thank you for your purchase' });
  });

  it('shows Stripe’s decline, asks the server nothing and stays on the page', async () => {
    stripe.client.confirmPayment.mockResolvedValue({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card has insufficient funds.' },
    });
    const api = guestApi({
      'GET /api/v1/payments/config': () => json(200, stripeConfig),
      'POST /api/v1/guest/checkout': () => json(201, stripePlaced),
    });
    const { user, router } = renderRoute(`/guest-checkout?product=${PRODUCT_ID}`);
    await screen.findByRole('heading', { name: 'Buy as a guest', level: 1 }, { timeout: 15_000 });
    await user.type(screen.getByLabelText('E-mail address'), 'visitor@example.org');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const pay = await screen.findByRole('button', { name: /Pay \$40\.00/ });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    await user.click(pay);
    const box = await screen.findByRole('alert');
    expect(within(box).getByText('Your card has insufficient funds.')).toBeTruthy();
    expect(api.calls(`POST /api/v1/guest/orders/${ORDER_ID}/confirm-payment`)).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/guest-checkout');
    expect(screen.queryByText('Thank you for your purchase')).toBeNull();
  });

  it('shows the server’s refusal after Stripe confirmed, and does not open the order', async () => {
    guestApi({
      'GET /api/v1/payments/config': () => json(200, stripeConfig),
      'POST /api/v1/guest/checkout': () => json(201, stripePlaced),
      [`POST /api/v1/guest/orders/${ORDER_ID}/confirm-payment`]: () =>
        json(402, { detail: 'The payment did not go through.', code: 'PAYMENT_FAILED' }),
    });
    const { user, router } = renderRoute(`/guest-checkout?product=${PRODUCT_ID}`);
    await screen.findByRole('heading', { name: 'Buy as a guest', level: 1 }, { timeout: 15_000 });
    await user.type(screen.getByLabelText('E-mail address'), 'visitor@example.org');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const pay = await screen.findByRole('button', { name: /Pay \$40\.00/ });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    await user.click(pay);
    const box = await screen.findByRole('alert');
    expect(within(box).getByText('The payment did not go through.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/guest-checkout');
  });
});

describe('guest order page', () => {
  it('asks for the e-mailed link when this browser has no token for the order', async () => {
    const api = guestApi();
    renderRoute(`/guest/orders/${ORDER_ID}`);
    expect(await screen.findByText(/opens with the link from your e-mail/)).toBeTruthy();
    expect(api.calls(`GET /api/v1/guest/orders/${ORDER_ID}`)).toHaveLength(0);
  });

  it('says when the link has expired', async () => {
    const mocked = guestApi({
      [`GET /api/v1/guest/orders/${ORDER_ID}`]: () =>
        json(403, { detail: 'This order link has expired. Open the link in your latest e-mail from us.', code: 'FORBIDDEN' }),
    });
    // The token this browser kept when it bought (the e-mailed link carries it in its #fragment).
    localStorage.setItem(`guest-order-token:${ORDER_ID}`, 'old-token');
    const api = renderRoute(`/guest/orders/${ORDER_ID}`);
    expect(await screen.findByText(/This order link has expired/)).toBeTruthy();
    expect(api.router.state.location.pathname).toBe(`/guest/orders/${ORDER_ID}`);
    expect(mocked.calls(`GET /api/v1/guest/orders/${ORDER_ID}`)[0]?.headers.get('x-order-token')).toBe('old-token');
  });
});

describe('claim account page', () => {
  it('sets the password with the token from the e-mail, signs in and shows the orders', async () => {
    const api = guestApi({
      'POST /api/v1/guest/claim': () => json(200, makeSession({ email: 'visitor@example.org', email_verified: true })),
      'GET /api/v1/orders': () => json(200, { orders: [], total: 0, page: 1, pages: 0 }),
      'GET /api/v1/orders/stats': () => json(200, { total_orders: 0, completed_orders: 0, processing_orders: 0, total_spent: 0 }),
    });
    const { user, router } = renderRoute('/claim-account?token=claim-123');
    await screen.findByRole('heading', { name: 'Set your password' });
    await user.type(screen.getByLabelText('New password'), 'Lantern-orbit-92');
    await user.type(screen.getByLabelText('Confirm password'), 'Lantern-orbit-92');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(api.calls('POST /api/v1/guest/claim')[0]?.body).toEqual({ token: 'claim-123', password: 'Lantern-orbit-92' });
  });

  it('checks the two passwords before anything is sent, as the reset form does', async () => {
    const api = guestApi();
    const { user } = renderRoute('/claim-account?token=claim-123');
    await screen.findByRole('heading', { name: 'Set your password' });
    await user.type(screen.getByLabelText('New password'), 'Lantern-orbit-92');
    await user.type(screen.getByLabelText('Confirm password'), 'Lantern-orbit-93');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(api.calls('POST /api/v1/guest/claim')).toHaveLength(0);
  });

  it('shows a used or expired link with a way to get a new one', async () => {
    guestApi({
      'POST /api/v1/guest/claim': () => json(400, { detail: 'This link is invalid or has expired.', code: 'BAD_REQUEST' }),
    });
    const { user } = renderRoute('/claim-account?token=used');
    await screen.findByRole('heading', { name: 'Set your password' });
    await user.type(screen.getByLabelText('New password'), 'Lantern-orbit-92');
    await user.type(screen.getByLabelText('Confirm password'), 'Lantern-orbit-92');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    const box = await screen.findByRole('alert');
    expect(within(box).getByText('This link is invalid or has expired.')).toBeTruthy();
    expect(within(box).getByRole('link', { name: 'Send me a new link' }).getAttribute('href')).toBe('/forgot-password');
  });
});
