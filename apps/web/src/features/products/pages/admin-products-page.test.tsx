import type { PublicProduct } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, type MockHandler, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { makeProduct } from '@/test/marketplace-fixtures';
import { renderRoute } from '@/test/render';

const FIRST = '11111111-1111-4111-8111-111111111111';
const SECOND = '22222222-2222-4222-8222-222222222222';

function queue(products: PublicProduct[]): MockHandler {
  return ({ url }) => {
    const status = new URL(url).searchParams.get('status');
    const shown = status === 'all' ? products : products.filter((product) => product.status === status);
    return json(200, {
      products: shown,
      stats: {
        pending: products.filter((p) => p.status === 'pending').length,
        approved: products.filter((p) => p.status === 'approved').length,
        rejected: products.filter((p) => p.status === 'rejected').length,
        total: products.length,
      },
      total: shown.length,
      page: 1,
      pages: shown.length ? 1 : 0,
    });
  };
}

async function openQueue(handlers: Record<string, MockHandler> = {}) {
  authStore.setSession(makeSession({ role: 'admin' }));
  const products = [
    makeProduct({ id: FIRST, title: 'Prompt Toolkit' }),
    makeProduct({ id: SECOND, title: 'Churn Dataset', seller_name: 'Dana Data' }),
  ];
  const api = mockApi({ 'GET /api/v1/admin/products': queue(products), ...handlers });
  const view = renderRoute('/admin/products');
  await screen.findByText('Prompt Toolkit');
  return { ...view, api, products };
}

