import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, wishlistItems } from '../../db/schema';

/** The user's wished products that are still approved and not deleted, newest wish first. */
export function listWishedProducts(db: DbOrTx, userId: string) {
  return db
    .select({ product: products, addedAt: wishlistItems.createdAt })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.userId, userId), isNull(products.deletedAt), eq(products.status, 'approved')))
    .orderBy(desc(wishlistItems.createdAt));
}

/** Adding a product already wished is harmless. */
export async function insertWish(db: DbOrTx, userId: string, productId: string): Promise<void> {
  await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
}

export async function deleteWish(db: DbOrTx, userId: string, productId: string): Promise<void> {
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}
