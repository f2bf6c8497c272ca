import { publicSellerSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiTag } from '../../lib/openapi';
import { idParams } from '../../lib/validation';
import { getPublicSeller, SELLER_NOT_FOUND } from './public-service';

const tags: ApiTag[] = ['Sellers'];

/** Seller pages (`/sellers/{id}` in the storefront): public, for anyone. Their products come from GET /products?seller_id=. */
export const publicSellerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/:id',
    {
      schema: {
        operationId: 'getSeller',
        summary: 'Return a seller’s public page: name, bio, links and figures (404 for unknown or suspended sellers)',
        tags,
        errorCodes: ['NOT_FOUND'],
        params: idParams(SELLER_NOT_FOUND),
        response: { 200: publicSellerSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=5');
      return getPublicSeller(deps, request.params.id);
    },
  );
};
