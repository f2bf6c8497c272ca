import type { PromoCodeView } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, type MockHandler, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const SPRING = '11111111-1111-4111-8111-111111111111';
const WELCOME = '22222222-2222-4222-8222-222222222222';
const PRODUCT = '33333333-3333-4333-8333-333333333333';

function makePromo(overrides: Partial<PromoCodeView> = {}): PromoCodeView {
  return {
    id: SPRING,
    code: 'SPRING',
    kind: 'percent',
    value: 15,
    description: 'Spring sale',
    active: true,
    status: 'active',
    product_id: null,
    product_title: null,
    category: null,
    starts_at: null,
    expires_at: null,
    usage_limit: null,
    used_count: 0,
    per_customer_limit: null,
    first_order_only: false,
    min_subtotal: 0,
    redemptions: 0,
    revenue_discounted: 0,
    created_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

const spring = makePromo({
  usage_limit: 100,
  used_count: 3,
  redemptions: 2,
  revenue_discounted: 12.5,
  category: 'datasets',
  min_subtotal: 20,
  per_customer_limit: 1,
  expires_at: '2026-06-30T12:00:00.000Z',
});
const welcome = makePromo({
  id: WELCOME,
  code: 'WELCOME',
  kind: 'fixed',
  value: 50,
  description: '',
  first_order_only: true,
  product_id: PRODUCT,
  product_title: 'Prompt Toolkit',
  active: false,
  status: 'inactive',
});

function openPage(handlers: Record<string, MockHandler> = {}) {
  authStore.setSession(makeSession({ role: 'admin' }));
  const api = mockApi({
    'GET /api/v1/admin/promo-codes': () => json(200, { promo_codes: [spring, welcome], total: 2, page: 1, pages: 1 }),
    ...handlers,
  });
  return { ...renderRoute('/admin/promo-codes'), api };
}

const rowOf = async (code: string) => (await screen.findByText(code)).closest('tr') as HTMLElement;

describe('admin promo codes page', () => {
  it('lists codes with their status, usage and rules, and is linked from the sidebar', async () => {
    openPage();
    const row = await rowOf('SPRING');
    expect(within(row).getByText('15% off')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('3 / 100 used')).toBeTruthy();
    expect(within(row).getByText('2 paid orders, $12.50 discounted')).toBeTruthy();
    for (const rule of ['Once per customer', 'Subtotal from $20.00', 'Datasets only', 'Until Jun 30, 2026']) {
      expect(within(row).getByText(rule)).toBeTruthy();
    }
    const other = await rowOf('WELCOME');
    expect(within(other).getByText('$50.00 off')).toBeTruthy();
    expect(within(other).getByText('Switched off')).toBeTruthy();
    expect(within(other).getByText('0 used, no limit')).toBeTruthy();
    expect(within(other).getByText('First order only')).toBeTruthy();
    expect(within(other).getByText('Only for Prompt Toolkit')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Promo codes' }).getAttribute('href')).toBe('/admin/promo-codes');
  });

  it('searches and filters by the on/off switch', async () => {
    const { user, api } = openPage();
    await rowOf('SPRING');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'spring');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'false');
    await waitFor(() => {
      const params = new URL(api.calls('GET /api/v1/admin/promo-codes').at(-1)?.url ?? '').searchParams;
      expect([params.get('search'), params.get('active'), params.get('page')]).toEqual(['spring', 'false', '1']);
    });
  });

  it('creates a code: shows every problem at once before sending, then sends the parsed rules', async () => {
    const { user, api } = openPage({
      'POST /api/v1/admin/promo-codes': ({ body }) =>
        json(201, { message: 'Promo code created', promo_code: makePromo({ ...(body as object), id: 'new' }) }),
    });
    await rowOf('SPRING');
    await user.click(screen.getByRole('button', { name: 'New promo code' }));
    const dialog = await screen.findByRole('dialog', { name: 'New promo code' });
    await user.type(within(dialog).getByLabelText('Code'), 'x');
    await user.type(within(dialog).getByLabelText('Percent off'), '150');
    fireEvent.change(within(dialog).getByLabelText('Starts'), { target: { value: '2030-05-02T09:00' } });
    fireEvent.change(within(dialog).getByLabelText('Ends'), { target: { value: '2030-05-01T09:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Code must be 3 to 40 characters')).toBeTruthy();
    expect(within(dialog).getByText('Percent must be a whole number from 1 to 100')).toBeTruthy();
    expect(within(dialog).getByText('The end must be after the start')).toBeTruthy();
    expect(api.calls('POST /api/v1/admin/promo-codes')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Code'));
    await user.type(within(dialog).getByLabelText('Code'), 'summer-26');
    await user.clear(within(dialog).getByLabelText('Percent off'));
    await user.type(within(dialog).getByLabelText('Percent off'), '20');
    fireEvent.change(within(dialog).getByLabelText('Ends'), { target: { value: '2030-05-31T18:00' } });
    await user.type(within(dialog).getByLabelText('Total uses'), '100');
    await user.type(within(dialog).getByLabelText('Minimum subtotal ($)'), '25.5');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'datasets');
    await user.click(within(dialog).getByLabelText("Only for a buyer's first order"));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('SUMMER-26 was created')).toBeTruthy();
    expect(api.calls('POST /api/v1/admin/promo-codes')[0]?.body).toEqual({
      code: 'SUMMER-26',
      kind: 'percent',
      value: 20,
      description: '',
      active: true,
      product_id: null,
      category: 'datasets',
      starts_at: new Date(2030, 4, 2, 9, 0).toISOString(),
      expires_at: new Date(2030, 4, 31, 18, 0).toISOString(),
      usage_limit: 100,
      per_customer_limit: null,
      first_order_only: true,
      min_subtotal: 25.5,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("puts the server's answer on the field it is about", async () => {
    const { user } = openPage({
      'POST /api/v1/admin/promo-codes': () =>
        json(409, {
          detail: 'This code already exists',
          code: 'CONFLICT',
          errors: [{ field: 'code', message: 'This code already exists' }],
        }),
    });
    await rowOf('SPRING');
    await user.click(screen.getByRole('button', { name: 'New promo code' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Code'), 'spring');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'fixed');
    await user.type(within(dialog).getByLabelText('Amount off ($)'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const code = within(dialog).getByLabelText('Code');
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('This code already exists')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('edits only what changed, never the code, and sends kind and value together', async () => {
    const { user, api } = openPage({
      [`PUT /api/v1/admin/promo-codes/${SPRING}`]: ({ body }) =>
        json(200, { message: 'Promo code updated', promo_code: { ...spring, ...(body as object) } }),
    });
    await user.click(within(await rowOf('SPRING')).getByRole('button', { name: 'Edit SPRING' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit SPRING' });
    expect((within(dialog).getByLabelText('Code') as HTMLInputElement).readOnly).toBe(true);
    expect((within(dialog).getByLabelText('Total uses') as HTMLInputElement).value).toBe('100');
    expect((within(dialog).getByLabelText('Category') as HTMLSelectElement).value).toBe('datasets');
    await user.clear(within(dialog).getByLabelText('Description'));
    await user.type(within(dialog).getByLabelText('Description'), 'Spring sale, extended');
    await user.clear(within(dialog).getByLabelText('Total uses'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('SPRING was updated')).toBeTruthy();
    expect(api.calls(`PUT /api/v1/admin/promo-codes/${SPRING}`)[0]?.body).toEqual({
      description: 'Spring sale, extended',
      usage_limit: null,
    });

    await user.click(within(await rowOf('SPRING')).getByRole('button', { name: 'Edit SPRING' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit SPRING' });
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'fixed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(`PUT /api/v1/admin/promo-codes/${SPRING}`)).toHaveLength(2));
    expect(api.calls(`PUT /api/v1/admin/promo-codes/${SPRING}`)[1]?.body).toEqual({ kind: 'fixed', value: 15 });
  });

  it('deactivates only after confirmation, and switches a code back on', async () => {
    const { user, api } = openPage({
      [`POST /api/v1/admin/promo-codes/${SPRING}/deactivate`]: () =>
        json(200, { message: 'Promo code deactivated', promo_code: { ...spring, active: false, status: 'inactive' } }),
      [`PUT /api/v1/admin/promo-codes/${WELCOME}`]: () =>
        json(200, { message: 'Promo code updated', promo_code: { ...welcome, active: true, status: 'active' } }),
    });
    const row = await rowOf('SPRING');
    await user.click(within(row).getByRole('button', { name: 'Deactivate SPRING' }));
    let confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Deactivate SPRING?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls(`POST /api/v1/admin/promo-codes/${SPRING}/deactivate`)).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Deactivate SPRING' }));
    confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('SPRING was deactivated')).toBeTruthy();
    expect(api.calls(`POST /api/v1/admin/promo-codes/${SPRING}/deactivate`)).toHaveLength(1);

    await user.click(within(await rowOf('WELCOME')).getByRole('button', { name: 'Switch on WELCOME' }));
    expect(await screen.findByText('WELCOME is switched on')).toBeTruthy();
    expect(api.calls(`PUT /api/v1/admin/promo-codes/${WELCOME}`)[0]?.body).toEqual({ active: true });
  });
});
