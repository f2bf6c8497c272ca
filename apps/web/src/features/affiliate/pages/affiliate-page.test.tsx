import type { AffiliateDashboard, AffiliateSaleList } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const dashboard: AffiliateDashboard = {
  programme_enabled: true,
  code: 'k7mwq2hx9p',
  link: 'http://localhost:3000/r/k7mwq2hx9p',
  commission_percent: 5,
  cookie_days: 30,
  hold_days: 30,
  stats: { clicks: 12, orders: 2, refunded_orders: 1, sales: 49.99, earnings_pending: 2.49, earnings_available: 0 },
  payout: { has_account: false, available: 0, in_transit: 0, paid_out: 0, minimum_payout: 25 },
};

const sales: AffiliateSaleList = {
  sales: [
    {
      reference: 'a1b2c3d4e5f60718',
      date: '2026-11-20T10:00:00.000Z',
      amount: 49.99,
      commission: 2.49,
      status: 'pending',
      available_on: '2026-12-20T10:00:00.000Z',
    },
    {
      reference: 'ffeeddccbbaa9988',
      date: '2026-11-02T10:00:00.000Z',
      amount: 20,
      commission: 1,
      status: 'refunded',
      available_on: '2026-12-02T10:00:00.000Z',
    },
  ],
  total: 2,
  page: 1,
  pages: 1,
};

function openPage(overrides: Partial<AffiliateDashboard> = {}) {
  authStore.setSession(makeSession({ role: 'buyer' }));
  const api = mockApi({
    'GET /api/v1/affiliates/me': () => json(200, { ...dashboard, ...overrides }),
    'GET /api/v1/affiliates/me/sales': () => json(200, sales),
    'GET /api/v1/affiliates/payout-account': () => json(200, { account: null }),
  });
  return { ...renderRoute('/affiliate'), api };
}

afterEach(() => {
  vi.unstubAllGlobals();
  // jsdom has no scrollIntoView; one test installs a spy.
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

describe('affiliate page', () => {
  it('shows the link on this site, the figures and the referred sales without buyer details', async () => {
    openPage();
    const link = (await screen.findByLabelText('Referral link', {}, { timeout: 10_000 })) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/r/k7mwq2hx9p`);
    expect(screen.getByText(/earn you 5% of what they pay/)).toBeTruthy();
    const figures = screen.getByRole('list', { name: 'Your referral figures' });
    expect(within(figures).getByText('Clicks').nextSibling?.textContent).toBe('12');
    expect(within(figures).getByText('1 refunded')).toBeTruthy();
    expect(within(figures).getByText('Pending commission').nextSibling?.textContent).toBe('$2.49');
    const table = await screen.findByRole('table', { name: 'Referred sales' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toMatch(/\$49\.99.*\$2\.49.*Pending/);
    expect(rows[2]?.textContent).toMatch(/Refunded/);
    expect(screen.getByText(/Add a payout account to be paid/)).toBeTruthy();
  });

  it('says "copied" only when the clipboard took the link, and selects it otherwise', async () => {
    const { user } = openPage();
    const link = (await screen.findByLabelText('Referral link', {}, { timeout: 10_000 })) as HTMLInputElement;
    const writeText = vi.fn().mockRejectedValue(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/r/k7mwq2hx9p`));
    expect(await screen.findByText(/Could not copy the link/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copied' })).toBeNull();
    expect(link.selectionEnd).toBe(link.value.length);

    writeText.mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it('links to the affiliate part of the terms, which opens there', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const { user } = openPage();
    const terms = await screen.findByRole('link', { name: 'Read the affiliate program terms' }, { timeout: 10_000 });
    expect(terms.getAttribute('href')).toBe('/terms#affiliate-program');

    await user.click(terms);
    const part = await screen.findByRole('heading', { level: 3, name: 'Affiliate program' }, { timeout: 15_000 });
    expect(part.id).toBe('affiliate-program');
    await waitFor(() => expect(scrollIntoView.mock.contexts).toContain(part));
  });

  it('says so when the programme is paused', async () => {
    openPage({ programme_enabled: false });
    expect(await screen.findByText(/The affiliate program is paused/, {}, { timeout: 10_000 })).toBeTruthy();
  });
});
