import {
  authResponseSchema,
  downloadLinksSchema,
  GUEST_ORDER_TOKEN_HEADER,
  guestCheckoutRequestSchema,
  guestCheckoutResultSchema,
  guestClaimRequestSchema,
  orderSchema,
  paymentStateSchema,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiTag } from '../../lib/openapi';
import { idParams } from '../../lib/validation';
import { REFERRAL_COOKIE } from '../affiliates/service';
import { sendSession } from '../auth/service';
import { claimGuestAccount, confirmGuestPayment, getGuestOrder, guestDownloadLinks, placeGuestOrder } from './service';

const tags: ApiTag[] = ['Orders'];
const orderParams = idParams('Order not found');
const tokenHeaders = z.object({
  [GUEST_ORDER_TOKEN_HEADER]: z.string().max(2000).optional().describe('The access_token of POST /guest/checkout'),
});

function orderToken(request: FastifyRequest): string | undefined {
  const value = request.headers[GUEST_ORDER_TOKEN_HEADER];
  return typeof value === 'string' ? value.trim() : undefined;
}

/** Guest checkout (decision 0046): no session; the order-scoped token opens one order. */
export const guestCheckoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/checkout',
    {
      schema: {
        operationId: 'guestCheckout',
        summary: 'Buy with only an e-mail address: the order, its payment and a token for this order',
        tags,
        errorCodes: ['CONFLICT', 'ORDER_NOT_PAYABLE', 'RATE_LIMITED', 'PROVIDER_ERROR'],
        body: guestCheckoutRequestSchema,
        response: { 201: guestCheckoutResultSchema },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const result = await placeGuestOrder(deps, request.body, {
        ip: request.ip,
        idempotencyKey: typeof key === 'string' ? key : undefined,
        referralCookie: request.cookies[REFERRAL_COOKIE],
      });
      reply.code(201);
      reply.header('cache-control', 'no-store');
      return result;
    },
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        operationId: 'getGuestOrder',
        summary: 'Return a guest order to the browser holding its token',
        tags,
        params: orderParams,
        headers: tokenHeaders,
        errorCodes: ['NOT_FOUND', 'FORBIDDEN'],
        response: { 200: orderSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getGuestOrder(deps, request.params.id, orderToken(request));
    },
  );

  app.post(
    '/orders/:id/confirm-payment',
    {
      schema: {
        operationId: 'confirmGuestPayment',
        summary: 'Pay a guest order (the test card, or read a Stripe payment the browser confirmed)',
        tags,
        params: orderParams,
        headers: tokenHeaders,
        errorCodes: ['NOT_FOUND', 'FORBIDDEN', 'ORDER_NOT_PAYABLE', 'CONFLICT', 'PAYMENT_FAILED', 'PROVIDER_ERROR'],
        response: { 200: paymentStateSchema },
      },
    },
    async (request) => confirmGuestPayment(deps, request.params.id, orderToken(request), request.body),
  );

  app.get(
    '/orders/:id/downloads',
    {
      schema: {
        operationId: 'getGuestDownloadLinks',
        summary: 'Signed download links of a paid guest order',
        tags,
        params: orderParams,
        headers: tokenHeaders,
        errorCodes: ['NOT_FOUND', 'FORBIDDEN'],
        response: { 200: downloadLinksSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return guestDownloadLinks(deps, request.params.id, orderToken(request));
    },
  );

  app.post(
    '/claim',
    {
      schema: {
        operationId: 'claimGuestAccount',
        summary: 'Set the password of the account a guest purchase made, from the e-mailed link, and sign in',
        tags: ['Auth'],
        errorCodes: ['BAD_REQUEST'],
        body: guestClaimRequestSchema,
        response: { 200: authResponseSchema },
      },
      config: { rateLimit: { max: deps.config.rateLimit.authPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const header = request.headers['user-agent'];
      const signedIn = await claimGuestAccount(deps, request.body, typeof header === 'string' ? header : undefined);
      return sendSession(reply, deps, signedIn);
    },
  );
};
