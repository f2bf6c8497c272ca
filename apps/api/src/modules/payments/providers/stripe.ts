import Stripe from 'stripe';
import type { ChargeResult, PaymentProvider } from './provider';

/** Stripe Payment Intents. The browser confirms the card with Stripe Elements; webhooks report the outcome. */
export function createStripeProvider(secretKey: string): PaymentProvider & { client: Stripe } {
  const client = new Stripe(secretKey);
  return {
    name: 'stripe',
    client,

    async createIntent({ orderId, amountCents, currency, customerEmail }) {
      const intent = await client.paymentIntents.create(
        {
          amount: amountCents,
          currency,
          receipt_email: customerEmail,
          metadata: { order_id: orderId },
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey: `order-${orderId}` },
      );
      return { id: intent.id, clientSecret: intent.client_secret ?? '' };
    },

    async confirm(intentId): Promise<ChargeResult> {
      // With the charge, whose card details carry the card's country (decision 0044).
      const intent = await client.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
      return describeIntent(intent);
    },

    async retrieve(intentId): Promise<ChargeResult> {
      const intent = await client.paymentIntents.retrieve(intentId);
      return describeIntent(intent);
    },

    async cancel(intentId): Promise<ChargeResult> {
      const intent = await client.paymentIntents.retrieve(intentId);
      if (!CANCELABLE.has(intent.status)) return describeIntent(intent);
      try {
        return describeIntent(await client.paymentIntents.cancel(intentId));
      } catch {
        // It moved on (charged or processing) between the two calls: report where it is now.
        return describeIntent(await client.paymentIntents.retrieve(intentId));
      }
    },

    async refund(intentId, amountCents, idempotencyKey) {
      const refund = await client.refunds.create({ payment_intent: intentId, amount: amountCents }, { idempotencyKey });
      return { id: refund.id };
    },
  };
}

const CANCELABLE = new Set<Stripe.PaymentIntent.Status>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
]);

export function describeIntent(intent: Stripe.PaymentIntent): ChargeResult {
  const orderId = intent.metadata?.order_id;
  if (!orderId) return { status: 'not_found' };
  if (intent.status === 'succeeded') {
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    return {
      status: 'succeeded',
      orderId,
      amountCents: intent.amount_received || intent.amount,
      currency: intent.currency,
      cardCountry: charge?.payment_method_details?.card?.country ?? null,
    };
  }
  if (intent.status === 'requires_payment_method' && intent.last_payment_error) {
    return {
      status: 'failed',
      orderId,
      code: intent.last_payment_error.code ?? 'card_error',
      message: intent.last_payment_error.message ?? 'Your card was declined.',
    };
  }
  if (intent.status === 'canceled') return { status: 'canceled', orderId };
  if (intent.status === 'processing') return { status: 'processing', orderId };
  return { status: 'requires_payment', orderId };
}
