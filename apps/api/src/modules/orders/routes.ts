import {
  blankToUndefined,
  checkoutBodySchema,
  checkoutResultSchema,
  downloadLinksSchema,
  fileResponse,
  messageSchema,
  ORDER_STATUSES,
  orderListSchema,
  orderSchema,
  orderStatsSchema,
  ownedProductsSchema,
  pagingQueryFields,
  refundRequestedSchema,
  refundRequestSchema,
  regeneratedLinksSchema,
  STANDARD_PAGING,
  savedOrderSchema,
  validateCartSchema,
  validatedCartSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiTag } from '../../lib/openapi';
import { dateQuery, idParams } from '../../lib/validation';
import { REFERRAL_COOKIE } from '../affiliates/service';
import { currentUser, requireAuth, requireSignedIn } from '../auth/guard';
import { validateCart } from '../cart/service';
import {
  issueDownloadLinks,
  regenerateDownloadLinks,
  requirePaidOwnOrder,
  type ZipStream,
  zipOrder,
  zipPurchasedProduct,
} from '../downloads/service';
import { checkout } from './checkout';
import { ownedProductIds } from './repository';
import { saveVerifiedOrder } from './save-order';
import { getOwnOrder, listOwnOrders, ownOrderStats, requestRefund, resendReceipt } from './service';

const tags: ApiTag[] = ['Orders'];

