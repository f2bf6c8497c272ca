import {
  noContentSchema,
  pagingQuerySchema,
  publicReviewSchema,
  REVIEW_PAGING,
  reviewListSchema,
  reviewRequestSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ApiTag, OPTIONAL_TOKEN } from '../../lib/openapi';
import { idParams } from '../../lib/validation';
import { currentUser, requireAuth, resolveRequestUser } from '../auth/guard';
import { createReview, deleteReview, getProductReviews, updateReview } from './service';

const tags: ApiTag[] = ['Reviews'];

const productParams = idParams('Product not found');
const reviewParams = idParams('Review not found');
const pageQuery = pagingQuerySchema(REVIEW_PAGING);

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/products/:id/reviews',
    {
      schema: {
        operationId: 'listProductReviews',
        security: OPTIONAL_TOKEN,
        summary: 'List a product’s reviews',
        tags,
        params: productParams,
        querystring: pageQuery,
        response: { 200: reviewListSchema },
      },
    },
    async (request) => {
      const viewer = await resolveRequestUser(request);
      return getProductReviews(deps, request.params.id, viewer, request.query.page, request.query.limit);
    },
  );

  app.post(
    '/products/:id/reviews',
    {
      onRequest: requireAuth(),
      schema: {
        operationId: 'createReview',
        summary: 'Review a purchased product',
        tags,
        errorCodes: ['FORBIDDEN', 'CONFLICT'],
        params: productParams,
        body: reviewRequestSchema,
        response: { 201: publicReviewSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createReview(deps, currentUser(request), request.params.id, request.body);
    },
  );

  app.put(
    '/reviews/:id',
    {
      onRequest: requireAuth(),
      schema: {
        operationId: 'updateReview',
        summary: 'Edit a review',
        tags,
        errorCodes: ['FORBIDDEN'],
        params: reviewParams,
        body: reviewRequestSchema,
        response: { 200: publicReviewSchema },
      },
    },
    async (request) => updateReview(deps, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/reviews/:id',
    {
      onRequest: requireAuth(),
      schema: {
        operationId: 'deleteReview',
        summary: 'Delete a review',
        tags,
        errorCodes: ['FORBIDDEN'],
        params: reviewParams,
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      await deleteReview(deps, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
