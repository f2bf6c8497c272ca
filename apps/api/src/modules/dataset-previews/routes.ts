import {
  datasetPreviewChoiceSchema,
  ownDatasetPreviewListSchema,
  ownDatasetPreviewSchema,
  publicDatasetPreviewListSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { ApiTag } from '../../lib/openapi';
import { idParams } from '../../lib/validation';
import { currentUser, guardEveryRoute, requireAuth } from '../auth/guard';
import { choosePreviewSample, listOwnPreviews, listPreviewsForReview, publicDatasetPreviews } from './service';

const productParams = idParams('Product not found');

/** GET /products/{id}/dataset-previews: what anyone may see of a public product's data files. */
export const datasetPreviewPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags: ApiTag[] = ['Products'];
  app.get(
    '/:id/dataset-previews',
    {
      schema: {
        operationId: 'listProductDatasetPreviews',
        summary: 'Return the schema, statistics and published sample rows of a published product’s data files',
        tags,
        errorCodes: ['NOT_FOUND'],
        params: z.object({ id: z.string() }),
        response: { 200: publicDatasetPreviewListSchema },
      },
    },
    async (request) => {
      const found = await publicDatasetPreviews(deps, request.params.id);
      if (!found) throw new AppError('NOT_FOUND', 'Product not found');
      return found;
    },
  );
};

/** The seller's previews of their own products (registered under /seller): every column, the candidate rows, the choices. */
export const datasetPreviewSellerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags: ApiTag[] = ['Sellers'];
  const seller = { onRequest: requireAuth('seller', 'admin') };
  app.get(
    '/products/:id/dataset-previews',
    {
      ...seller,
      schema: {
        operationId: 'listSellerDatasetPreviews',
        summary: 'Return the previews of the data files of one of the seller’s products',
        tags,
        params: productParams,
        response: { 200: ownDatasetPreviewListSchema },
      },
    },
    async (request) => ({ previews: await listOwnPreviews(deps, currentUser(request), request.params.id, request.log) }),
  );
  app.put(
    '/products/:id/dataset-previews/:previewId',
    {
      ...seller,
      schema: {
        operationId: 'chooseSellerDatasetSample',
        summary: 'Choose the sample rows a data file’s preview publishes and the columns it hides',
        tags,
        errorCodes: ['NOT_FOUND', 'CONFLICT'],
        params: z.object({ id: z.uuid({ error: 'Product not found' }), previewId: z.string() }),
        body: datasetPreviewChoiceSchema,
        response: { 200: ownDatasetPreviewSchema },
      },
    },
    async (request) => {
      const { id, previewId } = request.params;
      return choosePreviewSample(deps, currentUser(request), id, previewId, request.body);
    },
  );
};

/** The previews of a product under review (registered under /admin): admins see what the seller sees. */
export const datasetPreviewAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  guardEveryRoute(app, requireAuth('admin'));
  app.get(
    '/products/:id/dataset-previews',
    {
      schema: {
        operationId: 'listDatasetPreviewsForReview',
        summary: 'Return the previews of a product’s data files for review',
        tags: ['Products'] satisfies ApiTag[],
        params: productParams,
        response: { 200: ownDatasetPreviewListSchema },
      },
    },
    async (request) => ({ previews: await listPreviewsForReview(deps, request.params.id, request.log) }),
  );
};
