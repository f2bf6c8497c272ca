import type { CardPayment } from '@app/shared';

/** A card payment processor. The server alone decides amounts; a provider only moves money. */
export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  /** Idempotent per order: asking twice for the same order gives the same intent. */
  createIntent(input: { orderId: string; amountCents: number; currency: string; customerEmail: string }): Promise<CreatedIntent>;
  /**
   * The test processor charges the card here. With Stripe the browser confirms the card, so this
   * only reads the intent's state from Stripe.
   */
  confirm(intentId: string, card: CardPayment | undefined): Promise<ChargeResult>;
  refund(intentId: string, amountCents: number): Promise<void>;
}

export interface CreatedIntent {
  id: string;
  clientSecret: string;
}

export type ChargeResult =
  | { status: 'succeeded'; orderId: string; amountCents: number; currency: string }
  | { status: 'failed'; orderId: string; code: string; message: string }
  | { status: 'processing'; orderId: string }
  | { status: 'not_found' };
