import Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { createStripeConnectProvider, type StripeConnectClient } from './stripe-connect';

/** The Stripe Connect mapping, against a recording fake of the SDK (Stripe itself is not reachable offline). */

function fakeClient(overrides: { existing?: string; createError?: Error } = {}) {
  const client = {
    accounts: { create: vi.fn(async () => ({ id: 'acct_123' })) },
    accountLinks: { create: vi.fn(async () => ({ url: 'https://connect.stripe.com/setup/e/acct_123/abc' })) },
    transfers: {
      list: vi.fn(async () => ({ data: overrides.existing ? [{ id: overrides.existing }] : [] })),
      create: vi.fn(async () => {
        if (overrides.createError) throw overrides.createError;
        return { id: 'tr_new' };
      }),
      createReversal: vi.fn(async () => ({ id: 'trr_1' })),
    },
  };
  return { client, provider: createStripeConnectProvider(client as unknown as StripeConnectClient, 'https://shop.example') };
}

describe('Stripe Connect payout provider', () => {
  it('creates an Express account with transfers and returns its onboarding link', async () => {
    const { client, provider } = fakeClient();
    const destination = await provider.createDestination({
      bankAccountId: 'ba-1',
      sellerId: 'seller-1',
      email: 'sal@example.org',
      country: 'DE',
    });
    expect(destination).toEqual({ destinationId: 'acct_123', onboardingUrl: 'https://connect.stripe.com/setup/e/acct_123/abc' });
    expect(client.accounts.create).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'express',
        country: 'DE',
        email: 'sal@example.org',
        capabilities: { transfers: { requested: true } },
      }),
      { idempotencyKey: 'account-ba-1' },
    );
    expect(client.accountLinks.create).toHaveBeenCalledWith(
      expect.objectContaining({
        account: 'acct_123',
        type: 'account_onboarding',
        return_url: 'https://shop.example/seller?tab=payouts',
      }),
    );
  });

  it('sends a transfer with the payout as idempotency key and transfer group', async () => {
    const { client, provider } = fakeClient();
    const result = await provider.transfer({ payoutId: 'p1', amountCents: 8000, currency: 'usd', destinationId: 'acct_123' });
    expect(result).toEqual({ status: 'paid', id: 'tr_new' });
    expect(client.transfers.create).toHaveBeenCalledWith(
      { amount: 8000, currency: 'usd', destination: 'acct_123', transfer_group: 'payout-p1', metadata: { payout_id: 'p1' } },
      { idempotencyKey: 'payout-p1' },
    );
  });

  it('returns the earlier transfer of the same payout instead of sending another', async () => {
    const { client, provider } = fakeClient({ existing: 'tr_first' });
    expect(await provider.transfer({ payoutId: 'p1', amountCents: 8000, currency: 'usd', destinationId: 'acct_123' })).toEqual({
      status: 'paid',
      id: 'tr_first',
    });
    expect(client.transfers.list).toHaveBeenCalledWith({ transfer_group: 'payout-p1', limit: 1 });
    expect(client.transfers.create).not.toHaveBeenCalled();
  });

  it('maps a refusal to failed and leaves an unknown outcome as an error for the reconciler', async () => {
    const refused = fakeClient({
      createError: new Stripe.errors.StripeInvalidRequestError({
        message: 'Insufficient funds in Stripe account',
        type: 'invalid_request_error',
      }),
    });
    expect(await refused.provider.transfer({ payoutId: 'p2', amountCents: 1, currency: 'usd', destinationId: 'acct_1' })).toEqual(
      {
        status: 'failed',
        reason: 'Insufficient funds in Stripe account',
      },
    );
    const lost = fakeClient({
      createError: new Stripe.errors.StripeConnectionError({ message: 'socket hang up', type: 'api_error' }),
    });
    await expect(
      lost.provider.transfer({ payoutId: 'p3', amountCents: 1, currency: 'usd', destinationId: 'acct_1' }),
    ).rejects.toThrow('socket hang up');
  });

  it('reverses a transfer in full with the caller’s idempotency key', async () => {
    const { client, provider } = fakeClient();
    expect(await provider.reverseTransfer('tr_1', 8000, 'reverse-p1')).toEqual({ id: 'trr_1' });
    expect(client.transfers.createReversal).toHaveBeenCalledWith('tr_1', { amount: 8000 }, { idempotencyKey: 'reverse-p1' });
  });
});
