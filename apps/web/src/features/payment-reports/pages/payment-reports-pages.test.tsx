import type { PaymentAnalytics } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const day = { gross: 0, refunds: 0, platform_fees: 0, ai_pool: 0, seller_share: 0, affiliate_commissions: 0, net: 0, orders: 0 };
const analytics: PaymentAnalytics = {
  start_date: '2026-05-30',
  end_date: '2026-05-31',
  currency: 'USD',
  totals: {
    gross: 112.32,
    refunds: 49.99,
    platform_fees: 6.23,
    ai_pool: 6.23,
    seller_share: 49.87,
    affiliate_commissions: 0,
    net: 62.33,
    orders: 3,
  },
  daily: [
    { date: '2026-05-30', ...day },
    {
      date: '2026-05-31',
      gross: 112.32,
      refunds: 49.99,
      platform_fees: 6.23,
      ai_pool: 6.23,
      seller_share: 49.87,
      affiliate_commissions: 0,
      net: 62.33,
      orders: 3,
    },
  ],
};

describe('admin payments page', () => {
  it('shows where the money went over the period, and asks again for another period', async () => {
    authStore.setSession(makeSession({ role: 'admin' }));
    const api = mockApi({ 'GET /api/v1/payments/admin/analytics': () => json(200, analytics) });
    const { user } = renderRoute('/admin/payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeTruthy();
    const figure = async (label: string) => (await screen.findAllByText(label))[0]?.parentElement?.textContent;
    expect(await figure('Gross sales')).toContain('$112.32');
    expect(await figure('Refunds')).toContain('$49.99');
    expect(await figure('Net')).toContain('$62.33');
    expect(await figure('Platform fees')).toContain('$6.23');
    expect(await figure('Seller share')).toContain('$49.87');
    expect(screen.getByText('3 orders')).toBeTruthy();
    expect(screen.getAllByRole('img').some((chart) => chart.getAttribute('aria-label')?.includes('Gross sales'))).toBe(true);
    await user.selectOptions(screen.getByLabelText('Period'), '7');
    await waitFor(() => expect(api.calls('GET /api/v1/payments/admin/analytics').at(-1)?.url).toContain('days=7'));
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Payments' }).getAttribute('href')).toBe('/admin/payments');
  });
});

describe('payment history page', () => {
  it('lists the buyer’s payments and refunds, and pages through them', async () => {
    authStore.setSession(makeSession({ role: 'buyer' }));
    const api = mockApi({
      'GET /api/v1/payments/history': () =>
        json(200, {
          payments: [
            {
              order_id: 'o-2',
              order_number: 'ORD-2',
              status: 'refunded',
              amount: 49.99,
              refunded_amount: 49.99,
              currency: 'USD',
              provider: 'test',
              paid_at: '2026-05-30T10:00:00.000Z',
              refunded_at: '2026-05-31T10:00:00.000Z',
            },
            {
              order_id: 'o-1',
              order_number: 'ORD-1',
              status: 'paid',
              amount: 12.34,
              refunded_amount: 0,
              currency: 'USD',
              provider: 'test',
              paid_at: '2026-05-29T10:00:00.000Z',
              refunded_at: null,
            },
          ],
          total: 22,
          page: 1,
          pages: 2,
        }),
    });
    const { user } = renderRoute('/payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment history' })).toBeTruthy();
    const refunded = (await screen.findByText('Order ORD-2')).closest('li') as HTMLElement;
    expect(within(refunded).getByText('Refunded')).toBeTruthy();
    expect(within(refunded).getByText(/\$49\.99 refunded May 31, 2026/)).toBeTruthy();
    const paid = screen.getByText('Order ORD-1').closest('li') as HTMLElement;
    expect(within(paid).getByText('Paid')).toBeTruthy();
    expect(within(paid).getByText('$12.34')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /2/ }));
    await waitFor(() => expect(api.calls('GET /api/v1/payments/history').at(-1)?.url).toContain('page=2&limit=20'));
  });
});
