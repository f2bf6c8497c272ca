import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { fakeCartServer, makeCartItem } from '@/test/commerce-fixtures';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const chatbot = makeCartItem({
  product_id: '11111111-1111-4111-8111-111111111111',
  title: 'Chatbot Builder',
  price: 40,
  originalPrice: 60,
});
const dataset = makeCartItem({
  product_id: '22222222-2222-4222-8222-222222222222',
  title: 'Sentiment Dataset',
  price: 25,
  seller: 'Data Forge',
  license: 'MIT',
});

async function openCart(items = [chatbot, dataset]) {
  authStore.setSession(makeSession());
  const server = fakeCartServer(items);
  const api = mockApi(server.handlers);
  const view = renderRoute('/cart');
  await screen.findByRole('heading', { name: 'Your cart' });
  await screen.findByRole('list', { name: 'Items in your cart' });
  return { ...view, api, server };
}

/** Each row of the price summary as 'Label value'. */
function summaryRows(): string[] {
  return within(screen.getByLabelText('Price summary'))
    .getAllByRole('term')
    .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
}

/** The value of one row of the totals list. */
function total(label: string): string {
  const term = screen.getAllByText(label, { selector: 'dt' })[0] as HTMLElement;
  return term.nextElementSibling?.textContent ?? '';
}

