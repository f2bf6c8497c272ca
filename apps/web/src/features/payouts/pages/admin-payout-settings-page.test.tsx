import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const settings = { payout_schedule: 'weekly', minimum_payout: 25, hold_days: 30, last_run_at: null, provider: 'test' };

describe('payments admin pages', () => {
  it('saves the payout schedule, minimum and hold, refusing a hold beyond a year', async () => {
    authStore.setSession(makeSession({ role: 'admin' }));
    const api = mockApi({
      'GET /api/v1/payments/admin/settings': () => json(200, settings),
      'PUT /api/v1/payments/admin/settings': (request) =>
        json(200, { message: 'Payout settings saved', settings: { ...settings, ...(request.body as object) } }),
    });
    const { user } = renderRoute('/admin/payments/settings');
    const hold = await screen.findByLabelText('Hold days', {}, { timeout: 10_000 });
    expect((hold as HTMLInputElement).value).toBe('30');
    await user.clear(hold);
    await user.type(hold, '400');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Hold days must be a whole number of days from 0 to 365')).toBeTruthy();
    expect(api.calls('PUT /api/v1/payments/admin/settings')).toHaveLength(0);

    await user.clear(hold);
    await user.type(hold, '0');
    await user.selectOptions(screen.getByLabelText('Schedule'), 'daily');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Payout settings saved')).toBeTruthy();
    expect(api.calls('PUT /api/v1/payments/admin/settings')[0]?.body).toEqual({
      payout_schedule: 'daily',
      minimum_payout: 25,
      hold_days: 0,
    });
  });

  it('lists the platform bank accounts masked and makes another one primary', async () => {
    authStore.setSession(makeSession({ role: 'admin' }));
    const account = (id: string, masked: string, primary: boolean) => ({
      id,
      account_holder_name: 'Marketplace Ltd',
      bank_name: 'Barclays',
      account_type: 'iban',
      country: 'GB',
      currency: 'usd',
      masked_number: masked,
      routing_number: null,
      is_primary: primary,
      created_at: '2026-11-01T10:00:00.000Z',
    });
    const second = '77777777-7777-4777-8777-777777777777';
    const api = mockApi({
      'GET /api/v1/payments/admin/bank-accounts': () =>
        json(200, {
          bank_accounts: [
            account('88888888-8888-4888-8888-888888888888', 'GB •••• 5432', true),
            account(second, 'GB •••• 1111', false),
          ],
        }),
      [`PUT /api/v1/payments/admin/bank-accounts/${second}`]: () =>
        json(200, { message: 'Bank account updated', bank_account: account(second, 'GB •••• 1111', true) }),
    });
    const { user } = renderRoute('/admin/payments/bank-accounts');
    const table = await screen.findByRole('table', { name: 'Bank accounts' }, { timeout: 10_000 });
    expect(await within(table).findByText('GB •••• 5432')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Make primary' }));
    expect(await screen.findByText('Primary account changed')).toBeTruthy();
    expect(api.calls(`PUT /api/v1/payments/admin/bank-accounts/${second}`)[0]?.body).toEqual({ is_primary: true });
  });
});
