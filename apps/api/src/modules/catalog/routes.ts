import {
  categoryListSchema,
  type ProductFiles,
  productCountSchema,
  productDetailSchema,
  productFilesSchema,
  productListQuerySchema,
  productListSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BoundedMap } from '../../lib/bounded-map';
import { EncodedJson } from '../../lib/compression';
import { AppError } from '../../lib/errors';
import { MicroCache } from '../../lib/micro-cache';
import { type ApiTag, OPTIONAL_TOKEN } from '../../lib/openapi';
import { requireAuth, resolveRequestUser } from '../auth/guard';
import {
  browseProducts,
  browsePublicProductsJson,
  countProducts,
  getProductDetail,
  listCategories,
  onCatalogUpdate,
  publicProductDetailJson,
  publicProductFiles,
} from './service';

const tags: ApiTag[] = ['Products'];

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Public catalogue pages are identical for everyone, signed in or not: share them for a moment,
  // with their compressed forms, within a memory budget. A page is kept from its second request:
  // the long tail of filters and searches, asked for once, would only churn the cache and the heap.
  const pages = new MicroCache<EncodedJson>(deps.config.catalogCacheMs, {
    maxEntries: 5_000,
    maxBytes: PAGE_CACHE_BYTES,
    sizeOf: (page) => page.budgetBytes,
    admitOnRepeat: true,
  });
  onCatalogUpdate(deps, () => pages.clear());
  const dictionary = deps.searchDictionary;
  // Built before the first search needs it (a few hundred ms on 100k products), never blocking start-up.
  app.addHook('onReady', async () => {
    dictionary.current().catch(() => {});
  });

  // Only a `status` filter (admins, sellers on their own listing) makes a page depend on who asks.
  const isPublicPage = (query: unknown) => (query as { status?: unknown }).status === undefined;

  // The page key of each query string already validated, so a hot page is found without running the
  // query schema again: that parse was most of what a cached page allocated, and V8 pretenured it
  // into the old generation (bench/README.md, "what grows under the load"). A query string not seen
  // yet goes through validation and the handler, which remembers its key once its page is cached.
  const pageKeys = new BoundedMap<string, string>(PAGE_KEY_MEMO_ENTRIES);
  const queryStringOf = (url: string) => url.slice(url.indexOf('?') + 1 || url.length);
  const rememberPageKey = (url: string, key: string) => {
    const queryString = queryStringOf(url);
    if (queryString.length <= PAGE_KEY_MEMO_MAX_QUERY) pageKeys.set(queryString, key);
  };

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
        const key = pageKeys.get(queryStringOf(request.url));
        if (key === undefined) return;
        const page = pages.peek(key);
        if (page === undefined) return;
        return page.send(request, reply.header('cache-control', 'public, max-age=5'));
      },
    },
    async (request, reply) => {
      if (!isPublicPage(request.query)) {
        const viewer = await resolveRequestUser(request);
        reply.header('cache-control', 'private, no-store');
        return browseProducts(deps, request.query, viewer);
      }
      reply.header('cache-control', 'public, max-age=5');
      // Pages are cached as encoded JSON (sent as is, past the serializer), keyed by the validated query:
      // unknown parameters and other spellings of the same query (`featured=1`, `page=01`) share one entry.
      const key = pageKey(request.query);
      const page = await pages.get(key, async () => new EncodedJson(await browsePublicProductsJson(deps, request.query)));
      if (pages.peek(key) !== undefined) rememberPageKey(request.url, key);
      return page.send(request, reply);
    },
  );

  const categories = new MicroCache<{ categories: Awaited<ReturnType<typeof listCategories>> }>(deps.config.catalogCacheMs);
  onCatalogUpdate(deps, () => categories.clear());
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
    async (request, reply) => {
      // A bad token is refused even on a public page; a good one changes nothing there.
      const viewer = await resolveRequestUser(request);
      const json = await publicProductDetailJson(deps, request.params.id);
      if (json) return new EncodedJson(json).send(request, reply);
      return getProductDetail(deps, request.params.id, viewer);
    },
  );

  // What a buyer gets, shown on the product page before purchase. Not part of the product's JSON:
  // catalogue rows stay small and the page itself keeps coming from the search index. The same for
  // everyone, so shared for a moment (forgotten as soon as the catalogue changes: changing a
  // product's files sends it back to review).
  const files = new MicroCache<ProductFiles | null>(deps.config.catalogCacheMs, { maxEntries: 5_000 });
  onCatalogUpdate(deps, () => files.clear());
  app.get(
    '/:id/files',
    {
      schema: {
        operationId: 'listProductFiles',
        summary: 'List the files a buyer of a published product gets (name, content type, size)',
        tags,
        errorCodes: ['NOT_FOUND'],
        params: z.object({ id: z.string() }),
        response: { 200: productFilesSchema },
      },
    },
    async (request, reply) => {
      const id = request.params.id.trim();
      const found = await files.get(id, () => publicProductFiles(deps, id));
      if (!found) throw new AppError('NOT_FOUND', 'Product not found');
      reply.header('cache-control', 'public, max-age=5');
      return found;
    },
  );
};

/** Query strings whose page key is remembered, and the longest one remembered (at most ~10 MB in all). */
const PAGE_KEY_MEMO_ENTRIES = 10_000;
const PAGE_KEY_MEMO_MAX_QUERY = 512;

/** Memory for cached catalogue pages per instance (a page is ~36 kB, with its compressed forms ~45 kB). */
const PAGE_CACHE_BYTES = 64 * 1024 * 1024;

/** The cache key of a validated catalogue query: its defined values in a fixed order. */
function pageKey(query: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(query)
      .filter((name) => query[name] !== undefined)
      .sort()
      .map((name) => [name, query[name]]),
  );
}
