import {
  checkoutResultSchema,
  paymentConfigSchema,
  paymentIntentBodySchema,
  paymentStateSchema,
  TEST_CARDS,
  webhookReceiptSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { ApiTag } from '../../lib/openapi';
import { isUuid } from '../../lib/validation';
import { REFERRAL_COOKIE } from '../affiliates/service';
import { currentUser, requireAuth } from '../auth/guard';
import { checkout } from '../orders/checkout';
import { confirmPayment } from './confirm';
import { openOwnOrderPayment } from './open-payment';
import { handleStripeEvent } from './webhook';

const tags: ApiTag[] = ['Payments'];

const intentParams = z.object({ id: z.string().min(1).max(200) });

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const signedIn = { onRequest: requireAuth() };

  app.get(
    '/config',
    {
      schema: {
        operationId: 'getPaymentConfig',
        summary: 'Return the payment provider’s public settings',
        tags,
        response: { 200: paymentConfigSchema },
      },
    },
    async () => ({
      provider: deps.payments.name,
      test_mode: deps.payments.name === 'test',
      publishable_key: deps.config.stripe?.publishableKey ?? null,
      test_cards: deps.payments.name === 'test' ? TEST_CARDS : null,
    }),
  );

  const confirmDoc = {
    summary: 'Confirm the payment of the signed-in buyer’s order',
    tags,
    errorCodes: ['ORDER_NOT_PAYABLE', 'CONFLICT', 'PAYMENT_FAILED', 'PROVIDER_ERROR'],
  } as const;
  for (const [path, operationId] of [
    ['/confirm-payment/:id', 'confirmPayment'],
    ['/confirm-payment-no-auth/:id', 'confirmPaymentAlias'],
  ] as const) {
    const schema = { operationId, ...confirmDoc, params: intentParams, response: { 200: paymentStateSchema } };
    app.post(path, { ...signedIn, schema }, async (request) =>
      confirmPayment(deps, currentUser(request), request.params.id, request.body),
    );
  }

  // Compatibility: the spec's client creates an intent itself. Amounts it sends are ignored.
  const intentDoc = {
    summary: 'Open the payment of an order (or check the cart out) and return its intent',
    tags,
    errorCodes: ['NOT_FOUND', 'CONFLICT', 'ORDER_NOT_PAYABLE', 'ALREADY_OWNED', 'PROVIDER_ERROR'],
  } as const;
  for (const [path, operationId] of [
    ['/create-payment-intent', 'createPaymentIntent'],
    ['/create-payment-intent-no-auth', 'createPaymentIntentAlias'],
  ] as const) {
    const schema = {
      operationId,
      ...intentDoc,
      body: paymentIntentBodySchema.nullish(),
      response: { 201: checkoutResultSchema },
    };
    app.post(path, { ...signedIn, schema }, async (request, reply) => {
      const user = currentUser(request);
      const orderId = request.body?.order_id;
      reply.code(201);
      if (typeof orderId === 'string' && isUuid(orderId)) {
        return openOwnOrderPayment(deps, user, orderId);
      }
      const key = request.headers['idempotency-key'];
      // A paid cart needs its billing place, as on POST /orders/checkout (decision 0044).
      const billing = request.body?.billing_country
        ? { country: request.body.billing_country, region: request.body.billing_region }
        : undefined;
      return checkout(
        deps,
        user,
        typeof key === 'string' ? key : undefined,
        request.cookies[REFERRAL_COOKIE],
        undefined,
        billing,
      );
    });
  }

  await app.register(stripeWebhook);
};

/**
 * Stripe webhooks: the signature is checked on the raw body (5-minute tolerance), each event id is
 * handled once, and order is irrelevant: marking paid is idempotent and a late failure event
 * cannot undo a payment that succeeded.
 */
const stripeWebhook: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/webhook',
    {
      schema: {
        operationId: 'receivePaymentWebhook',
        summary: 'Receive a payment provider event (signed)',
        tags,
        errorCodes: ['NOT_FOUND'],
        response: { 200: webhookReceiptSchema },
      },
    },
    async (request) => {
      const stripe = (deps.payments as { client?: Stripe }).client;
      const secret = deps.config.stripe?.webhookSecret;
      if (!stripe || !secret) throw new AppError('NOT_FOUND', 'Stripe webhooks are not configured');
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          request.body as Buffer,
          typeof signature === 'string' ? signature : '',
          secret,
          300,
        );
      } catch {
        throw new AppError('BAD_REQUEST', 'Invalid webhook signature');
      }
      return handleStripeEvent(deps, event);
    },
  );
};
