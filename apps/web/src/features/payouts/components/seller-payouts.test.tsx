import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { json, mockApi } from '@/test/api-mock';
import { makeSession } from '@/test/fixtures';
import { sellerHandlers } from '@/test/marketplace-fixtures';
import { renderRoute } from '@/test/render';

const savedAccount = {
  id: '44444444-4444-4444-8444-444444444444',
  account_holder_name: 'Sal Ler',
  bank_name: 'Commerzbank',
  account_type: 'iban',
  country: 'DE',
  currency: 'usd',
  masked_number: 'DE •••• 3000',
  routing_number: null,
  is_primary: false,
  created_at: '2026-11-20T10:00:00.000Z',
  onboarding_url: null,
};

async function openPayouts(handlers: Parameters<typeof mockApi>[0] = {}) {
  authStore.setSession(makeSession({ role: 'seller' }));
  const api = mockApi({ ...sellerHandlers(), ...handlers });
  const view = renderRoute('/seller');
  // The dashboard is a lazy route: give it time on a busy machine.
  const section = await screen.findByRole('region', { name: 'Payouts' }, { timeout: 10_000 });
  return { ...view, api, section };
}

describe('seller payouts section', () => {
  it('shows the balance and the statement as the ledger gives them', async () => {
    const { section } = await openPayouts();
    const balance = within(section).getByRole('list', { name: 'Your balance' });
    await waitFor(() => expect(within(balance).getByText('Pending').nextSibling?.textContent).toBe('$15.99'));
    expect(within(balance).getByText('Available').nextSibling?.textContent).toBe('$0.00');
    expect(within(section).getByText(/held for 30 days/)).toBeTruthy();
    const statement = await within(section).findByRole('table', { name: 'Statement' });
    expect(within(statement).getByText('Prompt Kit')).toBeTruthy();
    expect(within(statement).getByText('Held until Dec 1, 2026')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });

  it('shows money under an open refund request apart, with the reason, and not as available', async () => {
    const { section } = await openPayouts({
      'GET /api/v1/seller/payouts/balance': () =>
        json(200, {
          pending: 0,
          held: 24,
          held_reason: 'refund_requested',
          available: 0,
          in_transit: 0,
          paid_out: 0,
          hold_days: 30,
          minimum_payout: 25,
          next_release_at: null,
          currency: 'usd',
        }),
    });
    const balance = within(section).getByRole('list', { name: 'Your balance' });
    await waitFor(() => expect(within(balance).getByText('Held: refund requested').nextSibling?.textContent).toBe('$24.00'));
    expect(within(balance).getByText('Available').nextSibling?.textContent).toBe('$0.00');
    expect(within(section).getByText(/paid out if the refund is declined/)).toBeTruthy();
  });

  it('checks the IBAN in the browser, then saves it and shows only the masked number', async () => {
    const { section, user, api } = await openPayouts({
      'PUT /api/v1/seller/payout-account': () => json(200, { message: 'Payout account saved', account: savedAccount }),
    });
    await user.type(await within(section).findByLabelText('Account holder'), 'Sal Ler');
    await user.type(within(section).getByLabelText('IBAN'), 'DE89370400440532013001');
    await user.click(within(section).getByRole('button', { name: 'Save payout account' }));
    expect(await within(section).findByText('This IBAN is not valid: check the country, length and digits')).toBeTruthy();
    expect(api.calls('PUT /api/v1/seller/payout-account')).toHaveLength(0);

    await user.clear(within(section).getByLabelText('IBAN'));
    await user.type(within(section).getByLabelText('IBAN'), 'DE89 3704 0044 0532 0130 00');
    await user.click(within(section).getByRole('button', { name: 'Save payout account' }));
    expect(await within(section).findByText('DE •••• 3000')).toBeTruthy();
    expect(api.calls('PUT /api/v1/seller/payout-account')[0]?.body).toMatchObject({
      account_type: 'iban',
      iban: 'DE89 3704 0044 0532 0130 00',
      account_holder_name: 'Sal Ler',
    });
  });
});
