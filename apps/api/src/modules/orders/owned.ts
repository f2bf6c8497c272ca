import { AppError } from '../../lib/errors';

export const ALREADY_OWNED = 'You already own this product';

/**
 * Adding a product the buyer already owns needs their explicit "buy again": a second copy is
 * never put in the cart by a stray click (or by a client that does not know about ownership).
 * This is the answer when it is missing (the cart reads ownership with the product, ownsProduct).
 */
export function alreadyOwned(): AppError {
  return new AppError('ALREADY_OWNED', ALREADY_OWNED, [{ field: 'product_id', message: ALREADY_OWNED }]);
}
