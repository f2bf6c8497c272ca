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
import type { ErrorCode } from '../../lib/errors';
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

  /**
   * A route of one guest order: its id in the path, its token in the `x-order-token` header (no
   * session), the service's answer as the reply; `noStore` ones are never kept by a cache.
   */
  const orderRoute = (
    method: 'GET' | 'POST',
    path: '' | '/confirm-payment' | '/downloads',
    doc: { operationId: string; summary: string; errorCodes: readonly ErrorCode[]; noStore: boolean },
    response: z.ZodType,
    answer: (orderId: string, token: string | undefined, body: unknown) => Promise<unknown>,
  ) => {
    const { noStore, ...described } = doc;
    app.route({
      method,
      url: `/orders/:id${path}`,
      schema: { ...described, tags, params: orderParams, headers: tokenHeaders, response: { 200: response } },
      handler: async (request, reply) => {
        if (noStore) reply.header('cache-control', 'no-store');
        return answer(request.params.id, orderToken(request), request.body);
      },
    });
  };

  orderRoute(
    'GET',
    '',
    {
      operationId: 'getGuestOrder',
      summary: 'Return a guest order to the browser holding its token',
      errorCodes: ['NOT_FOUND', 'FORBIDDEN'],
      noStore: true,
    },
    orderSchema,
    (orderId, token) => getGuestOrder(deps, orderId, token),
  );

  orderRoute(
    'POST',
    '/confirm-payment',
    {
      operationId: 'confirmGuestPayment',
      summary: 'Pay a guest order (the test card, or read a Stripe payment the browser confirmed)',
      errorCodes: ['NOT_FOUND', 'FORBIDDEN', 'ORDER_NOT_PAYABLE', 'CONFLICT', 'PAYMENT_FAILED', 'PROVIDER_ERROR'],
      noStore: false,
    },
    paymentStateSchema,
    (orderId, token, card) => confirmGuestPayment(deps, orderId, token, card),
  );

  orderRoute(
    'GET',
    '/downloads',
    {
      operationId: 'getGuestDownloadLinks',
      summary: 'Signed download links of a paid guest order',
      errorCodes: ['NOT_FOUND', 'FORBIDDEN'],
      noStore: true,
    },
    downloadLinksSchema,
    (orderId, token) => guestDownloadLinks(deps, orderId, token),
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
