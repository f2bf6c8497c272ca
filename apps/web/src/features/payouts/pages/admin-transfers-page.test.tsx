import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const payout = {
  id: '55555555-5555-4555-8555-555555555555',
  seller_id: '66666666-6666-4666-8666-666666666666',
  seller_name: 'Sal Ler',
  seller_email: 'sal@example.org',
  amount: 80,
  currency: 'usd',
  status: 'paid',
  provider: 'test',
  provider_transfer_id: 'tr_test_1',
  account: 'DE •••• 3000',
  failure_reason: null,
  trigger: 'admin',
  created_at: '2026-11-20T10:00:00.000Z',
  paid_at: '2026-11-20T10:00:01.000Z',
};

describe('admin payouts page', () => {
  it('lists transfers, filters by status, runs payouts and reverses one after confirmation', async () => {
    authStore.setSession(makeSession({ role: 'admin' }));
    const api = mockApi({
      'GET /api/v1/payments/admin/transfers': () => json(200, { transfers: [payout], total: 1, page: 1, pages: 1 }),
      'POST /api/v1/payments/admin/trigger-transfer': () =>
        json(200, {
          message: 'Payout run finished: 1 of 1 sellers paid',
          results: [{ seller_id: payout.seller_id, status: 'paid', payout }],
        }),
      'POST /api/v1/payments/admin/transfers/55555555-5555-4555-8555-555555555555/reverse': () =>
        json(200, { message: 'Transfer reversed', transfer: { ...payout, status: 'reversed' } }),
    });
    const { user } = renderRoute('/admin/payments/transfers');
    const table = await screen.findByRole('table', { name: 'Payouts' }, { timeout: 10_000 });
    expect(await within(table).findByText('Sal Ler')).toBeTruthy();
    expect(within(table).getByText('$80.00')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(api.calls('GET /api/v1/payments/admin/transfers').at(-1)?.url).toContain('status=failed');

    await user.type(screen.getByLabelText('Payment (order or payment intent id)'), 'pi_test_abc');
    await user.click(screen.getByRole('button', { name: 'Pay out this payment' }));
    expect(await screen.findByText('Payout run finished: 1 of 1 sellers paid')).toBeTruthy();
    expect(api.calls('POST /api/v1/payments/admin/trigger-transfer')[0]?.body).toEqual({ payment_id: 'pi_test_abc' });

    await user.click(within(table).getByRole('button', { name: 'Reverse' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reverse this payout?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    expect(await screen.findByText('Payout reversed')).toBeTruthy();
    expect(api.calls(`POST /api/v1/payments/admin/transfers/${payout.id}/reverse`)).toHaveLength(1);
  });

  it('warns the admin when a run held the payout of a suspended seller', async () => {
    authStore.setSession(makeSession({ role: 'admin' }));
    mockApi({
      'GET /api/v1/payments/admin/transfers': () => json(200, { transfers: [], total: 0, page: 1, pages: 1 }),
      'POST /api/v1/payments/admin/trigger-transfer': () =>
        json(200, {
          message: 'Payout run finished: 1 of 2 sellers paid',
          results: [
            { seller_id: payout.seller_id, status: 'paid', payout },
            { seller_id: '77777777-7777-4777-8777-777777777777', status: 'skipped', reason: 'seller_suspended' },
          ],
        }),
    });
    const { user } = renderRoute('/admin/payments/transfers');
    await user.type(
      await screen.findByLabelText('Payment (order or payment intent id)', undefined, { timeout: 10_000 }),
      'pi_test_abc',
    );
    await user.click(screen.getByRole('button', { name: 'Pay out this payment' }));
    expect(await screen.findByText('Payout run finished: 1 of 2 sellers paid')).toBeTruthy();
    expect(
      await screen.findByText(
        'Held: 1 suspended seller(s) not paid. They are paid at the first run after an admin reinstates them.',
      ),
    ).toBeTruthy();
  });
});
