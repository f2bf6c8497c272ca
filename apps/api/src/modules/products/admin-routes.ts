import {
  adminProductChangeSchema,
  adminProductListSchema,
  adminProductReviewSchema,
  adminReviewFileLinkSchema,
  bulkUpdateResultSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../lib/validation';
import { guardEveryRoute, requireAuth } from '../auth/guard';
import {
  adminProductsQuery,
  approveProduct,
  bulkUpdateProducts,
  bulkUpdateSchema,
  featureProduct,
  getProductForReview,
  listProductsForReview,
  rejectProduct,
  rejectSchema,
  reviewFileLink,
} from './review';

const productParams = idParams('Product not found');
const productChange = { 200: adminProductChangeSchema };

/** Product review in the admin console (registered under /admin). Every route: role admin only. */
export const adminProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  guardEveryRoute(app, requireAuth('admin'));

  app.get(
    '/products',
    { schema: { querystring: adminProductsQuery, response: { 200: adminProductListSchema } } },
    async (request) => listProductsForReview(deps, request.query),
  );
  app.get('/products/:id', { schema: { params: productParams, response: { 200: adminProductReviewSchema } } }, async (request) =>
    getProductForReview(deps, request.params.id),
  );
  app.post(
    '/products/:id/files/:fileId/link',
    {
      schema: {
        params: z.object({ id: z.uuid({ error: 'Product not found' }), fileId: z.uuid({ error: 'File not found' }) }),
        response: { 200: adminReviewFileLinkSchema },
      },
    },
    async (request) => reviewFileLink(deps, request.params.id, request.params.fileId),
  );
  app.put('/products/:id/approve', { schema: { params: productParams, response: productChange } }, async (request) =>
    approveProduct(deps, request.params.id),
  );
  app.put(
    '/products/:id/reject',
    { schema: { params: productParams, body: rejectSchema, response: productChange } },
    async (request) => rejectProduct(deps, request.params.id, request.body.reason),
  );
  app.put(
    '/products/:id/feature',
    { schema: { params: productParams, body: z.object({ featured: z.boolean() }), response: productChange } },
    async (request) => featureProduct(deps, request.params.id, request.body.featured),
  );
  app.post(
    '/products/bulk-update',
    { schema: { body: bulkUpdateSchema, response: { 200: bulkUpdateResultSchema } } },
    async (request) => bulkUpdateProducts(deps, request.body),
  );
};
