import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { ownedProductIds } from './repository';

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
