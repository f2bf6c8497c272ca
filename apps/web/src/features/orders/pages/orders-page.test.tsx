import type { OrderView } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, type MockHandler, mockApi } from '@/test/api-mock';
import { makeCartItem, makeOrder, priceCart } from '@/test/commerce-fixtures';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const paid = makeOrder();
const pending = makeOrder({
  id: 'aaaaaaaa-0000-4000-8000-000000000002',
  order_number: 'AIM-20260502-0002',
  status: 'pending',
  payment_status: 'unpaid',
  paid_at: null,
});
const old = makeOrder({
  id: 'aaaaaaaa-0000-4000-8000-000000000003',
  order_number: 'AIM-20250101-0003',
  created_at: '2025-01-01T10:00:00.000Z',
  paid_at: '2025-01-01T10:00:00.000Z',
});

function ordersPage(orders: OrderView[], extra: Partial<{ total: number; pages: number }> = {}) {
  return () => json(200, { orders, total: orders.length, page: 1, pages: 1, ...extra });
}

async function openOrders(path = '/orders', handlers: Record<string, MockHandler> = {}, { list = true } = {}) {
  authStore.setSession(makeSession());
  const api = mockApi({
    'GET /api/v1/orders/stats': () => json(200, { total_orders: 3, completed_orders: 2, processing_orders: 1, total_spent: 80 }),
    'GET /api/v1/orders': ordersPage([paid, pending, old]),
    ...handlers,
  });
  const view = renderRoute(path);
  await screen.findByRole('heading', { name: 'My Orders' });
  if (list) await screen.findByRole('list', { name: 'Orders' });
  return { ...view, api };
}

const lastQuery = (api: Awaited<ReturnType<typeof openOrders>>['api']) =>
  new URL(api.calls('GET /api/v1/orders').at(-1)?.url ?? '').searchParams;

/** Each row of an order's price summary as 'Label value'. */
function summaryRows(order: HTMLElement): string[] {
  return within(order)
    .getAllByRole('term')
    .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
}

function card(orderNumber: string): HTMLElement {
  return screen.getByRole('heading', { name: `Order ${orderNumber}` }).closest('li') as HTMLElement;
}

