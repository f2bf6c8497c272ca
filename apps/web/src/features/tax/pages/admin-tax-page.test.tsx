import type { TaxRateView, TaxReport } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, type MockHandler, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const germany: TaxRateView = {
  id: '11111111-1111-4111-8111-111111111111',
  country: 'DE',
  region: null,
  rate: 19,
  rate_bps: 1900,
  label: 'VAT',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const report: TaxReport = {
  month: new Date().toISOString().slice(0, 7),
  rows: [
    {
      country: 'DE',
      orders: 2,
      net: 30,
      tax: 5.7,
      gross: 35.7,
      refunds: 1,
      refunded_net: 10,
      refunded_tax: 1.9,
      refunded_gross: 11.9,
      net_after_refunds: 20,
      tax_after_refunds: 3.8,
      gross_after_refunds: 23.8,
      flagged: 1,
    },
  ],
  flagged_orders: [
    { order_number: 'AIM-20260101-AAAA', billing_country: 'DE', card_country: 'US', flag: 'card_country_mismatch', gross: 11.9 },
  ],
};

function asAdmin(handlers: Record<string, MockHandler> = {}) {
  authStore.setSession(makeSession({ role: 'admin' }));
  const api = mockApi({
    'GET /api/v1/admin/tax-rates': () => json(200, { rates: [germany] }),
    'GET /api/v1/admin/tax-report': (request) =>
      request.url.includes('format=csv')
        ? new Response('month,country\r\n', { status: 200, headers: { 'content-type': 'text/csv' } })
        : json(200, report),
    ...handlers,
  });
  return { ...renderRoute('/admin/tax'), api };
}

describe('admin tax page', () => {
  it('lists the rates and adds one, checking the rate before asking the server', async () => {
    const { user, api } = asAdmin({
      'POST /api/v1/admin/tax-rates': () =>
        json(201, { ...germany, id: '2', country: 'NO', rate: 25, rate_bps: 2500, label: 'MVA' }),
    });
    const rates = await screen.findByRole('table', { name: 'Tax rates' }, { timeout: 10_000 });
    const row = (await within(rates).findByText('Germany (DE)')).closest('tr') as HTMLElement;
    expect(within(row).getByText('19%')).toBeTruthy();
    const form = screen.getByRole('button', { name: 'Add rate' }).closest('form') as HTMLElement;
    await user.selectOptions(within(form).getByLabelText('Country'), 'NO');
    await user.type(within(form).getByLabelText('Rate (%)'), '60');
    await user.clear(within(form).getByLabelText('Label'));
    await user.type(within(form).getByLabelText('Label'), 'MVA');
    await user.click(screen.getByRole('button', { name: 'Add rate' }));
    expect(await screen.findByText('The rate must be between 0% and 50%')).toBeTruthy();
    expect(api.calls('POST /api/v1/admin/tax-rates')).toHaveLength(0);
    await user.clear(within(form).getByLabelText('Rate (%)'));
    await user.type(within(form).getByLabelText('Rate (%)'), '25');
    await user.click(screen.getByRole('button', { name: 'Add rate' }));
    await waitFor(() => expect(api.calls('POST /api/v1/admin/tax-rates')).toHaveLength(1));
    expect(api.calls('POST /api/v1/admin/tax-rates')[0]?.body).toEqual({ country: 'NO', region: '', rate: '25', label: 'MVA' });
  });

  it('shows the server’s reason beside the field (a place that has a rate)', async () => {
    const { user } = asAdmin({
      'POST /api/v1/admin/tax-rates': () =>
        json(422, {
          detail: 'There is already a rate for this country and region',
          code: 'VALIDATION_FAILED',
          errors: [{ field: 'country', message: 'There is already a rate for this country and region' }],
        }),
    });
    await screen.findByText('Germany (DE)');
    const form = screen.getByRole('button', { name: 'Add rate' }).closest('form') as HTMLElement;
    await user.selectOptions(within(form).getByLabelText('Country'), 'DE');
    await user.type(within(form).getByLabelText('Rate (%)'), '7');
    await user.click(screen.getByRole('button', { name: 'Add rate' }));
    expect(await screen.findByText('There is already a rate for this country and region')).toBeTruthy();
  });

  it('edits and deletes a rate after confirming', async () => {
    const { user, api } = asAdmin({
      'PUT /api/v1/admin/tax-rates/11111111-1111-4111-8111-111111111111': () => json(200, { ...germany, rate: 7, rate_bps: 700 }),
      'DELETE /api/v1/admin/tax-rates/11111111-1111-4111-8111-111111111111': () => json(200, { message: 'Tax rate deleted' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit the rate of DE' }));
    const rate = screen.getByLabelText('Rate (%)') as HTMLInputElement;
    expect(rate.value).toBe('19');
    await user.clear(rate);
    await user.type(rate, '7');
    await user.click(screen.getByRole('button', { name: 'Save rate' }));
    await waitFor(() => expect(api.calls('PUT /api/v1/admin/tax-rates/11111111-1111-4111-8111-111111111111')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Delete the rate of DE' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls('DELETE /api/v1/admin/tax-rates/11111111-1111-4111-8111-111111111111')).toHaveLength(1));
  });

  it('shows the month’s report per country, the orders to check, and downloads the CSV', async () => {
    const createObjectURL = vi.fn(() => 'blob:report');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user, api } = asAdmin();
    const table = await screen.findByRole('table', { name: `Tax by billing country, ${report.month}` });
    const row = (await within(table).findByText('Germany (DE)')).closest('tr') as HTMLElement;
    expect(within(row).getByText('$5.70')).toBeTruthy();
    expect(within(row).getByText('$3.80')).toBeTruthy();
    expect(screen.getByText(/billed in DE, card from US/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.calls('GET /api/v1/admin/tax-report').at(-1)?.url).toContain('format=csv');
    click.mockRestore();
  });
});
