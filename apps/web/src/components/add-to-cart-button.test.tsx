import { screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { useCart } from '@/lib/cart/get-cart';
import { json, mockApi } from '@/test/api-mock';
import { makeCartItem, priceCart } from '@/test/commerce-fixtures';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { AddToCartButton, type AddToCartButtonProps } from './add-to-cart-button';

function Shell() {
  const { cart } = useCart();
  return (
    <>
      <output aria-label="Items in cart">{cart.totalItems}</output>
      <Outlet />
    </>
  );
}

function renderButton(props: AddToCartButtonProps) {
  return renderRoute('/products/p1', {
    routes: [
      {
        element: <Shell />,
        children: [
          { path: '/products/p1', element: <AddToCartButton {...props} /> },
          { path: '/login', element: <p>login page</p> },
        ],
      },
    ],
  });
}

const product = { productId: '11111111-1111-4111-8111-111111111111', title: 'Chatbot Builder', price: 40 };

describe('AddToCartButton', () => {
  it('adds the product to the signed-in user’s cart and updates the badge', async () => {
    authStore.setSession(makeSession());
    const api = mockApi({
      'POST /api/v1/cart/add': () => json(200, priceCart([makeCartItem({ quantity: 1 })])),
    });
    const { user } = renderButton(product);

    await user.click(screen.getByRole('button', { name: 'Add to cart' }));

    expect(await screen.findByText('Added to cart')).toBeTruthy();
    expect(api.calls('POST /api/v1/cart/add')[0]?.body).toEqual({ product_id: product.productId, quantity: 1 });
    expect(screen.getByRole('status', { name: 'Items in cart' }).textContent).toBe('1');
  });

  it('shows "In your library" with a download link for an owned product, and adds it only after "Buy again"', async () => {
    authStore.setSession(makeSession());
    const api = mockApi({
      'GET /api/v1/orders/owned-products': () => json(200, { product_ids: [product.productId] }),
      'POST /api/v1/cart/add': () => json(200, priceCart([makeCartItem({ quantity: 1 })])),
    });
    const { user } = renderButton(product);

    expect(await screen.findByText('In your library')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download Chatbot Builder from your library' }).getAttribute('href')).toBe(
      `/orders?download=${product.productId}`,
    );
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    const question = await screen.findByRole('alertdialog', { name: 'You already own Chatbot Builder' });
    expect(question.textContent).toContain('It is in your library');
    expect(api.calls('POST /api/v1/cart/add')).toHaveLength(0);

    await user.click(within(question).getByRole('button', { name: 'Buy again' }));
    expect(await screen.findByText('Added to cart')).toBeTruthy();
    expect(api.calls('POST /api/v1/cart/add').map((call) => call.body)).toEqual([
      { product_id: product.productId, quantity: 1, buy_again: true },
    ]);
  });

  it('asks too when the server says the product was bought meanwhile (409 ALREADY_OWNED)', async () => {
    authStore.setSession(makeSession());
    let owned = false;
    const api = mockApi({
      'POST /api/v1/cart/add': ({ body }) => {
        if (!(body as { buy_again?: boolean }).buy_again) {
          owned = true;
          return json(409, { detail: 'You already own this product', code: 'ALREADY_OWNED' });
        }
        return json(200, priceCart([makeCartItem({ quantity: 1 })]));
      },
    });
    const { user } = renderButton(product);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    const question = await screen.findByRole('alertdialog', { name: 'You already own Chatbot Builder' });
    expect(owned).toBe(true);
    expect(screen.queryByText('You already own this product')).toBeNull();
    await user.click(within(question).getByRole('button', { name: 'Buy again' }));
    expect(await screen.findByText('Added to cart')).toBeTruthy();
    expect(api.calls('POST /api/v1/cart/add').at(-1)?.body).toEqual({
      product_id: product.productId,
      quantity: 1,
      buy_again: true,
    });
  });

  it('shows nothing of a library for a product the buyer does not own', async () => {
    authStore.setSession(makeSession());
    const api = mockApi({ 'GET /api/v1/orders/owned-products': () => json(200, { product_ids: ['someone-else'] }) });
    renderButton(product);
    await waitFor(() => expect(api.calls('GET /api/v1/orders/owned-products')).toHaveLength(1));
    expect(screen.queryByText('In your library')).toBeNull();
  });

  it.each([
    ['no id', { ...product, productId: '' }],
    ['no title', { ...product, title: '  ' }],
    ['a negative price', { ...product, price: -1 }],
  ])('refuses a product with %s', async (_case, props) => {
    authStore.setSession(makeSession());
    const api = mockApi();
    const { user } = renderButton(props);

    await user.click(screen.getByRole('button', { name: 'Add to cart' }));

    expect(await screen.findByText('Invalid product data: missing required fields')).toBeTruthy();
    expect(api.calls('POST /api/v1/cart/add')).toHaveLength(0);
  });

  it('tells a visitor to log in and takes them to /login, remembering the page', async () => {
    authStore.clear();
    const api = mockApi();
    const { user, router } = renderButton(product);

    await user.click(screen.getByRole('button', { name: 'Add to cart' }));

    expect(await screen.findByText('Please log in to add items to cart')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/products/p1' });
    expect(api.calls('POST /api/v1/cart/add')).toHaveLength(0);
  });
});