describe('admin product review', () => {
  it('offers no Approve for a product whose file failed the safety scan, and says why', async () => {
    authStore.setSession(makeSession({ role: 'admin' }));
    const products = [
      { ...makeProduct({ id: FIRST, title: 'Evil Checkpoint' }), blocked_by_scan: true },
      { ...makeProduct({ id: SECOND, title: 'Clean Dataset' }), blocked_by_scan: false },
    ];
    mockApi({ 'GET /api/v1/admin/products': queue(products) });
    renderRoute('/admin/products');
    await screen.findByText('Evil Checkpoint');
    expect(screen.queryByRole('button', { name: 'Approve Evil Checkpoint' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Approve Clean Dataset' })).toBeTruthy();
    expect(screen.getByText('Dangerous').getAttribute('title')).toContain('failed the safety scan');
  });

  it('opens on the pending queue with a count per status', async () => {
    const { api } = await openQueue();
    expect(screen.getByRole('tab', { name: /Pending/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: /Pending/ }).textContent).toContain('2');
    expect(new URL(api.calls('GET /api/v1/admin/products')[0]?.url ?? '').searchParams.get('status')).toBe('pending');
  });

  it('moves between status tabs with the arrow keys and loads a list only when one is opened', async () => {
    const { user, api } = await openQueue();
    const statuses = () => api.calls('GET /api/v1/admin/products').map((call) => new URL(call.url).searchParams.get('status'));
    const pending = screen.getByRole('tab', { name: /Pending/ });
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(pending.id);
    expect(pending.getAttribute('aria-controls')).toBe(panel.id);

    pending.focus();
    await user.keyboard('{ArrowRight}');
    const approved = screen.getByRole('tab', { name: /Approved/ });
    expect(document.activeElement).toBe(approved);
    // Only focus moved: still the pending list, nothing new asked for.
    expect(pending.getAttribute('aria-selected')).toBe('true');
    expect(statuses()).toEqual(['pending']);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(approved.getAttribute('aria-selected')).toBe('true'));
    await waitFor(() => expect(statuses()).toContain('approved'));
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(approved.id);
  });

  it('rejects only with a reason of 5+ characters, typed in the dialog', async () => {
    const { user, api } = await openQueue({
      [`PUT /api/v1/admin/products/${FIRST}/reject`]: () => json(200, { message: 'Product rejected' }),
    });

    await user.click(screen.getByRole('button', { name: 'Reject Prompt Toolkit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject "Prompt Toolkit"' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('A reason is required to reject a product (at least 5 characters)')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'meh');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(api.calls(`PUT /api/v1/admin/products/${FIRST}/reject`)).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Reason'));
    await user.type(within(dialog).getByLabelText('Reason'), '  The files are missing.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    await waitFor(() => expect(api.calls(`PUT /api/v1/admin/products/${FIRST}/reject`)).toHaveLength(1));
    expect(await screen.findByText('"Prompt Toolkit" rejected')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls(`PUT /api/v1/admin/products/${FIRST}/reject`)[0]?.body).toEqual({ reason: 'The files are missing.' });
  });

  it('keeps the dialog open with the server refusal', async () => {
    const { user } = await openQueue({
      [`PUT /api/v1/admin/products/${FIRST}/reject`]: () => json(404, { detail: 'Product not found', code: 'NOT_FOUND' }),
    });
    await user.click(screen.getByRole('button', { name: 'Reject Prompt Toolkit' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Not a real product');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Product not found')).toBeTruthy();
  });

  it('approves one product', async () => {
    const { user, api } = await openQueue({
      [`PUT /api/v1/admin/products/${SECOND}/approve`]: () => json(200, { message: 'Product approved' }),
    });
    await user.click(screen.getByRole('button', { name: 'Approve Churn Dataset' }));
    expect(await screen.findByText('"Churn Dataset" approved')).toBeTruthy();
    expect(api.calls(`PUT /api/v1/admin/products/${SECOND}/approve`)).toHaveLength(1);
  });

  it('approves and rejects the checked products in one call each', async () => {
    const { user, api } = await openQueue({
      'POST /api/v1/admin/products/bulk-update': ({ body }) =>
        json(200, { message: 'done', updated: (body as { product_ids: string[] }).product_ids.length }),
    });

    await user.click(screen.getByRole('checkbox', { name: 'Select all products on this page' }));
    const bar = screen.getByRole('region', { name: 'Selected products' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Approve selected' }));
    expect(await screen.findByText('2 products updated')).toBeTruthy();
    expect(api.calls('POST /api/v1/admin/products/bulk-update')[0]?.body).toEqual({
      product_ids: [FIRST, SECOND],
      updates: { status: 'approved' },
    });

    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected products' })).toBeNull());
    await user.click(screen.getByRole('checkbox', { name: 'Select Prompt Toolkit' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Churn Dataset' }));
    await user.click(screen.getByRole('button', { name: 'Reject selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 2 products' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Duplicate listing');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.calls('POST /api/v1/admin/products/bulk-update')).toHaveLength(2));
    expect(api.calls('POST /api/v1/admin/products/bulk-update')[1]?.body).toEqual({
      product_ids: [FIRST, SECOND],
      updates: { status: 'rejected', rejection_reason: 'Duplicate listing' },
    });
  });

  it('features only approved products', async () => {
    authStore.setSession(makeSession({ role: 'admin' }));
    const api = mockApi({
      'GET /api/v1/admin/products': queue([
        makeProduct({ id: FIRST, title: 'Live Tool', status: 'approved' }),
        makeProduct({ id: SECOND, title: 'Waiting Tool', status: 'pending' }),
      ]),
      [`PUT /api/v1/admin/products/${FIRST}/feature`]: () => json(200, { message: 'Product featured' }),
    });
    const { user } = renderRoute('/admin/products');
    await user.click(await screen.findByRole('tab', { name: /All/ }));

    const waiting = await screen.findByRole('button', { name: 'Featured: Waiting Tool' });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Featured: Live Tool' }));
    expect(await screen.findByText('"Live Tool" is now featured')).toBeTruthy();
    expect(api.calls(`PUT /api/v1/admin/products/${FIRST}/feature`)[0]?.body).toEqual({ featured: true });
  });
});
