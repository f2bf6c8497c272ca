import type Stripe from 'stripe';
import type { AppDeps } from '../../lib/context';
import { describeIntent } from './providers/stripe';
import { orderExists, recordWebhookEvent, webhookEventSeen } from './repository';
import { settleCharge } from './settle';

/**
 * Handles one verified Stripe event, once per event id. Order is irrelevant: marking paid is
 * idempotent and a late failure event cannot undo a payment that succeeded.
 */
export async function handleStripeEvent(deps: AppDeps, event: Stripe.Event): Promise<{ received: true; duplicate?: true }> {
  if (await webhookEventSeen(deps.db, event.id)) return { received: true as const, duplicate: true as const };
  if (event.type === 'payment_intent.succeeded') {
    const charge = describeIntent(event.data.object as Stripe.PaymentIntent);
    if (charge.status === 'succeeded') {
      if (await orderExists(deps.db, charge.orderId)) {
        // Paid if the order is still open; otherwise the charge is refunded (never lost, never doubled).
        await settleCharge(deps, {
          orderId: charge.orderId,
          intentId: (event.data.object as Stripe.PaymentIntent).id,
          amountCents: charge.amountCents,
          currency: charge.currency,
        });
      }
    }
  }
  await recordWebhookEvent(deps.db, event.id, event.type);
  return { received: true as const };
}
