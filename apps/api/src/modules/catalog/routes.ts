import { productListQuerySchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MicroCache } from '../../lib/micro-cache';
import { requireAuth, resolveRequestUser } from '../auth/guard';
import { browseProducts, countProducts, getProductDetail, listCategories } from './service';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Public catalogue pages are identical for everyone, signed in or not: share them for a moment.
  const pages = new MicroCache<string>(deps.config.catalogCacheMs);
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
      schema: { querystring: productListQuerySchema },
      // A hot page is answered before validation and the handler even run.
      onRequest: async (request, reply) => {
        if (!isPublicPage(request.query)) return;
        const page = pages.peek(cacheKey(request.url));
        if (page === undefined) return;
        return reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=5').send(page);
      },
    },
    async (request, reply) => {
      reply.type('application/json; charset=utf-8');
      if (!isPublicPage(request.query)) {
        const viewer = await resolveRequestUser(request);
        reply.header('cache-control', 'private, no-store');
        return JSON.stringify(await browseProducts(deps, request.query, viewer));
      }
      reply.header('cache-control', 'public, max-age=5');
      // The raw query string is the key: cheap, and identical URLs are what repeat under load.
      return pages.get(cacheKey(request.url), async () => JSON.stringify(await browseProducts(deps, request.query, null)));
    },
  );

  const categories = new MicroCache<{ categories: Awaited<ReturnType<typeof listCategories>> }>(deps.config.catalogCacheMs);
  app.get('/categories/list', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=30');
    return categories.get('all', async () => ({ categories: await listCategories(deps) }));
  });

  app.get('/debug/count', { preHandler: requireAuth('admin') }, async () => countProducts(deps));

  // The service tells a blank id (422) from an unknown one (404), as the spec words them.
  app.get('/:id', { schema: { params: z.object({ id: z.string() }) } }, async (request) => {
    const viewer = await resolveRequestUser(request);
    return getProductDetail(deps, request.params.id, viewer);
  });
};