describe('cart page', () => {
  it('lists each line with seller, license and the original price struck through, and the totals', async () => {
    await openCart();
    const lines = within(screen.getByRole('list', { name: 'Items in your cart' })).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(within(lines[0] as HTMLElement).getByText('by Neural Labs')).toBeTruthy();
    expect(within(lines[0] as HTMLElement).getByText('$60.00').className).toContain('line-through');
    expect(within(lines[1] as HTMLElement).getByText(/^MIT · /)).toBeTruthy();

    // The $20 off the original price is in the line's price: no "Discount $0.00" beside a "You save $20.00".
    expect(summaryRows()).toEqual(['Subtotal $65.00', 'Total $65.00']);
    expect(screen.queryByText(/You save/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
    // The header badge counts items.
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeTruthy();
  });

  it('lets the buyer change a pay-what-you-want amount on the line, and flags one below a raised minimum', async () => {
    const garden = makeCartItem({
      product_id: '33333333-3333-4333-8333-333333333333',
      title: 'Prompt Garden',
      price: 4,
      pay_what_you_want: true,
      min_price: 6,
      suggested_price: 12,
      amount_below_minimum: true,
    });
    const { user, api } = await openCart([garden, dataset]);
    const amount = screen.getByLabelText('Your price (USD)') as HTMLInputElement;
    expect(amount.value).toBe('4.00');
    expect(screen.getByText('The seller raised the minimum to $6.00: raise your amount to check out.')).toBeTruthy();
    // Checkout waits for the raised amount: a disabled button that says why, not a link to a refusal.
    expect(screen.queryByRole('link', { name: 'Checkout' })).toBeNull();
    const blocked = screen.getByRole('button', { name: 'Checkout' }) as HTMLButtonElement;
    expect(blocked.disabled).toBe(true);
    expect(blocked.getAttribute('aria-describedby')).toBe('checkout-blocked');

    await user.clear(amount);
    await user.type(amount, '5');
    await user.tab();
    expect(screen.getByText('Pay at least $6.00')).toBeTruthy();
    expect(api.calls('PUT /api/v1/cart/items/33333333-3333-4333-8333-333333333333')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '20{Enter}');
    await waitFor(() => expect(total('Total')).toBe('$45.00'));
    expect(api.calls('PUT /api/v1/cart/items/33333333-3333-4333-8333-333333333333')[0]?.body).toEqual({ amount: 20 });
    expect(screen.queryByText(/The seller raised the minimum/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
  });

  it('changes a quantity with the stepper and shows the new totals', async () => {
    const { user, api } = await openCart();

    await user.click(screen.getByRole('button', { name: 'Increase quantity of Sentiment Dataset' }));

    expect(screen.getByRole('status', { name: 'Quantity of Sentiment Dataset' }).textContent).toBe('2');
    await waitFor(() => expect(total('Total')).toBe('$90.00'));
    expect(api.calls('PUT /api/v1/cart/items/22222222-2222-4222-8222-222222222222')[0]?.body).toEqual({ quantity: 2 });
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeTruthy();
  });

  it('removes a line when its quantity goes to 0, and with the remove button', async () => {
    const { user, api } = await openCart();

    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Chatbot Builder' }));
    expect(await screen.findByText('Chatbot Builder was removed from your cart')).toBeTruthy();
    expect(api.calls('PUT /api/v1/cart/items/11111111-1111-4111-8111-111111111111')[0]?.body).toEqual({ quantity: 0 });
    expect(screen.queryByRole('link', { name: 'Chatbot Builder' })).toBeNull();
    await waitFor(() => expect(total('Total')).toBe('$25.00'));

    await user.click(screen.getByRole('button', { name: 'Remove Sentiment Dataset' }));
    expect(await screen.findByText('Your cart is empty. Products you add will show up here.')).toBeTruthy();
    expect(api.calls('DELETE /api/v1/cart/items/22222222-2222-4222-8222-222222222222')).toHaveLength(1);
  });

  it('applies a promo code, says so inline when a code is invalid, and removes the applied one', async () => {
    const { user, api } = await openCart();
    const field = screen.getByLabelText('Promo code');

    await user.type(field, 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Invalid promo code')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await user.clear(field);
    await user.type(field, 'save10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Promo code SAVE10 applied')).toBeTruthy();
    expect(api.calls('POST /api/v1/cart/promo').map((call) => call.body)).toEqual([{ code: 'NOPE' }, { code: 'save10' }]);
    expect(screen.queryByText('Invalid promo code')).toBeNull();
    // The rows checkout, the order and the receipt show too.
    expect(summaryRows()).toEqual(['Subtotal $65.00', 'Discount (SAVE10) −$6.50', 'Total $58.50']);
    expect(screen.queryByText(/You save/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove promo code SAVE10' }));
    expect(await screen.findByText('Promo code removed')).toBeTruthy();
    await waitFor(() => expect(total('Total')).toBe('$65.00'));
  });

  it('shows a fixed-amount code as its own discount row', async () => {
    const { user } = await openCart();
    await user.type(screen.getByLabelText('Promo code'), 'WELCOME');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Promo code WELCOME applied')).toBeTruthy();
    expect(summaryRows()).toEqual(['Subtotal $65.00', 'Discount (WELCOME) −$50.00', 'Total $15.00']);
  });

  it('shows the notice for a promo code that stopped working', async () => {
    authStore.setSession(makeSession());
    mockApi({
      'GET /api/v1/cart': () =>
        json(200, {
          items: [dataset],
          totalItems: 1,
          subtotal: 25,
          discount: 0,
          tax: 0,
          shippingCost: 0,
          total: 25,
          promoCode: null,
          promo_notice: 'Promo code SPRING is no longer available',
        }),
    });
    renderRoute('/cart');
    expect(await screen.findByText('Promo code SPRING is no longer available')).toBeTruthy();
  });

  it('clears the cart after confirmation', async () => {
    const { user, api } = await openCart();
    await user.click(screen.getByRole('button', { name: 'Clear cart' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Clear your cart?' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear cart' }));
    expect(await screen.findByText('Your cart has been cleared')).toBeTruthy();
    expect(api.calls('DELETE /api/v1/cart/clear')).toHaveLength(1);
    expect(screen.getByText('Your cart is empty. Products you add will show up here.')).toBeTruthy();
  });

  it('shows a visitor an empty cart with a way to sign in, and asks the server nothing', async () => {
    authStore.clear();
    const api = mockApi();
    renderRoute('/cart');
    expect(await screen.findByText(/Sign in to see your cart/)).toBeTruthy();
    expect(api.calls('GET /api/v1/cart')).toHaveLength(0);
  });

  it('toasts the server message when a change fails', async () => {
    const { user, api } = await openCart();
    api.fetchMock.mockImplementationOnce(async () => json(401, { detail: 'Please log in to modify cart', code: 'UNAUTHORIZED' }));
    // The 401 triggers one refresh (which fails), then the sign-out handler.
    await user.click(screen.getByRole('button', { name: 'Remove Chatbot Builder' }));
    expect(await screen.findByText('Please log in to modify cart')).toBeTruthy();
  });

  it('flags an item whose seller was suspended as unavailable, with no quantity to change, and keeps it removable', async () => {
    await openCart([chatbot, { ...dataset, available: false }]);
    const lines = within(screen.getByRole('list', { name: 'Items in your cart' })).getAllByRole('listitem');
    const flagged = lines[1] as HTMLElement;
    expect(
      within(flagged).getByText("No longer available: the seller's account is suspended. Remove it to check out."),
    ).toBeTruthy();
    expect(within(flagged).queryByLabelText('Quantity of Sentiment Dataset')).toBeNull();
    expect(within(flagged).getByRole('button', { name: 'Remove Sentiment Dataset' })).toBeTruthy();
    expect(within(lines[0] as HTMLElement).queryByText(/No longer available/)).toBeNull();
  });
});
