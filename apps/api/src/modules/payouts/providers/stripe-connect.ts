import Stripe from 'stripe';
import { type PayoutProvider, transferKey } from './provider';

/** The parts of the Stripe SDK that payouts use (a narrow type, so the mapping is unit-testable). */
export type StripeConnectClient = {
  accounts: Pick<Stripe.AccountResource, 'create'>;
  accountLinks: Pick<Stripe.AccountLinkResource, 'create'>;
  transfers: Pick<Stripe.TransferResource, 'create' | 'list' | 'createReversal'>;
};

/**
 * Stripe Connect: each seller gets an Express account (Stripe collects identity and bank details
 * in its onboarding), payouts are transfers from the platform balance, a payout is taken back with
 * a transfer reversal. Every call carries an idempotency key; the transfer group names the payout,
 * so a retry after Stripe's 24-hour key window still finds the first transfer.
 */
export function createStripeConnectProvider(client: StripeConnectClient, publicUrl: string): PayoutProvider {
  return {
    name: 'stripe',

    async createDestination({ bankAccountId, sellerId, email, country }) {
      const account = await client.accounts.create(
        {
          type: 'express',
          country,
          email,
          capabilities: { transfers: { requested: true } },
          metadata: { seller_id: sellerId },
        },
        { idempotencyKey: `account-${bankAccountId}` },
      );
      const link = await client.accountLinks.create({
        account: account.id,
        type: 'account_onboarding',
        refresh_url: `${publicUrl}/seller?tab=payouts`,
        return_url: `${publicUrl}/seller?tab=payouts`,
      });
      return { destinationId: account.id, onboardingUrl: link.url };
    },

    async transfer({ payoutId, amountCents, currency, destinationId }) {
      const group = transferKey(payoutId);
      const earlier = await client.transfers.list({ transfer_group: group, limit: 1 });
      const found = earlier.data[0];
      if (found) return { status: 'paid', id: found.id };
      try {
        const transfer = await client.transfers.create(
          { amount: amountCents, currency, destination: destinationId, transfer_group: group, metadata: { payout_id: payoutId } },
          { idempotencyKey: group },
        );
        return { status: 'paid', id: transfer.id };
      } catch (error) {
        // Stripe refused (no balance, account not onboarded, bad destination): a definite no.
        if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripePermissionError) {
          return { status: 'failed', reason: error.message };
        }
        throw error;
      }
    },

    async reverseTransfer(transferId, amountCents, idempotencyKey) {
      const reversal = await client.transfers.createReversal(transferId, { amount: amountCents }, { idempotencyKey });
      return { id: reversal.id };
    },
  };
}
