import {
  adminProductChangeSchema,
  adminProductListSchema,
  adminProductReviewSchema,
  adminReviewFileLinkSchema,
  bulkUpdateResultSchema,
  bulkUpdateSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiTag } from '../../lib/openapi';
import { idParams } from '../../lib/validation';
import { guardEveryRoute, requireAuth } from '../auth/guard';
import {
  adminProductsQuery,
  approveProduct,
  bulkUpdateProducts,
  featureProduct,
  getProductForReview,
  listProductsForReview,
  rejectProduct,
  rejectSchema,
  reviewFileLink,
} from './review';

const tags: ApiTag[] = ['Products'];

const productParams = idParams('Product not found');
const productChange = { 200: adminProductChangeSchema };

/** Product review in the admin console (registered under /admin). Every route: role admin only. */
export const adminProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  guardEveryRoute(app, requireAuth('admin'));

  app.get(
    '/products',
    {
      schema: {
        operationId: 'listProductsForReview',
        summary: 'List products for review, by status',
        tags,
        querystring: adminProductsQuery,
        response: { 200: adminProductListSchema },
      },
    },
    async (request) => listProductsForReview(deps, request.query),
  );
  app.get(
    '/products/:id',
    {
      schema: {
        operationId: 'getProductForReview',
        summary: 'Return a product with its files for review',
        tags,
        params: productParams,
        response: { 200: adminProductReviewSchema },
      },
    },
    async (request) => getProductForReview(deps, request.params.id),
  );
  app.post(
    '/products/:id/files/:fileId/link',
    {
      schema: {
        operationId: 'createReviewFileLink',
        summary: 'Sign a short-lived link to a submitted file',
        tags,
        params: z.object({ id: z.uuid({ error: 'Product not found' }), fileId: z.uuid({ error: 'File not found' }) }),
        response: { 200: adminReviewFileLinkSchema },
      },
    },
    async (request) => reviewFileLink(deps, request.params.id, request.params.fileId),
  );
  app.put(
    '/products/:id/approve',
    {
      schema: {
        operationId: 'approveProduct',
        summary: 'Approve a product for sale',
        tags,
        params: productParams,
        response: productChange,
      },
    },
    async (request) => approveProduct(deps, request.params.id),
  );
  app.put(
    '/products/:id/reject',
    {
      schema: {
        operationId: 'rejectProduct',
        summary: 'Reject a product with a reason',
        tags,
        params: productParams,
        body: rejectSchema,
        response: productChange,
      },
    },
    async (request) => rejectProduct(deps, request.params.id, request.body.reason),
  );
  app.put(
    '/products/:id/feature',
    {
      schema: {
        operationId: 'featureProduct',
        summary: 'Feature or unfeature a product',
        tags,
        params: productParams,
        body: z.object({ featured: z.boolean() }),
        response: productChange,
      },
    },
    async (request) => featureProduct(deps, request.params.id, request.body.featured),
  );
  app.post(
    '/products/bulk-update',
    {
      schema: {
        operationId: 'bulkUpdateProducts',
        summary: 'Approve, reject or feature several products at once',
        tags,
        errorCodes: ['NOT_FOUND'],
        body: bulkUpdateSchema,
        response: { 200: bulkUpdateResultSchema },
      },
    },
    async (request) => bulkUpdateProducts(deps, request.body),
  );
};
