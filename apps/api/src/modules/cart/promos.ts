import { CATEGORIES, type PromoRule } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { centsToDollars } from '../../lib/money';
import {
  type AppliedPromo,
  consumePromoUse,
  countPromoUsesBy,
  findUsablePromo,
  hasPaidOrder,
  type PromoRow,
  sellerOwnsAnyOf,
} from './repository';

export { type AppliedPromo, consumePromoUse, findUsablePromo, type PromoRow };

export const INVALID_PROMO = 'Invalid promo code';

export interface PromoCartFacts {
  subtotalCents: number;
  productIds: string[];
  categories: string[];
  /** Each line's seller (same order as productIds); a seller's code must cover one of their lines. */
  sellerIds?: string[];
}

/** Whether a seller's code covers one of the cart's lines: one of its products, or any product of its seller. */
async function sellerCodeCoversCart(db: DbOrTx, promo: PromoRow & { productIds?: string[] }, cart: PromoCartFacts) {
  const sellerId = promo.sellerId as string;
  if (promo.productIds && promo.productIds.length > 0) return cart.productIds.some((id) => promo.productIds?.includes(id));
  // Facts without the lines' sellers (a caller that did not pass them): asked of the products themselves.
  return cart.sellerIds ? cart.sellerIds.includes(sellerId) : sellerOwnsAnyOf(db, sellerId, cart.productIds);
}

/**
 * The rules a code sets for one buyer and one cart: first order only, uses per buyer, minimum
 * subtotal, product or category scope. Returns the buyer-facing reason it does not apply, or null.
 * Checkout runs this under the buyer's row lock, so two checkouts can not both take the last use.
 */
export async function promoProblemFor(
  db: DbOrTx,
  promo: PromoRow & { productIds?: string[] },
  userId: string,
  cart: PromoCartFacts,
): Promise<string | null> {
  if (promo.productId && !cart.productIds.includes(promo.productId))
    return `${promo.code} does not apply to the items in your cart`;
  // A seller's code never discounts another seller's item: it needs one of its own in the cart.
  if (promo.sellerId && !(await sellerCodeCoversCart(db, promo, cart)))
    return `${promo.code} does not apply to the items in your cart`;
  if (promo.category && !cart.categories.includes(promo.category)) {
    const name = CATEGORIES.find((c) => c.slug === promo.category)?.name ?? promo.category;
    return `${promo.code} applies only to ${name} products`;
  }
  if (cart.subtotalCents < promo.minSubtotalCents) {
    return `${promo.code} needs a subtotal of at least $${centsToDollars(promo.minSubtotalCents).toFixed(2)}`;
  }
  if (promo.firstOrderOnly) {
    if (await hasPaidOrder(db, userId)) return `${promo.code} is for your first order only`;
  }
  if (promo.perCustomerLimit !== null) {
    if ((await countPromoUsesBy(db, promo.id, userId)) >= promo.perCustomerLimit) return `You have already used ${promo.code}`;
  }
  return null;
}

export async function requireUsablePromo(db: DbOrTx, code: string): Promise<AppliedPromo> {
  const promo = await findUsablePromo(db, code);
  if (!promo) throw new AppError('VALIDATION_FAILED', INVALID_PROMO, [{ field: 'promo_code', message: INVALID_PROMO }]);
  return promo;
}

export function promoRule(promo: PromoRow & { productIds?: string[] }): PromoRule {
  return {
    code: promo.code,
    kind: promo.kind,
    value: promo.value,
    productId: promo.productId,
    category: promo.category,
    sellerId: promo.sellerId,
    productIds: promo.productIds ?? null,
  };
}

export function describePromo(promo: PromoRow): string {
  if (promo.description) return promo.description;
  return promo.kind === 'percent' ? `${promo.value}% off` : `$${(promo.value / 100).toFixed(2)} off`;
}
