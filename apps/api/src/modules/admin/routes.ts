import { promoCodeSchema, promoCodeUpdateSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, nonEmptyUpdate } from '../../lib/validation';
import { currentUser, requireAuth } from '../auth/guard';
import { announce } from '../notifications/service';
import { dashboardStats, statsOverTime } from './dashboard';
import { adminOrdersQuery, decideRefund, getOrderForAdmin, listAllOrders, refundDecisionSchema } from './orders';
import {
  adminProductsQuery,
  approveProduct,
  bulkUpdateProducts,
  bulkUpdateSchema,
  featureProduct,
  listProductsForReview,
  rejectProduct,
  rejectSchema,
} from './products';
import {
  adminPromoCodesQuery,
  createPromoCode,
  deactivatePromoCode,
  getPromoCode,
  listPromoCodes,
  updatePromoCode,
} from './promo-codes';
import { adminUsersQuery, adminUserUpdateSchema, listUsers, updateUserByAdmin } from './users';

const productParams = idParams('Product not found');
const userParams = idParams('User not found');
const orderParams = idParams('Order not found');
const promoParams = idParams('Promo code not found');
export const announcementSchema = z.object({
  title: z.string().trim().min(3, 'Title must be at least 3 characters').max(120),
  message: z.string().trim().min(5, 'Message must be at least 5 characters').max(2000),
  type: z.enum(['info', 'success', 'warning', 'error']).default('info'),
  audience: z.enum(['all', 'buyer', 'seller', 'admin', 'simple_admin']).default('all'),
});

/** The admin console's API (spec §7 Admin). Every route: role admin only. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('preHandler', requireAuth('admin'));

  app.get('/dashboard/stats', async () => dashboardStats(deps));
  app.get(
    '/stats',
    { schema: { querystring: z.object({ days: z.coerce.number().int().min(1).max(365).default(30) }) } },
    async (request) => statsOverTime(deps, request.query.days),
  );

  app.get('/products', { schema: { querystring: adminProductsQuery } }, async (request) =>
    listProductsForReview(deps, request.query),
  );
  app.put('/products/:id/approve', { schema: { params: productParams } }, async (request) =>
    approveProduct(deps, request.params.id),
  );
  app.put('/products/:id/reject', { schema: { params: productParams, body: rejectSchema } }, async (request) =>
    rejectProduct(deps, request.params.id, request.body.reason),
  );
  app.put(
    '/products/:id/feature',
    { schema: { params: productParams, body: z.object({ featured: z.boolean() }) } },
    async (request) => featureProduct(deps, request.params.id, request.body.featured),
  );
  app.post('/products/bulk-update', { schema: { body: bulkUpdateSchema } }, async (request) =>
    bulkUpdateProducts(deps, request.body),
  );

  app.get('/users', { schema: { querystring: adminUsersQuery } }, async (request) => listUsers(deps, request.query));
  app.put('/users/:id', { schema: { params: userParams, body: nonEmptyUpdate(adminUserUpdateSchema) } }, async (request) =>
    updateUserByAdmin(deps, currentUser(request), request.params.id, request.body),
  );

  app.get('/orders', { schema: { querystring: adminOrdersQuery } }, async (request) => listAllOrders(deps, request.query));
  app.get('/orders/:id', { schema: { params: orderParams } }, async (request) => getOrderForAdmin(deps, request.params.id));
  app.put('/orders/:id/refund', { schema: { params: orderParams, body: refundDecisionSchema } }, async (request) =>
    decideRefund(deps, currentUser(request), request.params.id, request.body),
  );

  app.get('/promo-codes', { schema: { querystring: adminPromoCodesQuery } }, async (request) =>
    listPromoCodes(deps, request.query),
  );
  app.get('/promo-codes/:id', { schema: { params: promoParams } }, async (request) => getPromoCode(deps, request.params.id));
  app.post('/promo-codes', { schema: { body: promoCodeSchema } }, async (request, reply) => {
    reply.code(201);
    return { message: 'Promo code created', promo_code: await createPromoCode(deps, request.body) };
  });
  app.put('/promo-codes/:id', { schema: { params: promoParams, body: promoCodeUpdateSchema } }, async (request) => ({
    message: 'Promo code updated',
    promo_code: await updatePromoCode(deps, request.params.id, request.body),
  }));
  app.post('/promo-codes/:id/deactivate', { schema: { params: promoParams } }, async (request) =>
    deactivatePromoCode(deps, request.params.id),
  );
  app.delete('/promo-codes/:id', { schema: { params: promoParams } }, async (request) =>
    deactivatePromoCode(deps, request.params.id),
  );

  app.post('/notifications', { schema: { body: announcementSchema } }, async (request, reply) => {
    const { audience, ...note } = request.body;
    const sent = await announce(deps, note, audience === 'all' ? null : audience);
    reply.code(201);
    return { message: `Announcement sent to ${sent} users`, sent };
  });
};
