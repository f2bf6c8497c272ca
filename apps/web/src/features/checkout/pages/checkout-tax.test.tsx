import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, type MockHandler, mockApi } from '@/test/api-mock';
import { makeCartItem, PROMOS, priceCart } from '@/test/commerce-fixtures';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

/** Tax at checkout (decision 0044): the buyer picks the billing country; net, tax and gross show before paying. */

const items = [makeCartItem({ product_id: '11111111-1111-4111-8111-111111111111', title: 'Chatbot Builder', price: 40 })];

const RATES: Record<string, { rate_bps: number; label: string | null; region?: string | null }> = {
  DE: { rate_bps: 1900, label: 'VAT' },
  FR: { rate_bps: 2000, label: 'VAT' },
  US: { rate_bps: 0, label: null },
  'US-TX': { rate_bps: 625, label: 'Sales tax', region: 'TX' },
};

const quote: MockHandler = (request) => {
  const params = new URL(request.url).searchParams;
  const country = params.get('country') ?? '';
  const found = RATES[`${country}-${params.get('region') ?? ''}`] ?? RATES[country] ?? { rate_bps: 0, label: null };
  return json(200, {
    country,
    region: found.region ?? null,
    rate: found.rate_bps / 100,
    rate_bps: found.rate_bps,
    label: found.label,
  });
};

async function openCheckout(handlers: Record<string, MockHandler> = {}) {
  authStore.setSession(makeSession());
  const api = mockApi({
    'GET /api/v1/cart': () => json(200, priceCart(items)),
    'GET /api/v1/payments/config': () =>
      json(200, {
        provider: 'test',
        test_mode: true,
        publishable_key: null,
        test_cards: { success: '4242424242424242', declined: '4000000000000002', insufficientFunds: '4000000000009995' },
      }),
    'GET /api/v1/tax/rate': quote,
    'POST /api/v1/orders/checkout': () => json(409, { detail: 'Stop here', code: 'CONFLICT' }),
    ...handlers,
  });
  const view = renderRoute('/checkout');
  await screen.findByRole('heading', { name: 'Checkout', level: 1 }, { timeout: 10_000 });
  return { ...view, api };
}

const rows = () =>
  within(screen.getByLabelText('Price summary'))
    .getAllByRole('term')
    .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);

describe('checkout with tax', () => {
  it('starts from the browser’s country (US here, no tax) and shows no tax row where there is no rate', async () => {
    await openCheckout();
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('US');
    expect(screen.getByLabelText('State')).toBeTruthy();
    await waitFor(() => expect(rows()).toEqual(['Subtotal $40.00', 'Total $40.00']));
  });

  it('adds the rate of the country chosen: VAT 19% (DE), the gross on the pay button, and sends only the country', async () => {
    const { user, api } = await openCheckout();
    await user.selectOptions(screen.getByLabelText('Country'), 'DE');
    await waitFor(() => expect(rows()).toEqual(['Subtotal $40.00', 'VAT 19% (DE) $7.60', 'Total $47.60']));
    expect(screen.queryByLabelText('State')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay $47.60' })).toBeTruthy();

    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry month'), '12');
    await user.type(screen.getByLabelText('Expiry year'), String(new Date().getFullYear() + 2));
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay $47.60' }));
    await waitFor(() => expect(api.calls('POST /api/v1/orders/checkout')).toHaveLength(1));
    const sent = api.calls('POST /api/v1/orders/checkout')[0];
    // The server computes every figure: the body names the place, nothing else.
    expect(sent?.body).toEqual({ billing_country: 'DE' });
    // A key of its own for Germany: a country changed after an order was placed makes a new order.
    const germanKey = sent?.headers.get('Idempotency-Key');
    await user.selectOptions(screen.getByLabelText('Country'), 'FR');
    await user.click(await screen.findByRole('button', { name: 'Pay $48.00' }));
    await waitFor(() => expect(api.calls('POST /api/v1/orders/checkout')).toHaveLength(2));
    const french = api.calls('POST /api/v1/orders/checkout')[1];
    expect(french?.body).toEqual({ billing_country: 'FR' });
    expect(french?.headers.get('Idempotency-Key')).not.toBe(germanKey);
  });

  it('taxes the net after a promo and shows the net', async () => {
    const { user } = await openCheckout({ 'GET /api/v1/cart': () => json(200, priceCart(items, PROMOS.SAVE10 ?? null)) });
    await user.selectOptions(screen.getByLabelText('Country'), 'FR');
    await waitFor(() =>
      expect(rows()).toEqual(['Subtotal $40.00', 'Discount (SAVE10) −$4.00', 'Net $36.00', 'VAT 20% (FR) $7.20', 'Total $43.20']),
    );
  });

  it('asks US buyers for the state and charges a state’s rate where the shop keeps one', async () => {
    const { user, api } = await openCheckout();
    await user.selectOptions(await screen.findByLabelText('State'), 'TX');
    await waitFor(() => expect(rows()).toEqual(['Subtotal $40.00', 'Sales tax 6.25% (US) $2.50', 'Total $42.50']));
    expect(api.calls('GET /api/v1/tax/rate').at(-1)?.url).toContain('country=US&region=TX');
  });

  it('asks for the country and holds the payment back, with the message, while none is chosen', async () => {
    const { user, api } = await openCheckout();
    const country = screen.getByLabelText('Country') as HTMLSelectElement;
    expect(within(country).getByRole('option', { name: 'Choose your billing country' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await user.selectOptions(country, '');
    expect((await screen.findByRole('alert')).textContent).toBe('Choose your billing country');
    const pay = screen.getByRole('button', { name: /^Pay / });
    // Disabled by the payment's fieldset, as the browser does it.
    expect(pay.matches(':disabled')).toBe(true);
    expect(screen.getByLabelText('Card number').matches(':disabled')).toBe(true);
    await user.click(pay);
    expect(api.calls('POST /api/v1/orders/checkout')).toHaveLength(0);
    // No rate is shown for no country.
    await waitFor(() => expect(rows()).toEqual(['Subtotal $40.00', 'Total $40.00']));

    await user.selectOptions(country, 'DE');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay $47.60' }).matches(':disabled')).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry month'), '12');
    await user.type(screen.getByLabelText('Expiry year'), String(new Date().getFullYear() + 2));
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay $47.60' }));
    await waitFor(() => expect(api.calls('POST /api/v1/orders/checkout')).toHaveLength(1));
    expect(api.calls('POST /api/v1/orders/checkout')[0]?.body).toEqual({ billing_country: 'DE' });
  });

  it('lets a free order through without a country (the server needs none for it)', async () => {
    const free = [makeCartItem({ product_id: '33333333-3333-4333-8333-333333333333', title: 'Free Prompt Pack', price: 0 })];
    const { user } = await openCheckout({ 'GET /api/v1/cart': () => json(200, priceCart(free)) });
    await user.selectOptions(screen.getByLabelText('Country'), '');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Complete order' }).matches(':disabled')).toBe(false);
  });
});
