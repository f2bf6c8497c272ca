import type Stripe from 'stripe';
import { vi } from 'vitest';
import type { AppDeps } from '../../lib/context';

/**
 * For tests only: api.stripe.com cannot be reached here, so the shop's own Stripe client (the real
 * `stripe` SDK inside the real provider) gets its two PaymentIntent calls answered by this stand-in,
 * which keeps the intents as Stripe would: created unpaid with a client secret, `succeeded` once
 * the browser's Stripe.js (the tests' fake) confirmed the card. Everything else is the shop's code.
 */
export interface StripeStandIn {
  /** The intents as Stripe would hold them, by id. */
  intents: Map<string, Stripe.PaymentIntent>;
  /** What Stripe.js does when a card is accepted: the intent with this client secret succeeds. */
  succeed(clientSecret: string): Stripe.PaymentIntent;
  /** A card accepted whose payment Stripe is still processing (the webhook tells the outcome later). */
  process(clientSecret: string): Stripe.PaymentIntent;
}

/** Answers the shop's paymentIntents.create/retrieve from memory; call in beforeEach (spies are restored after each test). */
export function standInForStripe(deps: AppDeps): StripeStandIn {
  const client = (deps.payments as unknown as { client?: Stripe }).client;
  if (!client) throw new Error('The payment provider is not Stripe');
  const intents = new Map<string, Stripe.PaymentIntent>();
  let counter = 0;
  vi.spyOn(client.paymentIntents, 'create').mockImplementation((async (params: Stripe.PaymentIntentCreateParams) => {
    counter += 1;
    const id = `pi_standin_${Date.now().toString(36)}${counter}`;
    const intent = {
      id,
      object: 'payment_intent',
      amount: params.amount,
      amount_received: 0,
      currency: params.currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${counter}`,
      metadata: params.metadata ?? {},
      last_payment_error: null,
      latest_charge: null,
    } as unknown as Stripe.PaymentIntent;
    intents.set(id, intent);
    return intent;
  }) as never);
  vi.spyOn(client.paymentIntents, 'retrieve').mockImplementation((async (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`No such payment_intent: '${id}'`);
    return intent;
  }) as never);
  const bySecret = (clientSecret: string) => {
    const intent = [...intents.values()].find((i) => i.client_secret === clientSecret);
    if (!intent) throw new Error('No intent with this client secret');
    return intent;
  };
  return {
    intents,
    succeed: (clientSecret) =>
      Object.assign(bySecret(clientSecret), { status: 'succeeded', amount_received: bySecret(clientSecret).amount }),
    process: (clientSecret) => Object.assign(bySecret(clientSecret), { status: 'processing' }),
  };
}
