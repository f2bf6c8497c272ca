import type { CardPayment } from '@app/shared';
import { AppError } from '../../../lib/errors';

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
  /** The intent's state, read only (the reconciler asks this after a crash). */
  retrieve(intentId: string): Promise<ChargeResult>;
  /**
   * Closes an intent so it can never be charged. If the charge already happened, says so
   * (status succeeded) instead: the caller must then settle or refund it.
   */
  cancel(intentId: string): Promise<ChargeResult>;
  /** Refunds a charge, idempotent per key: the same key never refunds twice and returns the same refund. */
  refund(intentId: string, amountCents: number, idempotencyKey: string): Promise<{ id: string }>;
}

export interface CreatedIntent {
  id: string;
  clientSecret: string;
}

export type ChargeResult =
  | {
      status: 'succeeded';
      orderId: string;
      amountCents: number;
      currency: string;
      /** The card's country (ISO alpha-2) when the provider reports it with this answer (decision 0044). */
      cardCountry?: string | null;
    }
  | { status: 'failed'; orderId: string; code: string; message: string }
  | { status: 'processing'; orderId: string }
  | { status: 'requires_payment'; orderId: string }
  | { status: 'canceled'; orderId: string }
  | { status: 'not_found' };

/**
 * Wraps a provider so that its own failures (network, API errors) reach the client as a 502 with
 * a clear message instead of a 500; our AppErrors (bad card details) pass through unchanged.
 */
export function withProviderErrors(provider: PaymentProvider, log: (message: string) => void): PaymentProvider {
  const guard =
    <A extends unknown[], R>(name: string, call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (error) {
        if (error instanceof AppError) throw error;
        log(`payment provider ${provider.name}.${name} failed: ${(error as Error).message}`);
        throw new AppError(
          'PROVIDER_ERROR',
          'The payment provider could not be reached. Nothing was charged twice; please try again.',
        );
      }
    };
  return {
    ...provider,
    name: provider.name,
    createIntent: guard('createIntent', provider.createIntent.bind(provider)),
    confirm: guard('confirm', provider.confirm.bind(provider)),
    retrieve: guard('retrieve', provider.retrieve.bind(provider)),
    cancel: guard('cancel', provider.cancel.bind(provider)),
    refund: guard('refund', provider.refund.bind(provider)),
  };
}
