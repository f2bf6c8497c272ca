/** Sends sellers their money. The server decides amounts; a provider only moves them. */
export interface PayoutProvider {
  readonly name: 'test' | 'stripe';
  /**
   * Sets up where a seller is paid. Stripe: an Express connected account, plus the onboarding link
   * where the seller confirms identity and bank details with Stripe. Idempotent per bank account id.
   */
  createDestination(input: DestinationInput): Promise<{ destinationId: string; onboardingUrl: string | null }>;
  /**
   * Sends a transfer, idempotent per payout: asking again for the same payout returns the first
   * transfer and never pays twice. Throws when the outcome is unknown (network), so the caller
   * keeps the payout in flight for the reconciler; a refusal is returned as `failed`.
   */
  transfer(input: TransferInput): Promise<TransferResult>;
  /** Takes a transfer back in full; idempotent per key. */
  reverseTransfer(transferId: string, amountCents: number, idempotencyKey: string): Promise<{ id: string }>;
}

export interface DestinationInput {
  bankAccountId: string;
  sellerId: string;
  email: string;
  country: string;
}

export interface TransferInput {
  payoutId: string;
  amountCents: number;
  currency: string;
  destinationId: string;
}

export type TransferResult = { status: 'paid'; id: string } | { status: 'failed'; reason: string };

/** The provider's idempotency key for a payout: one payout row, one transfer, whatever retries happen. */
export function transferKey(payoutId: string): string {
  return `payout-${payoutId}`;
}
