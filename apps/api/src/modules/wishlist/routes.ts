import { wishlistAddSchema, wishlistChangeSchema, wishlistSchema } from '@app/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { products, wishlistItems } from '../../db/schema';
import { currentUser, guardEveryRoute, requireAuth } from '../auth/guard';
import { presentProduct } from '../catalog/present';
import type { ProductRow } from '../catalog/repository';
import { getVisibleProduct } from '../catalog/service';

/** The signed-in user's wishlist. Adding twice is harmless; removing what is absent is too. */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  guardEveryRoute(app, requireAuth());

  const listFor = async (userId: string) => {
    const rows = await deps.db
      .select({ product: products, addedAt: wishlistItems.createdAt })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .where(and(eq(wishlistItems.userId, userId), isNull(products.deletedAt), eq(products.status, 'approved')))
      .orderBy(desc(wishlistItems.createdAt));
    const items = rows.map(({ product, addedAt }) => ({
      ...presentProduct(product as ProductRow),
      added_at: addedAt.toISOString(),
    }));
    return { items, products: items, total: items.length };
  };

  app.get('/', { schema: { response: { 200: wishlistSchema } } }, async (request) => listFor(currentUser(request).id));

  app.post('/add', { schema: { body: wishlistAddSchema, response: { 201: wishlistChangeSchema } } }, async (request, reply) => {
    const user = currentUser(request);
    const product = await getVisibleProduct(deps, request.body.product_id, user);
    await deps.db.insert(wishlistItems).values({ userId: user.id, productId: product.id }).onConflictDoNothing();
    reply.code(201);
    return { message: 'Added to wishlist', ...(await listFor(user.id)) };
  });

  const removeSchema = {
    params: z.object({ id: z.uuid({ error: 'Product not found' }) }),
    response: { 200: wishlistChangeSchema },
  };
  app.delete('/remove/:id', { schema: removeSchema }, async (request) => {
    const user = currentUser(request);
    await deps.db
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.userId, user.id), eq(wishlistItems.productId, request.params.id)));
    return { message: 'Removed from wishlist', ...(await listFor(user.id)) };
  });
};
