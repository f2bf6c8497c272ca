import { wishlistAddSchema, wishlistChangeSchema, wishlistSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiTag } from '../../lib/openapi';
import { currentUser, guardEveryRoute, requireAuth } from '../auth/guard';
import { presentProduct } from '../catalog/present';
import type { ProductRow } from '../catalog/repository';
import { getVisibleProduct } from '../catalog/service';
import { deleteWish, insertWish, listWishedProducts } from './repository';

const tags: ApiTag[] = ['Wishlist'];

/** The signed-in user's wishlist. Adding twice is harmless; removing what is absent is too. */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  guardEveryRoute(app, requireAuth());

  const listFor = async (userId: string) => {
    const rows = await listWishedProducts(deps.db, userId);
    const items = rows.map(({ product, addedAt }) => ({
      ...presentProduct(product as ProductRow),
      added_at: addedAt.toISOString(),
    }));
    return { items, products: items, total: items.length };
  };

  app.get(
    '/',
    {
      schema: {
        operationId: 'getWishlist',
        summary: 'List the products on the wishlist',
        tags,
        response: { 200: wishlistSchema },
      },
    },
    async (request) => listFor(currentUser(request).id),
  );

  app.post(
    '/add',
    {
      schema: {
        operationId: 'addToWishlist',
        summary: 'Add a product to the wishlist',
        tags,
        errorCodes: ['NOT_FOUND'],
        body: wishlistAddSchema,
        response: { 201: wishlistChangeSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const product = await getVisibleProduct(deps, request.body.product_id, user);
      await insertWish(deps.db, user.id, product.id);
      reply.code(201);
      return { message: 'Added to wishlist', ...(await listFor(user.id)) };
    },
  );

  const removeSchema = {
    params: z.object({ id: z.uuid({ error: 'Product not found' }) }),
    response: { 200: wishlistChangeSchema },
  };
  app.delete(
    '/remove/:id',
    { schema: { ...removeSchema, operationId: 'removeFromWishlist', summary: 'Remove a product from the wishlist', tags } },
    async (request) => {
      const user = currentUser(request);
      await deleteWish(deps.db, user.id, request.params.id);
      return { message: 'Removed from wishlist', ...(await listFor(user.id)) };
    },
  );
};
