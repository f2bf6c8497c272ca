import type { OwnedLicense, SellerLicense } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { keyCheckSnippets } from './key-check-guide';
import { OwnLicenses } from './own-licenses';
import { SellerLicenses } from './seller-licenses';

const KEY = '4F7K-9QX2-M3TB-8HZC-1WRD-6NVA';
const owned: OwnedLicense = {
  id: 'k1',
  key: KEY,
  product_id: 'p1',
  product_title: 'Prompt Studio',
  order_id: 'o1',
  order_number: 'AIM-1',
  purchased_at: '2026-05-01T10:00:00.000Z',
  status: 'active',
  activations: { used: 1, limit: 3 },
  instances: [{ instance: 'desk-pc', activated_at: '2026-05-01T11:00:00.000Z' }],
};
const sold: SellerLicense = { ...owned, buyer_name: 'Bea Buyer', buyer_email: 'bea@example.org' };
const routes = [
  { path: '/own', element: <OwnLicenses /> },
  { path: '/seller', element: <SellerLicenses /> },
];
const list = (licenses: unknown[]) => () => json(200, { licenses, total: licenses.length, page: 1, pages: 1 });

describe('licence keys in the storefront', () => {
  it('shows the buyer each key with its state and activations', async () => {
    authStore.setSession(makeSession());
    mockApi({ 'GET /api/v1/licenses/mine': list([{ ...owned }, { ...owned, id: 'k2', status: 'refunded' }]) });
    renderRoute('/own', { routes });
    const keys = await screen.findByRole('list', { name: 'Your licence keys' });
    const [first, second] = within(keys).getAllByRole('listitem');
    expect(within(first as HTMLElement).getByText(KEY)).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Active')).toBeTruthy();
    expect(within(first as HTMLElement).getByText(/1 of 3 activations used/)).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Activated on: desk-pc')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Refunded')).toBeTruthy();
  });

  it('shows nothing to a buyer without keys', async () => {
    authStore.setSession(makeSession());
    const api = mockApi();
    renderRoute('/own', { routes });
    await waitFor(() => expect(api.calls('GET /api/v1/licenses/mine')).toHaveLength(1));
    expect(screen.queryByText('Your licence keys')).toBeNull();
  });

  it('lets the seller switch keys on for a product, act on sold keys, and read the guide', async () => {
    authStore.setSession(makeSession({ role: 'seller' }));
    const api = mockApi({
      'GET /api/v1/seller/licenses': list([sold]),
      'GET /api/v1/seller/products': () =>
        json(200, { products: [{ id: 'p1', title: 'Prompt Studio' }], total: 1, page: 1, pages: 1 }),
      'GET /api/v1/seller/products/p1/license-settings': () =>
        json(200, { product_id: 'p1', enabled: false, activation_limit: null }),
      'PUT /api/v1/seller/products/p1/license-settings': (request) =>
        json(200, { product_id: 'p1', ...(request.body as object) }),
      'POST /api/v1/seller/licenses/k1/disable': () => json(200, { message: 'Licence key disabled' }),
    });
    const { user } = renderRoute('/seller', { routes });
    expect(await screen.findByText(KEY)).toBeTruthy();
    expect(screen.getByText(/Bea Buyer \(bea@example.org\)/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(api.calls('POST /api/v1/seller/licenses/k1/disable')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Set up licence keys for a product' }));
    await user.selectOptions(await screen.findByLabelText('Product'), 'p1');
    await user.click(await screen.findByLabelText('Issue a licence key with every sale of this product'));
    await user.type(screen.getByLabelText('Activation limit'), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Activation limit must be a whole number from 1 to 1,000,000, or empty for unlimited'),
    ).toBeTruthy();
    await user.clear(screen.getByLabelText('Activation limit'));
    await user.type(screen.getByLabelText('Activation limit'), '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls('PUT /api/v1/seller/products/p1/license-settings').at(-1)?.body).toEqual({
        enabled: true,
        activation_limit: 3,
      }),
    );
    expect(screen.getByRole('heading', { name: 'How to check a key from your app' })).toBeTruthy();
    expect(screen.getByText(/curl -X POST http:\/\/localhost(:\d+)?\/api\/v1\/licenses\/verify/)).toBeTruthy();
  });

  it('fills the guide with the site address and the product', () => {
    const { curl, fetch } = keyCheckSnippets('https://shop.example', 'p1');
    expect(curl).toContain('curl -X POST https://shop.example/api/v1/licenses/verify');
    expect(curl).toContain('"product_id":"p1"');
    expect(fetch).toContain("fetch('https://shop.example/api/v1/licenses/activate'");
  });
});