const orderParams = idParams('Order not found');
const zipResponse = { 200: fileResponse('The files as one zip archive', ['application/zip']) };
const listQuery = z.object({
  ...pagingQueryFields(STANDARD_PAGING),
  status_filter: z.preprocess(blankToUndefined, z.enum(ORDER_STATUSES).optional()),
  start_date: dateQuery('start_date'),
  end_date: dateQuery('end_date'),
});

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const signedIn = { onRequest: requireAuth() };

  function sendZip(reply: import('fastify').FastifyReply, zip: ZipStream, fileName: string) {
    reply.header('content-type', 'application/zip');
    reply.header('content-disposition', `attachment; filename="${fileName}"`);
    reply.header('cache-control', 'private, no-store');
    reply.header('content-length', String(zip.size));
    return reply.send(zip.stream);
  }

  app.post(
    '/validate-cart',
    {
      onRequest: requireSignedIn('Please log in to validate cart'),
      schema: {
        operationId: 'validateCart',
        summary: 'Re-price a cart on the server before checkout',
        tags,
        body: validateCartSchema,
        response: { 200: validatedCartSchema },
      },
    },
    async (request) => validateCart(deps, currentUser(request), request.body.cart_items, request.body.promo_code),
  );

  app.post(
    '/checkout',
    {
      ...signedIn,
      schema: {
        operationId: 'checkout',
        summary: 'Turn the cart into an order and open its payment',
        tags,
        errorCodes: ['CONFLICT', 'ORDER_NOT_PAYABLE', 'ALREADY_OWNED', 'PROVIDER_ERROR'],
        // Where the buyer is billed picks the tax rate (decision 0044); the server computes every amount.
        body: checkoutBodySchema.nullish(),
        response: { 201: checkoutResultSchema },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const billing = request.body?.billing_country
        ? { country: request.body.billing_country, region: request.body.billing_region }
        : undefined;
      const result = await checkout(
        deps,
        currentUser(request),
        typeof key === 'string' ? key : undefined,
        request.cookies[REFERRAL_COOKIE],
        undefined,
        billing,
      );
      reply.code(201);
      return result;
    },
  );

  app.post(
    '/save-order',
    {
      ...signedIn,
      schema: {
        operationId: 'saveOrder',
        summary: 'Record an order paid through a verified payment intent',
        tags,
        errorCodes: ['NOT_FOUND', 'CONFLICT', 'ORDER_NOT_PAYABLE'],
        response: { 200: savedOrderSchema },
      },
    },
    async (request) => saveVerifiedOrder(deps, currentUser(request), request.body),
  );

  app.get(
    '/',
    {
      ...signedIn,
      schema: {
        operationId: 'listOrders',
        summary: 'List the signed-in buyer’s orders',
        tags,
        querystring: listQuery,
        response: { 200: orderListSchema },
      },
    },
    async (request) => listOwnOrders(deps, currentUser(request), request.query),
  );

  app.get(
    '/stats',
    {
      ...signedIn,
      schema: {
        operationId: 'getOrderStats',
        summary: 'Return the signed-in buyer’s order totals',
        tags,
        response: { 200: orderStatsSchema },
      },
    },
    async (request) => ownOrderStats(deps, currentUser(request)),
  );

  app.get(
    '/owned-products',
    {
      ...signedIn,
      schema: {
        operationId: 'listOwnedProducts',
        summary: 'List the products the signed-in buyer owns',
        tags,
        response: { 200: ownedProductsSchema },
      },
    },
    async (request, reply) => {
      // Per buyer: never stored by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return { product_ids: await ownedProductIds(deps.db, currentUser(request).id) };
    },
  );

  app.get(
    '/download-product-files/:productId',
    {
      ...signedIn,
      schema: {
        operationId: 'downloadOwnedProductFiles',
        summary: 'Download a purchased product’s files as a zip',
        tags,
        errorCodes: ['FORBIDDEN'],
        params: z.object({ productId: z.uuid({ error: 'You have not purchased this product' }) }),
        response: zipResponse,
      },
    },
    async (request, reply) => {
      const zip = await zipPurchasedProduct(deps, currentUser(request), request.params.productId);
      return sendZip(reply, zip, zip.fileName);
    },
  );

  app.get(
    '/:id',
    {
      ...signedIn,
      schema: {
        operationId: 'getOrder',
        summary: 'Return one of the signed-in buyer’s orders',
        tags,
        params: orderParams,
        response: { 200: orderSchema },
      },
    },
    async (request) => getOwnOrder(deps, currentUser(request), request.params.id),
  );

  app.get(
    '/:id/download-links',
    {
      ...signedIn,
      schema: {
        operationId: 'listDownloadLinks',
        summary: 'Return signed download links for a paid order',
        tags,
        errorCodes: ['FORBIDDEN'],
        params: orderParams,
        response: { 200: downloadLinksSchema },
      },
    },
    async (request) => {
      const order = await requirePaidOwnOrder(deps, currentUser(request), request.params.id);
      const { links, expiresAt } = await issueDownloadLinks(deps, order);
      return { order_id: order.id, links, expires_at: expiresAt.toISOString() };
    },
  );

  app.post(
    '/:id/regenerate-links',
    {
      ...signedIn,
      schema: {
        operationId: 'regenerateDownloadLinks',
        summary: 'Sign fresh download links for a paid order',
        tags,
        errorCodes: ['FORBIDDEN'],
        params: orderParams,
        response: { 200: regeneratedLinksSchema },
      },
    },
    async (request) => {
      const order = await requirePaidOwnOrder(deps, currentUser(request), request.params.id);
      const { links, expiresAt } = await regenerateDownloadLinks(deps, order);
      return {
        order_id: order.id,
        links,
        expires_at: expiresAt.toISOString(),
        message: 'New download links created; earlier links no longer work.',
      };
    },
  );

  app.get(
    '/:id/download-zip',
    {
      ...signedIn,
      schema: {
        operationId: 'downloadOrderZip',
        summary: 'Download a paid order’s files as a zip',
        tags,
        errorCodes: ['FORBIDDEN'],
        params: orderParams,
        response: zipResponse,
      },
    },
    async (request, reply) => {
      const order = await requirePaidOwnOrder(deps, currentUser(request), request.params.id);
      return sendZip(reply, await zipOrder(deps, order), `order_${order.orderNumber}_files.zip`);
    },
  );

  app.post(
    '/:id/resend-email',
    {
      ...signedIn,
      schema: {
        operationId: 'resendReceipt',
        summary: 'Send the order’s receipt e-mail again',
        tags,
        params: orderParams,
        response: { 200: messageSchema },
      },
      config: { rateLimit: { max: 5, timeWindow: 60_000 } },
    },
    async (request) => resendReceipt(deps, currentUser(request), request.params.id),
  );

  app.post(
    '/:id/request-refund',
    {
      ...signedIn,
      schema: {
        operationId: 'requestRefund',
        summary: 'Ask for a refund of a paid order',
        tags,
        errorCodes: ['CONFLICT'],
        params: orderParams,
        body: refundRequestSchema,
        response: { 201: refundRequestedSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return requestRefund(deps, currentUser(request), request.params.id, request.body.reason);
    },
  );
};
