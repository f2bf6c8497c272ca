import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * What a buyer owns: the products of their paid orders. A refunded order is no longer paid
 * (its payment status becomes 'refunded'), so its products stop counting, as their downloads do.
 */
export async function ownedProductIds(db: DbOrTx, userId: string, among?: string[]): Promise<string[]> {
  if (among && among.length === 0) return [];
  const rows = await db
    .selectDistinct({ productId: orderItems.productId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(eq(orders.userId, userId), eq(orders.paymentStatus, 'paid'), among ? inArray(orderItems.productId, among) : undefined),
    );
  return rows.map((row) => row.productId);
}

export const ALREADY_OWNED = 'You already own this product';

/**
 * Adding a product the buyer already owns needs their explicit "buy again": a second copy is
 * never put in the cart by a stray click (or by a client that does not know about ownership).
 */
export async function assertNotOwnedUnlessBuyingAgain(
  db: DbOrTx,
  userId: string,
  productId: string,
  buyAgain: boolean,
): Promise<void> {
  if (buyAgain) return;
  const owned = await ownedProductIds(db, userId, [productId]);
  if (owned.length > 0) throw new AppError('ALREADY_OWNED', ALREADY_OWNED, [{ field: 'product_id', message: ALREADY_OWNED }]);
}
