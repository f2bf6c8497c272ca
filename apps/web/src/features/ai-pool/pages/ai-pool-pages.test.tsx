import type { AiPoolDashboard, AiPoolTransfer, AiTokenSettings, PublicAiPoolSummary } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { switchLanguage } from '@/lib/i18n';
import { json, type MockHandler, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

const settings: AiTokenSettings = {
  wallet_address: WALLET,
  token: 'USDC',
  auto_transfer_enabled: false,
  auto_transfer_threshold: 100,
  schedule: 'weekly',
  updated_at: '2026-05-01T10:00:00.000Z',
};

const transfer: AiPoolTransfer = {
  id: '11111111-1111-4111-8111-111111111111',
  status: 'completed',
  trigger: 'manual',
  amount: 12.5,
  token: 'USDC',
  token_amount: '12.500000',
  exchange_rate: '1.00000000',
  wallet_address: WALLET,
  provider: 'test',
  transfer_id: 'tt_test_abc123',
  failure_reason: null,
  created_at: '2026-05-30T10:00:00.000Z',
  completed_at: '2026-05-30T10:00:01.000Z',
};

function dashboard(overrides: Partial<AiPoolDashboard> = {}): AiPoolDashboard {
  return {
    days: 30,
    pool_balance: 7.25,
    held: 0,
    total_contributed: 19.75,
    total_transferred: 12.5,
    pending_transfer: 0,
    inflow_in_period: 19.75,
    transferred_in_period: 12.5,
    daily: [
      { date: '2026-05-30', inflow: 15, refunds: 0, net: 15, transferred: 12.5 },
      { date: '2026-05-31', inflow: 5, refunds: 0.25, net: 4.75, transferred: 0 },
    ],
    recent_transfers: [transfer],
    settings,
    ...overrides,
  };
}

function asAdmin(path: string, handlers: Record<string, MockHandler> = {}) {
  authStore.setSession(makeSession({ role: 'admin' }));
  const api = mockApi({
    'GET /api/v1/ai-token-payments/dashboard': () => json(200, dashboard()),
    'GET /api/v1/ai-token-payments/exchange-rate': () =>
      json(200, { from_currency: 'USD', to_currency: 'USDC', rate: '1', source: 'fixed-parity', as_of: '2026-05-31T00:00:00Z' }),
    'GET /api/v1/ai-token-payments/ai-token-settings': () => json(200, settings),
    ...handlers,
  });
  return { ...renderRoute(path), api };
}

describe('admin AI token pool dashboard', () => {
  it('shows the balance, totals and recent transfers, linked from the admin sidebar', async () => {
    asAdmin('/admin/ai-pool');
    expect(await screen.findByRole('heading', { level: 1, name: 'AI token pool' })).toBeTruthy();
    expect((await screen.findByText('Pool balance')).parentElement?.textContent).toContain('$7.25');
    expect(screen.getByText('Contributed in total').parentElement?.textContent).toContain('$19.75');
    expect(screen.getByText('Transferred in total').parentElement?.textContent).toContain('$12.50');
    const row = screen.getByText('tt_test_abc123').closest('tr') as HTMLElement;
    expect(within(row).getByText('Completed')).toBeTruthy();
    expect(within(row).getByText('12.500000 USDC')).toBeTruthy();
    expect(await screen.findByText(/Exchange rate USD → USDC: 1/)).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'AI token pool' }).getAttribute('href')).toBe('/admin/ai-pool');
  });

  it('names the exchange-rate source in the reader’s language', async () => {
    await switchLanguage('de');
    asAdmin('/admin/ai-pool');
    expect(await screen.findByText(/\(feste Parität\)/)).toBeTruthy();
    expect(screen.queryByText(/fixed-parity/)).toBeNull();
  });

  it('transfers the balance only after the admin confirms, then reads the figures again', async () => {
    const { api, user } = asAdmin('/admin/ai-pool', {
      'POST /api/v1/ai-token-payments/trigger-manual-transfer': () =>
        json(200, { message: 'Transfer completed', transfer: { ...transfer, amount: 7.25, transfer_id: 'tt_test_new' } }),
    });
    await screen.findByText('Pool balance');
    await user.click(screen.getByRole('button', { name: 'Transfer now' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(`$7.25 will be sent to ${WALLET}. This cannot be undone.`)).toBeTruthy();
    expect(api.calls('POST /api/v1/ai-token-payments/trigger-manual-transfer')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Transfer now' }));
    expect(await screen.findByText('$7.25 sent, transfer tt_test_new.')).toBeTruthy();
    expect(api.calls('POST /api/v1/ai-token-payments/trigger-manual-transfer')).toHaveLength(1);
    await waitFor(() => expect(api.calls('GET /api/v1/ai-token-payments/dashboard').length).toBeGreaterThan(1));
  });

  it('shows the server’s reason when a transfer is refused', async () => {
    const { user } = asAdmin('/admin/ai-pool', {
      'POST /api/v1/ai-token-payments/trigger-manual-transfer': () =>
        json(409, {
          detail: 'A transfer from the AI pool is already in progress. Please wait for it to finish.',
          code: 'CONFLICT',
        }),
    });
    await screen.findByText('Pool balance');
    await user.click(screen.getByRole('button', { name: 'Transfer now' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Transfer now' }));
    expect(
      await screen.findByText('A transfer from the AI pool is already in progress. Please wait for it to finish.'),
    ).toBeTruthy();
  });

  it('cannot transfer without a wallet and says where to set one', async () => {
    asAdmin('/admin/ai-pool', {
      'GET /api/v1/ai-token-payments/dashboard': () => json(200, dashboard({ settings: { ...settings, wallet_address: null } })),
    });
    expect(await screen.findByText(/No destination wallet is set/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Transfer now' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('admin AI token pool history, report and settings', () => {
  it('filters the transfer history by status', async () => {
    const { api, user } = asAdmin('/admin/ai-pool/history', {
      'GET /api/v1/ai-token-payments/transfer-history': () => json(200, { transfers: [transfer], total: 1, limit: 50 }),
    });
    expect(await screen.findByText('tt_test_abc123')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    await waitFor(() =>
      expect(api.calls('GET /api/v1/ai-token-payments/transfer-history').at(-1)?.url).toContain('limit=50&status=failed'),
    );
  });

  it('shows the report per day with totals and downloads it as CSV', async () => {
    const createObjectURL = vi.fn(() => 'blob:report');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api, user } = asAdmin('/admin/ai-pool/report', {
      'GET /api/v1/ai-token-payments/revenue-report': (request) =>
        request.url.includes('format=csv')
          ? new Response('date,inflow_usd\r\n', { status: 200, headers: { 'content-type': 'text/csv' } })
          : json(200, {
              start_date: '2026-05-30',
              end_date: '2026-05-31',
              totals: { inflow: 20, refunds: 0.25, net: 19.75, transferred: 12.5 },
              days: dashboard().daily,
            }),
    });
    const row = (await screen.findByText('2026-05-31')).closest('tr') as HTMLElement;
    expect(within(row).getByText('$4.75')).toBeTruthy();
    const total = screen.getByText('Total').closest('tr') as HTMLElement;
    expect(within(total).getByText('$19.75')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.calls('GET /api/v1/ai-token-payments/revenue-report').at(-1)?.url).toContain('format=csv');
    click.mockRestore();
  });

  it('refuses a backwards range before asking the server', async () => {
    const { api, user } = asAdmin('/admin/ai-pool/report', {
      'GET /api/v1/ai-token-payments/revenue-report': () =>
        json(200, { start_date: 'x', end_date: 'x', totals: { inflow: 0, refunds: 0, net: 0, transferred: 0 }, days: [] }),
    });
    const start = await screen.findByLabelText('Start date');
    await user.clear(start);
    await user.type(start, '2999-01-01');
    const before = api.calls('GET /api/v1/ai-token-payments/revenue-report').length;
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    expect(await screen.findByText('start_date must be on or before end_date')).toBeTruthy();
    expect(api.calls('GET /api/v1/ai-token-payments/revenue-report')).toHaveLength(before);
  });

  it('checks the wallet address before saving and sends the settings', async () => {
    const { api, user } = asAdmin('/admin/ai-pool/settings', {
      'PUT /api/v1/ai-token-payments/ai-token-settings': (request) =>
        json(200, { message: 'AI token settings saved', settings: { ...settings, ...(request.body as object) } }),
    });
    const wallet = await screen.findByLabelText('Destination wallet (USDC)');
    await user.clear(wallet);
    await user.type(wallet, '0x1234');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText('Please enter a valid wallet address (0x followed by 40 hexadecimal characters)'),
    ).toBeTruthy();
    expect(api.calls('PUT /api/v1/ai-token-payments/ai-token-settings')).toHaveLength(0);

    await user.clear(wallet);
    await user.type(wallet, WALLET.toLowerCase());
    await user.click(screen.getByLabelText('Send the pool automatically'));
    await user.selectOptions(screen.getByLabelText('Automatic transfer schedule'), 'daily');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('AI token settings saved')).toBeTruthy();
    expect(api.calls('PUT /api/v1/ai-token-payments/ai-token-settings')[0]?.body).toEqual({
      wallet_address: WALLET.toLowerCase(),
      auto_transfer_enabled: true,
      auto_transfer_threshold: 100,
      schedule: 'daily',
    });
  });

  it('puts a server refusal beside the wallet field', async () => {
    const { user } = asAdmin('/admin/ai-pool/settings', {
      'PUT /api/v1/ai-token-payments/ai-token-settings': () =>
        json(422, {
          detail: 'This wallet address fails its checksum: check every character',
          code: 'VALIDATION_FAILED',
          errors: [{ field: 'wallet_address', message: 'This wallet address fails its checksum: check every character' }],
        }),
    });
    const wallet = await screen.findByLabelText('Destination wallet (USDC)');
    await user.clear(wallet);
    await user.type(wallet, '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('This wallet address fails its checksum: check every character')).toBeTruthy();
  });
});

describe('the public AI token pool page', () => {
  const summary: PublicAiPoolSummary = {
    total_contributed: 19.75,
    total_transferred: 12.5,
    pool_balance: 7.25,
    token: 'USDC',
    transfers: [
      {
        id: transfer.id,
        amount: 12.5,
        token: 'USDC',
        token_amount: '12.500000',
        wallet_address: WALLET,
        transfer_id: 'tt_test_abc123',
        completed_at: '2026-05-30T10:00:01.000Z',
      },
    ],
  };

  it('shows the pool’s totals and transfers to a visitor, linked from the footer', async () => {
    mockApi({ 'GET /api/v1/ai-token-payments/public/summary': () => json(200, summary) });
    renderRoute('/ai-pool');
    expect(await screen.findByRole('heading', { level: 1, name: 'AI token pool' })).toBeTruthy();
    expect((await screen.findByText('Contributed by orders')).parentElement?.textContent).toContain('$19.75');
    expect(screen.getByText('Waiting in the pool').parentElement?.textContent).toContain('$7.25');
    expect(screen.getByText('tt_test_abc123')).toBeTruthy();
    expect(screen.getByText('12.500000 USDC')).toBeTruthy();
    expect(screen.getByText('May 30, 2026')).toBeTruthy();
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'AI token pool' }).getAttribute('href')).toBe('/ai-pool');
  });

  it('says so when nothing has been transferred yet', async () => {
    mockApi({ 'GET /api/v1/ai-token-payments/public/summary': () => json(200, { ...summary, transfers: [] }) });
    renderRoute('/ai-pool');
    expect(await screen.findByText('No transfers yet.')).toBeTruthy();
  });
});
