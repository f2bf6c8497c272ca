import {
  categoryListSchema,
  productCountSchema,
  productDetailSchema,
  productListQuerySchema,
  productListSchema,
} from '@app/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MicroCache } from '../../lib/micro-cache';
import { type ApiTag, OPTIONAL_TOKEN } from '../../lib/openapi';
import { requireAuth, resolveRequestUser } from '../auth/guard';
import { browseProducts, browsePublicProductsJson, countProducts, getProductDetail, listCategories } from './service';

const tags: ApiTag[] = ['Products'];

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Public catalogue pages are identical for everyone, signed in or not: share them for a moment.
  const pages = new MicroCache<Buffer>(deps.config.catalogCacheMs);
  const dictionary = deps.searchDictionary;
  // Built before the first search needs it (a few hundred ms on 100k products), never blocking start-up.
  app.addHook('onReady', async () => {
    dictionary.current().catch(() => {});
  });

  const cacheKey = (url: string) => url.slice(url.indexOf('?') + 1);
  // Only a `status` filter (admins, sellers on their own listing) makes a page depend on who asks.
  const isPublicPage = (query: unknown) => (query as { status?: unknown }).status === undefined;

  app.get(
    '/',
    {
      schema: {
        operationId: 'listProducts',
        security: OPTIONAL_TOKEN,
        summary: 'Search and list published products (admins and sellers may filter by status)',
        tags,
        querystring: productListQuerySchema,
        response: { 200: productListSchema },
      },
      // A hot page is answered before validation and the handler even run.
      onRequest: async (request, reply) => {
        if (!isPublicPage(request.query)) return;
        const page = pages.peek(cacheKey(request.url));
        if (page === undefined) return;
        return sendJson(reply.header('cache-control', 'public, max-age=5'), page);
      },
    },
    async (request, reply) => {
      if (!isPublicPage(request.query)) {
        const viewer = await resolveRequestUser(request);
        reply.header('cache-control', 'private, no-store');
        return browseProducts(deps, request.query, viewer);
      }
      reply.header('cache-control', 'public, max-age=5');
      // Pages are cached as encoded JSON (sent as is, past the serializer); the raw query string is the key:
      // cheap, and identical URLs are what repeat under load.
      const page = await pages.get(cacheKey(request.url), () => browsePublicProductsJson(deps, request.query));
      return sendJson(reply, page);
    },
  );

  const categories = new MicroCache<{ categories: Awaited<ReturnType<typeof listCategories>> }>(deps.config.catalogCacheMs);
  app.get(
    '/categories/list',
    {
      schema: {
        operationId: 'listCategories',
        summary: 'List the product categories with their counts',
        tags,
        response: { 200: categoryListSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=30');
      return categories.get('all', async () => ({ categories: await listCategories(deps) }));
    },
  );

  // A diagnostic of the spec's client: outside production only, and for admins.
  if (deps.config.env !== 'production') {
    app.get(
      '/debug/count',
      {
        onRequest: requireAuth('admin'),
        schema: {
          operationId: 'countProducts',
          summary: 'Count products by status (development only)',
          tags,
          response: { 200: productCountSchema },
        },
      },
      async () => countProducts(deps),
    );
  }

  // The service tells a blank id (422) from an unknown one (404), as the spec words them.
  app.get(
    '/:id',
    {
      schema: {
        operationId: 'getProduct',
        security: OPTIONAL_TOKEN,
        summary: 'Return a product’s details',
        tags,
        errorCodes: ['NOT_FOUND'],
        params: z.object({ id: z.string() }),
        response: { 200: productDetailSchema },
      },
    },
    async (request) => {
      const viewer = await resolveRequestUser(request);
      return getProductDetail(deps, request.params.id, viewer);
    },
  );
};

/** JSON bytes with a JSON content type are sent as they are: already encoded through the route's schema. */
function sendJson(reply: FastifyReply, json: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
