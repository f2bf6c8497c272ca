import { adminOrderDetailSchema, adminOrderListSchema, messageSchema, refundDecisionSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiTag } from '../../lib/openapi';
import { idParams } from '../../lib/validation';
import { currentUser, guardEveryRoute, requireAuth } from '../auth/guard';
import { adminOrdersQuery, decideRefund, getOrderForAdmin, listAllOrders } from './admin';

const tags: ApiTag[] = ['Orders'];

const orderParams = idParams('Order not found');

/** Orders and refund decisions in the admin console (registered under /admin). Every route: role admin only. */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  guardEveryRoute(app, requireAuth('admin'));

  app.get(
    '/orders',
    {
      schema: {
        operationId: 'listAllOrders',
        summary: 'List every order',
        tags,
        querystring: adminOrdersQuery,
        response: { 200: adminOrderListSchema },
      },
    },
    async (request) => listAllOrders(deps, request.query),
  );
  app.get(
    '/orders/:id',
    {
      schema: {
        operationId: 'getOrderForAdmin',
        summary: 'Return any order with its payments and refund request',
        tags,
        params: orderParams,
        response: { 200: adminOrderDetailSchema },
      },
    },
    async (request) => getOrderForAdmin(deps, request.params.id),
  );
  app.put(
    '/orders/:id/refund',
    {
      schema: {
        operationId: 'decideRefund',
        summary: 'Approve or refuse a refund request',
        tags,
        errorCodes: ['CONFLICT', 'PROVIDER_ERROR'],
        params: orderParams,
        body: refundDecisionSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => decideRefund(deps, currentUser(request), request.params.id, request.body),
  );
};