describe('orders page', () => {
  it('shows the stats and each order with its status, items and total', async () => {
    await openOrders();
    expect(screen.getByText('Active orders').nextElementSibling?.textContent).toBe('1');
    expect(screen.getByText('Total spent').nextElementSibling?.textContent).toBe('$80.00');
    const first = card(paid.order_number);
    expect(within(first).getByText('Completed')).toBeTruthy();
    expect(within(first).getByText('Chatbot Builder')).toBeTruthy();
    expect(summaryRows(first)).toEqual(['Subtotal $40.00', 'Total $40.00']);
    // Only paid orders offer downloads and receipts.
    expect(within(first).getByRole('button', { name: 'Download all' })).toBeTruthy();
    expect(within(card(pending.order_number)).queryByRole('button', { name: 'Download all' })).toBeNull();
    expect(within(card(pending.order_number)).getByText('Pending')).toBeTruthy();
  });

  it('shows an order with a promo as the cart and receipt did: subtotal, Discount (code), total', async () => {
    const withPromo = makeOrder({
      id: 'aaaaaaaa-0000-4000-8000-000000000009',
      order_number: 'AIM-20260501-0009',
      subtotal: 65,
      discount: 6.5,
      promo_code: 'SAVE10',
      total_amount: 58.5,
    });
    await openOrders('/orders', { 'GET /api/v1/orders': ordersPage([withPromo]) });
    const order = card(withPromo.order_number);
    expect(within(order).getByLabelText('Price summary of order AIM-20260501-0009')).toBeTruthy();
    expect(summaryRows(order)).toEqual(['Subtotal $65.00', 'Discount (SAVE10) −$6.50', 'Total $58.50']);
  });

  it('keeps the status and date filters in the URL and sends them to the server', async () => {
    const { user, router, api } = await openOrders();

    await user.selectOptions(screen.getByLabelText('Status'), 'completed');
    await waitFor(() => expect(router.state.location.search).toBe('?status=completed'));
    await waitFor(() => expect(lastQuery(api).get('status_filter')).toBe('completed'));
    expect(lastQuery(api).get('page')).toBe('1');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-05-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-05-31' } });
    await waitFor(() => expect(router.state.location.search).toBe('?status=completed&from=2026-05-01&to=2026-05-31'));
    await waitFor(() => expect(lastQuery(api).get('end_date')).toBeTruthy());
    // Whole local days: from the first moment of the first to the last moment of the last.
    expect(lastQuery(api).get('start_date')).toBe(new Date('2026-05-01T00:00:00.000').toISOString());
    expect(lastQuery(api).get('end_date')).toBe(new Date('2026-05-31T23:59:59.999').toISOString());

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('reads the filters and page from the URL, and pages through', async () => {
    const { user, router, api } = await openOrders('/orders?status=pending&from=2026-01-01&page=2', {
      'GET /api/v1/orders': ({ url }) =>
        json(200, { orders: [pending], total: 25, page: Number(new URL(url).searchParams.get('page')), pages: 3 }),
    });
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('pending');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-01-01');
    expect(lastQuery(api).get('page')).toBe('2');
    expect(lastQuery(api).get('status_filter')).toBe('pending');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=pending&from=2026-01-01&page=3'));
    await waitFor(() => expect(lastQuery(api).get('page')).toBe('3'));
  });

  it('says when no order matches the filters', async () => {
    await openOrders('/orders?status=refunded', { 'GET /api/v1/orders': ordersPage([]) }, { list: false });
    expect(await screen.findByText('No orders match these filters.')).toBeTruthy();
  });

  it('downloads the whole order as a zip, and toasts when that fails', async () => {
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:zip');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    let fail = false;
    const { user } = await openOrders('/orders', {
      [`GET /api/v1/orders/${paid.id}/download-zip`]: () =>
        fail ? json(404, { detail: 'This order has no files' }) : new Response(new Uint8Array([0x50, 0x4b])),
      [`GET /api/v1/orders/download-product-files/${paid.items[0]?.product_id}`]: () =>
        new Response(new Uint8Array([0x50, 0x4b])),
    });

    await user.click(within(card(paid.order_number)).getByRole('button', { name: 'Download all' }));
    await waitFor(() => expect(names).toEqual([`order_${paid.order_number}_files.zip`]));

    await user.click(within(card(paid.order_number)).getByRole('button', { name: 'Download the files of Chatbot Builder' }));
    await waitFor(() => expect(names).toContain('Chatbot_Builder_files.zip'));

    fail = true;
    await user.click(within(card(paid.order_number)).getByRole('button', { name: 'Download all' }));
    expect(await screen.findByText('Download failed')).toBeTruthy();
    expect(screen.getByText('This order has no files')).toBeTruthy();
  });

  it('shows how many downloads a capped product has left, refreshes it after a download, and says when none is left', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:zip');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const line = paid.items[0] as OrderView['items'][number];
    let left = 2;
    const capped = () => makeOrder({ items: [{ ...line, download_limit: 3, downloads_left: left }] });
    const { user, api } = await openOrders('/orders', {
      'GET /api/v1/orders': () => json(200, { orders: [capped(), pending], total: 2, page: 1, pages: 1 }),
      [`GET /api/v1/orders/download-product-files/${line.product_id}`]: () => {
        left -= 1;
        return new Response(new Uint8Array([0x50, 0x4b]));
      },
    });
    const order = card(paid.order_number);
    expect(within(order).getByText('Downloads left: 2 of 3')).toBeTruthy();
    // An unpaid order shows no count.
    expect(within(card(pending.order_number)).queryByText(/Downloads left/)).toBeNull();

    const button = within(order).getByRole('button', { name: 'Download the files of Chatbot Builder' });
    await user.click(button);
    expect(await within(order).findByText('Downloads left: 1 of 3')).toBeTruthy();
    await user.click(button);
    expect(await within(order).findByText('No downloads left (limit 3)')).toBeTruthy();
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(api.calls(`GET /api/v1/orders/download-product-files/${line.product_id}`)).toHaveLength(2);
  });

  it('makes new download links and shows them', async () => {
    const links = (version: number) => ({
      links: [
        {
          product_id: paid.items[0]?.product_id,
          product_title: 'Chatbot Builder',
          file_name: 'builder.zip',
          size_bytes: 2048,
          url: `/api/v1/downloads/token-v${version}`,
          expires_at: '2026-06-01T00:00:00.000Z',
        },
      ],
      expires_at: '2026-06-01T00:00:00.000Z',
    });
    const { user } = await openOrders('/orders', {
      [`GET /api/v1/orders/${paid.id}/download-links`]: () => json(200, links(1)),
      [`POST /api/v1/orders/${paid.id}/regenerate-links`]: () => json(200, links(2)),
    });
    const order = card(paid.order_number);

    await user.click(within(order).getByRole('button', { name: 'Download links' }));
    expect((await within(order).findByRole('link', { name: 'builder.zip' })).getAttribute('href')).toBe(
      '/api/v1/downloads/token-v1',
    );

    await user.click(within(order).getByRole('button', { name: 'New download links' }));
    expect(await screen.findByText('New download links created; earlier links no longer work.')).toBeTruthy();
    await waitFor(() =>
      expect(within(order).getByRole('link', { name: 'builder.zip' }).getAttribute('href')).toBe('/api/v1/downloads/token-v2'),
    );
  });

  it('lists each released version of a product under its own heading, the current one first', async () => {
    const link = (file: string, label: string, current: boolean) => ({
      product_id: paid.items[0]?.product_id,
      product_title: 'Chatbot Builder',
      file_id: `${label}-${file}`,
      file_name: file,
      size_bytes: 2048,
      version_label: label,
      version_current: current,
      url: `/api/v1/downloads/${label}-${file}`,
      expires_at: '2026-06-01T00:00:00.000Z',
    });
    const { user } = await openOrders('/orders', {
      [`GET /api/v1/orders/${paid.id}/download-links`]: () =>
        json(200, {
          links: [link('builder.zip', '1.1', true), link('builder.zip', '1.0', false), link('README.md', '1.0', false)],
          expires_at: '2026-06-01T00:00:00.000Z',
        }),
    });
    const order = card(paid.order_number);
    await user.click(within(order).getByRole('button', { name: 'Download links' }));
    const current = await within(order).findByRole('region', { name: 'Chatbot Builder, version 1.1' });
    expect(within(current).getByRole('heading').textContent).toBe('Chatbot Builder · Version 1.1 (current)');
    expect(within(current).getByRole('link', { name: 'builder.zip' }).getAttribute('href')).toBe(
      '/api/v1/downloads/1.1-builder.zip',
    );
    const earlier = within(order).getByRole('region', { name: 'Chatbot Builder, version 1.0' });
    expect(within(earlier).getByRole('heading').textContent).toBe('Chatbot Builder · Version 1.0');
    expect(
      within(earlier)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['builder.zip', 'README.md']);
  });

  it('resends the receipt', async () => {
    const { user, api } = await openOrders('/orders', {
      [`POST /api/v1/orders/${paid.id}/resend-email`]: () => json(200, { message: 'Receipt sent to ada@example.com' }),
    });
    await user.click(within(card(paid.order_number)).getByRole('button', { name: 'Resend receipt' }));
    expect(await screen.findByText('Receipt sent to ada@example.com')).toBeTruthy();
    expect(api.calls(`POST /api/v1/orders/${paid.id}/resend-email`)).toHaveLength(1);
  });

  it('asks for a reason of 10+ characters before requesting a refund; not offered twice or after 30 days', async () => {
    const { user, api } = await openOrders('/orders', {
      [`POST /api/v1/orders/${paid.id}/request-refund`]: ({ body }) =>
        json(201, {
          message: 'Refund requested. We will review it within 5-10 business days.',
          refund: { status: 'pending', reason: (body as { reason: string }).reason, requested_at: new Date().toISOString() },
        }),
    });
    expect(within(card(old.order_number)).queryByRole('button', { name: 'Request refund' })).toBeNull();
    expect(within(card(pending.order_number)).queryByRole('button', { name: 'Request refund' })).toBeNull();

    await user.click(within(card(paid.order_number)).getByRole('button', { name: 'Request refund' }));
    const dialog = screen.getByRole('dialog', { name: `Request a refund for ${paid.order_number}` });
    await user.type(within(dialog).getByLabelText('Reason'), 'Broken');
    await user.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    expect(await within(dialog).findByText('Please tell us why you want a refund (at least 10 characters)')).toBeTruthy();
    expect(api.calls(`POST /api/v1/orders/${paid.id}/request-refund`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), ': the files do not open');
    await user.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    expect(await screen.findByText('Refund requested')).toBeTruthy();
    expect(api.calls(`POST /api/v1/orders/${paid.id}/request-refund`)[0]?.body).toEqual({
      reason: 'Broken: the files do not open',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('hides the refund button once a refund was requested', async () => {
    await openOrders('/orders', {
      'GET /api/v1/orders': ordersPage([
        { ...paid, refund: { status: 'requested', reason: 'Files missing entirely', requested_at: new Date().toISOString() } },
      ]),
    });
    expect(screen.getByText('Refund: Requested')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request refund' })).toBeNull();
  });

  it('opens on an owned product’s download when "In your library" links here', async () => {
    const productId = paid.items[0]?.product_id as string;
    const { user, api } = await openOrders(`/orders?download=${productId}`, {
      [`GET /api/v1/products/${productId}`]: () => json(200, { id: productId, title: 'Chatbot Builder' }),
      [`GET /api/v1/orders/download-product-files/${productId}`]: () =>
        new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { headers: { 'content-type': 'application/zip' } }),
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:zip');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const panel = (await screen.findByRole('heading', { name: 'In your library: Chatbot Builder' })).closest(
      'section',
    ) as HTMLElement;
    await user.click(within(panel).getByRole('button', { name: 'Download the files of Chatbot Builder' }));
    await waitFor(() => expect(saved).toEqual(['Chatbot_Builder_files.zip']));
    expect(api.calls(`GET /api/v1/orders/download-product-files/${productId}`)).toHaveLength(1);
  });

  it('asks before "Buy again" puts products the buyer still owns back in the cart', async () => {
    const { user, api } = await openOrders('/orders', {
      'GET /api/v1/orders/owned-products': () => json(200, { product_ids: [paid.items[0]?.product_id] }),
      'POST /api/v1/cart/add': () => json(200, priceCart([makeCartItem({ quantity: 1 })])),
    });
    await waitFor(() => expect(api.calls('GET /api/v1/orders/owned-products')).toHaveLength(1));
    await user.click(within(card(paid.order_number)).getByRole('button', { name: 'Buy again' }));
    const question = await screen.findByRole('alertdialog', { name: 'You already own some of these products' });
    expect(api.calls('POST /api/v1/cart/add')).toHaveLength(0);
    await user.click(within(question).getByRole('button', { name: 'Buy again' }));
    await waitFor(() =>
      expect(api.calls('POST /api/v1/cart/add').at(-1)?.body).toEqual({
        product_id: paid.items[0]?.product_id,
        quantity: 1,
        buy_again: true,
      }),
    );
  });

  it('puts an order back in the cart, or says reordering failed', async () => {
    let fail = false;
    const { user, router, api } = await openOrders('/orders', {
      'POST /api/v1/cart/add': () =>
        fail
          ? json(422, { detail: 'Invalid product data: missing required fields' })
          : json(200, priceCart([makeCartItem({ quantity: 1 })])),
    });

    fail = true;
    await user.click(within(card(old.order_number)).getByRole('button', { name: 'Buy again' }));
    expect(await screen.findByText('Failed to reorder items. Please try again.')).toBeTruthy();

    fail = false;
    await user.click(within(card(paid.order_number)).getByRole('button', { name: 'Buy again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(api.calls('POST /api/v1/cart/add').at(-1)?.body).toEqual({ product_id: paid.items[0]?.product_id, quantity: 1 });
  });
});
