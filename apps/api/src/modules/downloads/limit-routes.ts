import { downloadLimitAnswerSchema, downloadLimitSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiTag } from '../../lib/openapi';
import { idParams } from '../../lib/validation';
import { currentUser, guardEveryRoute, requireAuth } from '../auth/guard';
import { getDownloadLimit, setDownloadLimit } from './limits';

const tags: ApiTag[] = ['Downloads'];
const productParams = idParams('Product not found');

/** The seller's cap on downloads per order line of their own products (null: unlimited). */
export const sellerDownloadLimitRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Before the body is parsed: the anonymous get 401 and buyers 403 whatever they send.
  guardEveryRoute(app, requireAuth('seller', 'admin'));

  app.get(
    '/products/:id/download-limit',
    {
      schema: {
        operationId: 'getDownloadLimit',
        summary: 'Return the download cap per order line of a product of the seller (null: unlimited)',
        tags,
        errorCodes: ['NOT_FOUND'],
        params: productParams,
        response: { 200: downloadLimitAnswerSchema },
      },
    },
    async (request) => getDownloadLimit(deps, currentUser(request), request.params.id),
  );

  app.put(
    '/products/:id/download-limit',
    {
      schema: {
        operationId: 'saveDownloadLimit',
        summary: 'Cap the downloads per order line of a product of the seller (null: unlimited)',
        tags,
        errorCodes: ['NOT_FOUND'],
        params: productParams,
        body: downloadLimitSchema,
        response: { 200: downloadLimitAnswerSchema },
      },
    },
    async (request) => setDownloadLimit(deps, currentUser(request), request.params.id, request.body.download_limit),
  );
};
