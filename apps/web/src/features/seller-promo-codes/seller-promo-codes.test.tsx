import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeCartItem } from '@/test/commerce-fixtures';
import { makeSession } from '@/test/fixtures';
import { makeProduct, sellerHandlers, sellerStats } from '@/test/marketplace-fixtures';
import { renderRoute } from '@/test/render';

const spring = {
  id: '8c1e9c5e-0000-4000-8000-000000000001',
  code: 'SPRING10',
  kind: 'percent',
  value: 10,
  description: '',
  active: true,
  status: 'active',
  products: [],
  expires_at: null,
  usage_limit: 50,
  used_count: 3,
  per_customer_limit: null,
  redemptions: 3,
  revenue_discounted: 12,
  created_at: '2026-11-01T00:00:00.000Z',
};

async function openDiscountCodes(handlers: Parameters<typeof mockApi>[0] = {}) {
  authStore.setSession(makeSession({ role: 'seller' }));
  const api = mockApi({ ...sellerHandlers([makeProduct()], sellerStats), ...handlers });
  const view = renderRoute('/seller');
  const form = await screen.findByRole('form', { name: 'New discount code' }, { timeout: 20_000 });
  return { ...view, api, form: within(form) };
}

describe('the seller’s discount codes', () => {
  it('checks the form with the shared schema before anything is sent', async () => {
    const { user, api, form } = await openDiscountCodes();
    await user.type(form.getByLabelText('Code'), 'x');
    await user.type(form.getByLabelText('Percent off'), '150');
    await user.click(form.getByRole('button', { name: 'Create code' }));
    expect(await form.findByText('Code must be 3 to 40 characters')).toBeTruthy();
    expect(form.getByText('Percent must be a whole number from 1 to 100')).toBeTruthy();
    expect(api.calls('POST /api/v1/seller/promo-codes')).toHaveLength(0);
  });

  it('creates a code, shows the server’s refusal on its field, lists codes and switches one off', async () => {
    let codes = [spring];
    const { user, api, form } = await openDiscountCodes({
      'GET /api/v1/seller/promo-codes': () => json(200, { promo_codes: codes, total: codes.length, page: 1, pages: 1 }),
      'POST /api/v1/seller/promo-codes': (request) => {
        const body = request.body as { code: string };
        if (body.code === 'TAKEN')
          return json(409, {
            detail: 'This code already exists',
            code: 'CONFLICT',
            errors: [{ field: 'code', message: 'This code already exists' }],
          });
        const created = {
          ...spring,
          id: '8c1e9c5e-0000-4000-8000-000000000002',
          code: body.code,
          kind: 'fixed',
          value: 5,
          used_count: 0,
        };
        codes = [created, ...codes];
        return json(201, { message: 'Discount code created', promo_code: created });
      },
      'DELETE /api/v1/seller/promo-codes/8c1e9c5e-0000-4000-8000-000000000001': () => {
        codes = codes.map((code) => (code.code === 'SPRING10' ? { ...code, active: false, status: 'inactive' } : code));
        return json(200, { message: 'Discount code deactivated', promo_code: codes.at(-1) });
      },
    });
    const list = within(await screen.findByRole('list', { name: 'Your discount codes' }));
    expect(list.getByText('SPRING10')).toBeTruthy();
    expect(list.getByText(/10% off · Active · 3 of 50 uses/)).toBeTruthy();

    await user.type(form.getByLabelText('Code'), 'taken');
    await user.type(form.getByLabelText('Percent off'), '10');
    await user.click(form.getByRole('button', { name: 'Create code' }));
    expect(await form.findByText('This code already exists')).toBeTruthy();

    await user.clear(form.getByLabelText('Code'));
    await user.type(form.getByLabelText('Code'), 'five-off');
    await user.selectOptions(form.getByLabelText('Type'), 'fixed');
    await user.clear(form.getByLabelText('Amount off ($)'));
    await user.type(form.getByLabelText('Amount off ($)'), '5');
    // Named products: only those (none checked would be all of the seller's).
    expect(form.getByRole('group', { name: 'Products' })).toBeTruthy();
    await user.click(form.getByRole('checkbox', { name: 'Prompt Toolkit' }));
    await user.click(form.getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(api.calls('POST /api/v1/seller/promo-codes')).toHaveLength(2));
    expect(api.calls('POST /api/v1/seller/promo-codes')[1]?.body).toMatchObject({
      code: 'FIVE-OFF',
      kind: 'fixed',
      value: 5,
      product_ids: ['11111111-1111-4111-8111-111111111111'],
    });
    expect(await screen.findByText('Code FIVE-OFF created')).toBeTruthy();
    expect(await screen.findByText('FIVE-OFF')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Switch off SPRING10' }));
    expect(await screen.findByText('Code SPRING10 switched off')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Switch off SPRING10' })).toBeNull());
  });
});

describe('editing one of the seller’s discount codes', () => {
  const PUT = `PUT /api/v1/seller/promo-codes/${spring.id}`;

  it('changes the limit and the end: the server’s 422 lands on its field, then the request carries both', {
    timeout: 45_000,
  }, async () => {
    let codes: Record<string, unknown>[] = [spring];
    const { user, api } = await openDiscountCodes({
      'GET /api/v1/seller/promo-codes': () => json(200, { promo_codes: codes, total: codes.length, page: 1, pages: 1 }),
      [PUT]: (request) => {
        const body = request.body as { usage_limit?: number | null; expires_at?: string | null };
        if (typeof body.usage_limit === 'number' && body.usage_limit < spring.used_count)
          return json(422, {
            detail: 'Validation failed',
            code: 'VALIDATION_FAILED',
            errors: [{ field: 'usage_limit', message: 'Usage limit cannot be below the 3 uses already made' }],
          });
        const updated = { ...spring, ...body };
        codes = [updated];
        return json(200, { message: 'Discount code updated', promo_code: updated });
      },
    });
    const list = within(await screen.findByRole('list', { name: 'Your discount codes' }));
    await user.click(list.getByRole('button', { name: 'Edit SPRING10' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit SPRING10' }));
    // What a code is stays: no code, type or value to change here.
    expect(dialog.queryByLabelText('Code')).toBeNull();
    expect(dialog.queryByLabelText('Type')).toBeNull();
    expect((dialog.getByLabelText('Total uses') as HTMLInputElement).value).toBe('50');
    expect((dialog.getByLabelText('Ends (optional)') as HTMLInputElement).value).toBe('');

    await user.clear(dialog.getByLabelText('Total uses'));
    await user.type(dialog.getByLabelText('Total uses'), '2');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Usage limit cannot be below the 3 uses already made')).toBeTruthy();
    expect(dialog.getByLabelText('Total uses').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls(PUT)).toHaveLength(1);

    await user.clear(dialog.getByLabelText('Total uses'));
    await user.type(dialog.getByLabelText('Total uses'), '80');
    fireEvent.change(dialog.getByLabelText('Ends (optional)'), { target: { value: '2031-05-31T18:00' } });
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Code SPRING10 updated')).toBeTruthy();
    expect(api.calls(PUT)).toHaveLength(2);
    // Only what the seller changed: the per-buyer limit and the products are not rewritten.
    expect(api.calls(PUT)[1]?.body).toEqual({ usage_limit: 80, expires_at: new Date('2031-05-31T18:00').toISOString() });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit SPRING10' })).toBeNull());
    expect(await list.findByText(/3 of 80 uses · until May 31, 2031/)).toBeTruthy();
  });

  it('checks the form before sending: a past end or a limit of 0 is refused, nothing changed sends nothing', {
    timeout: 45_000,
  }, async () => {
    const { user, api } = await openDiscountCodes({
      'GET /api/v1/seller/promo-codes': () => json(200, { promo_codes: [spring], total: 1, page: 1, pages: 1 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit SPRING10' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Edit SPRING10' }));
    fireEvent.change(dialog.getByLabelText('Ends (optional)'), { target: { value: '2020-01-01T09:00' } });
    await user.clear(dialog.getByLabelText('Uses per buyer'));
    await user.type(dialog.getByLabelText('Uses per buyer'), '0');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('The end must be in the future')).toBeTruthy();
    expect(dialog.getByText('Uses per customer must be a whole number from 1 to 1,000,000')).toBeTruthy();
    expect(api.calls(PUT)).toHaveLength(0);

    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Edit SPRING10' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Edit SPRING10' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit SPRING10' })).toBeNull());
    expect(api.calls(PUT)).toHaveLength(0);
  });

  it('lets an expired code get more uses without a new end, and names other products', { timeout: 45_000 }, async () => {
    const expired = {
      ...spring,
      status: 'expired',
      expires_at: '2026-01-31T12:00:00.000Z',
      products: [{ id: '33333333-3333-4333-8333-333333333333', title: 'Retired Pack' }],
    };
    const { user, api } = await openDiscountCodes({
      'GET /api/v1/seller/promo-codes': () => json(200, { promo_codes: [expired], total: 1, page: 1, pages: 1 }),
      [PUT]: (request) =>
        json(200, { message: 'Discount code updated', promo_code: { ...expired, ...(request.body as object) } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit SPRING10' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit SPRING10' }));
    // The product it names is offered though it is no longer among the live ones.
    expect((dialog.getByRole('checkbox', { name: 'Retired Pack' }) as HTMLInputElement).checked).toBe(true);
    await user.clear(dialog.getByLabelText('Total uses'));
    await user.type(dialog.getByLabelText('Total uses'), '100');
    await user.click(dialog.getByRole('checkbox', { name: 'Retired Pack' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Prompt Toolkit' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Code SPRING10 updated')).toBeTruthy();
    expect(api.calls(PUT)[0]?.body).toEqual({ usage_limit: 100, product_ids: ['11111111-1111-4111-8111-111111111111'] });
  });
});

describe('the cart', () => {
  it('shows on each line which code took what off it (a seller’s code only on that seller’s line)', async () => {
    authStore.setSession(makeSession());
    const anaLine = makeCartItem({
      product_id: '11111111-1111-4111-8111-111111111111',
      title: 'Ana Toolkit',
      price: 40,
      promo_discounts: [{ code: 'ANA50', amount: 20 }],
    });
    const boLine = makeCartItem({
      product_id: '22222222-2222-4222-8222-222222222222',
      title: 'Bo Toolkit',
      price: 50,
      seller: 'Bo',
      promo_discounts: [],
    });
    mockApi({
      'GET /api/v1/cart': () =>
        json(200, {
          items: [anaLine, boLine],
          totalItems: 2,
          subtotal: 90,
          discount: 20,
          tax: 0,
          shippingCost: 0,
          total: 70,
          promoCode: { code: 'ANA50', discount: 20, type: 'percent', description: '50% off' },
          promoCodes: [{ code: 'ANA50', discount: 20, type: 'percent', description: '50% off', seller: 'Ana' }],
          promo_notice: 'ANA50 replaced SITE10: one code per order',
        }),
    });
    renderRoute('/cart');
    const lines = within(await screen.findByRole('list', { name: 'Items in your cart' })).getAllByRole('listitem');
    expect(within(lines[0] as HTMLElement).getByText('ANA50: −$20.00')).toBeTruthy();
    expect(within(lines[1] as HTMLElement).queryByText(/ANA50/)).toBeNull();
    expect(screen.getByText('ANA50 replaced SITE10: one code per order')).toBeTruthy();
  });
});
