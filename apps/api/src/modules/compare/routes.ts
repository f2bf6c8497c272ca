import { compareQuerySchema, compareSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiTag } from '../../lib/openapi';
import { compareProducts } from './service';

const tags: ApiTag[] = ['Products'];

/** Compare (`/compare?ids=` in the storefront): 2 to 4 public products side by side. */
export const compareRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/compare',
    {
      schema: {
        operationId: 'compareProducts',
        summary: 'Return 2 to 4 public products to compare side by side (others are listed as missing)',
        tags,
        querystring: compareQuerySchema,
        response: { 200: compareSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=5');
      return compareProducts(deps, request.query.ids);
    },
  );
};
