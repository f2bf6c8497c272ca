import type { ProductUpdatePreferences, SellerProductUpdate } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { ProductUpdateNotes } from './components/product-update-notes';
import { ProductUpdatePreferences as PreferencesCard } from './components/product-update-preferences';
import { SellerProductUpdates } from './components/seller-product-updates';
import { ProductUpdatesUnsubscribePage } from './pages/unsubscribe-page';

const routes = [
  { path: '/product', element: <ProductUpdateNotes productId="p1" published /> },
  { path: '/seller', element: <SellerProductUpdates /> },
  { path: '/profile', element: <PreferencesCard /> },
  { path: '/product-updates/unsubscribe', element: <ProductUpdatesUnsubscribePage /> },
];

const note = (id: string, title: string, body: string, created_at: string) => ({
  id,
  product_id: 'p1',
  kind: 'note' as const,
  title,
  body,
  created_at,
});

describe('product updates in the storefront', () => {
  it('shows the seller’s update notes on the product page, newest first, markdown rendered without raw HTML', async () => {
    mockApi({
      'GET /api/v1/products/p1/updates': () =>
        json(200, {
          updates: [
            note(
              'u2',
              'Twenty new prompts',
              'Now with **twenty** prompts <img src=x onerror="alert(1)">',
              '2026-06-02T10:00:00.000Z',
            ),
            note('u1', 'First fix', 'Fixed a typo', '2026-06-01T10:00:00.000Z'),
          ],
          total: 2,
          page: 1,
          pages: 1,
        }),
    });
    const { container } = renderRoute('/product', { routes });
    const section = await screen.findByRole('region', { name: 'Updates from the seller' });
    const headings = within(section).getAllByRole('heading', { level: 3 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['Twenty new prompts', 'First fix']);
    await waitFor(() => expect(within(section).getByText('twenty').tagName).toBe('STRONG'));
    expect(container.querySelector('img')).toBeNull();
    expect(within(section).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('lets an admin delete a note after confirming', async () => {
    authStore.setSession(makeSession({ role: 'admin' }));
    let updates = [note('u1', 'Spam note', 'Buy my other things', '2026-06-01T10:00:00.000Z')];
    const api = mockApi({
      'GET /api/v1/products/p1/updates': () => json(200, { updates, total: updates.length, page: 1, pages: 1 }),
      'DELETE /api/v1/admin/product-updates/u1': () => {
        updates = [];
        return json(200, { message: 'Update deleted' });
      },
    });
    const { user } = renderRoute('/product', { routes });
    await user.click(await screen.findByRole('button', { name: 'Delete the update “Spam note”' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this update?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls('DELETE /api/v1/admin/product-updates/u1')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Updates from the seller' })).toBeNull());
  });

  it('shows nothing on a product without notes', async () => {
    const api = mockApi({ 'GET /api/v1/products/p1/updates': () => json(200, { updates: [], total: 0, page: 1, pages: 0 }) });
    renderRoute('/product', { routes });
    await waitFor(() => expect(api.calls('GET /api/v1/products/p1/updates')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Updates from the seller' })).toBeNull();
  });

  it('lets the seller send a note to past buyers and shows how many were sent, queued and skipped', async () => {
    authStore.setSession(makeSession({ role: 'seller' }));
    const sent: SellerProductUpdate = {
      ...note('u1', 'Version 2 is out', 'Twenty new prompts', '2026-06-01T10:00:00.000Z'),
      deliveries: { sent: 40, queued: 0, skipped: 3, failed: 1 },
    };
    const api = mockApi({
      'GET /api/v1/seller/products': () =>
        json(200, { products: [{ id: 'p1', title: 'Prompt Studio' }], total: 1, page: 1, pages: 1 }),
      'GET /api/v1/seller/products/p1/updates': () => json(200, { updates: [sent], total: 1, page: 1, pages: 1 }),
      'POST /api/v1/seller/products/p1/updates': (request) =>
        json(201, { ...sent, id: 'u2', ...(request.body as object), deliveries: { sent: 0, queued: 44, skipped: 0, failed: 0 } }),
    });
    const { user } = renderRoute('/seller', { routes });
    await user.click(await screen.findByRole('button', { name: 'Write an update' }));
    await user.selectOptions(await screen.findByLabelText('Product'), 'p1');
    expect(await screen.findByText('40 sent · 0 queued · 3 skipped (muted)')).toBeTruthy();
    expect(screen.getByText('1 not delivered')).toBeTruthy();

    await user.type(screen.getByLabelText('Title'), 'Hi');
    await user.type(screen.getByLabelText('Update (markdown)'), 'short');
    await user.click(screen.getByRole('button', { name: 'Send to past buyers' }));
    expect(await screen.findByText('Update title must be 3 to 120 characters')).toBeTruthy();
    expect(screen.getByText('Update text must be 10 to 5,000 characters')).toBeTruthy();
    expect(api.calls('POST /api/v1/seller/products/p1/updates')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Version 3 is out');
    await user.type(screen.getByLabelText('Update (markdown)'), ' and **faster** too');
    await user.click(screen.getByRole('button', { name: 'Send to past buyers' }));
    await waitFor(() => expect(api.calls('POST /api/v1/seller/products/p1/updates')).toHaveLength(1));
    expect(api.calls('POST /api/v1/seller/products/p1/updates')[0]?.body).toEqual({
      title: 'Version 3 is out',
      body: 'short and **faster** too',
    });
  });

  it('lists the muted products on the profile, turns one back on with undo, and switches all updates off', async () => {
    authStore.setSession(makeSession());
    let preferences: ProductUpdatePreferences = {
      all_muted: false,
      muted_products: [{ product_id: 'p1', title: 'Prompt Studio', muted_at: '2026-06-01T10:00:00.000Z' }],
    };
    const answer = () => json(200, preferences);
    const api = mockApi({
      'GET /api/v1/product-updates/preferences': answer,
      'DELETE /api/v1/product-updates/preferences/products/p1': () => {
        preferences = { ...preferences, muted_products: [] };
        return answer();
      },
      'PUT /api/v1/product-updates/preferences/products/p1': () => {
        preferences = {
          ...preferences,
          muted_products: [{ product_id: 'p1', title: 'Prompt Studio', muted_at: '2026-06-03T10:00:00.000Z' }],
        };
        return answer();
      },
      'PUT /api/v1/product-updates/preferences': (request) => {
        preferences = { ...preferences, all_muted: (request.body as { all_muted: boolean }).all_muted };
        return answer();
      },
    });
    const { user } = renderRoute('/profile', { routes });
    await user.click(await screen.findByRole('button', { name: 'Turn updates about Prompt Studio back on' }));
    await waitFor(() => expect(api.calls('DELETE /api/v1/product-updates/preferences/products/p1')).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'Undo: mute Prompt Studio again' }));
    await waitFor(() => expect(api.calls('PUT /api/v1/product-updates/preferences/products/p1')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Turn updates about Prompt Studio back on' })).toBeTruthy();

    const all = screen.getByLabelText('Send me updates about the products I bought') as HTMLInputElement;
    expect(all.checked).toBe(true);
    await user.click(all);
    await waitFor(() => expect(api.calls('PUT /api/v1/product-updates/preferences')[0]?.body).toEqual({ all_muted: true }));
    expect(await screen.findByText('Updates are off for every product, whatever the list below says.')).toBeTruthy();
  });

  it('asks before muting from an e-mail link, then mutes without sign-in; a tampered link says so', async () => {
    const api = mockApi({
      'GET /api/v1/product-updates/unsubscribe': (request) =>
        request.url.includes('token=good')
          ? json(200, { product: { id: 'p1', title: 'Prompt Studio' }, product_muted: false, all_muted: false })
          : json(400, { detail: 'This unsubscribe link is invalid', code: 'BAD_REQUEST' }),
      'POST /api/v1/product-updates/unsubscribe': () =>
        json(200, { product: { id: 'p1', title: 'Prompt Studio' }, product_muted: true, all_muted: false }),
    });
    const { user } = renderRoute('/product-updates/unsubscribe?token=good', { routes });
    expect(await screen.findByText('Stop e-mails and notifications about Prompt Studio?')).toBeTruthy();
    expect(api.calls('POST /api/v1/product-updates/unsubscribe')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Stop updates about this product' }));
    expect(await screen.findByText('You will get no more updates about Prompt Studio.')).toBeTruthy();
    expect(api.calls('POST /api/v1/product-updates/unsubscribe')[0]?.body).toEqual({ scope: 'product' });
  });

  it('says so when the link was tampered with', async () => {
    mockApi({
      'GET /api/v1/product-updates/unsubscribe': () =>
        json(400, { detail: 'This unsubscribe link is invalid', code: 'BAD_REQUEST' }),
    });
    renderRoute('/product-updates/unsubscribe?token=forged', { routes });
    expect(await screen.findByText('This link did not work')).toBeTruthy();
    expect(screen.getByText('This unsubscribe link is invalid')).toBeTruthy();
  });
});
