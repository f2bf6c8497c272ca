import { CATEGORIES, type PromoRule } from '@app/shared';
import { and, count, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, promoCodes, promoRedemptions } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { centsToDollars } from '../../lib/money';

export type PromoRow = typeof promoCodes.$inferSelect;

export const INVALID_PROMO = 'Invalid promo code';

/** A code that can be used right now by anyone: active, inside its validity window, uses left. */
export async function findUsablePromo(db: DbOrTx, code: string): Promise<PromoRow | undefined> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.code, code.trim().toUpperCase()),
        eq(promoCodes.active, true),
        or(isNull(promoCodes.startsAt), lte(promoCodes.startsAt, new Date())),
        or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, new Date())),
        or(isNull(promoCodes.usageLimit), sql`${promoCodes.usedCount} < ${promoCodes.usageLimit}`),
      ),
    );
  return row;
}

export interface PromoCartFacts {
  subtotalCents: number;
  productIds: string[];
  categories: string[];
}

/**
 * The rules a code sets for one buyer and one cart: first order only, uses per buyer, minimum
 * subtotal, product or category scope. Returns the buyer-facing reason it does not apply, or null.
 * Checkout runs this under the buyer's row lock, so two checkouts can not both take the last use.
 */
export async function promoProblemFor(db: DbOrTx, promo: PromoRow, userId: string, cart: PromoCartFacts): Promise<string | null> {
  if (promo.productId && !cart.productIds.includes(promo.productId))
    return `${promo.code} does not apply to the items in your cart`;
  if (promo.category && !cart.categories.includes(promo.category)) {
    const name = CATEGORIES.find((c) => c.slug === promo.category)?.name ?? promo.category;
    return `${promo.code} applies only to ${name} products`;
  }
  if (cart.subtotalCents < promo.minSubtotalCents) {
    return `${promo.code} needs a subtotal of at least $${centsToDollars(promo.minSubtotalCents).toFixed(2)}`;
  }
  if (promo.firstOrderOnly) {
    const [earlier] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), isNotNull(orders.paidAt)))
      .limit(1);
    if (earlier) return `${promo.code} is for your first order only`;
  }
  if (promo.perCustomerLimit !== null) {
    const [used] = await db
      .select({ uses: count() })
      .from(promoRedemptions)
      .where(and(eq(promoRedemptions.promoCodeId, promo.id), eq(promoRedemptions.userId, userId)));
    if ((used?.uses ?? 0) >= promo.perCustomerLimit) return `You have already used ${promo.code}`;
  }
  return null;
}

export async function requireUsablePromo(db: DbOrTx, code: string): Promise<PromoRow> {
  const promo = await findUsablePromo(db, code);
  if (!promo) throw new AppError('VALIDATION_FAILED', INVALID_PROMO, [{ field: 'promo_code', message: INVALID_PROMO }]);
  return promo;
}

export function promoRule(promo: PromoRow): PromoRule {
  return { code: promo.code, kind: promo.kind, value: promo.value, productId: promo.productId, category: promo.category };
}

/**
 * Takes one use of a code inside the order's transaction. The conditional update is atomic,
 * so when many buyers race for the last use exactly one succeeds.
 */
export async function consumePromoUse(tx: DbOrTx, promoId: string): Promise<boolean> {
  const [row] = await tx
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
    .where(
      and(
        eq(promoCodes.id, promoId),
        eq(promoCodes.active, true),
        or(isNull(promoCodes.startsAt), lte(promoCodes.startsAt, new Date())),
        or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, new Date())),
        or(isNull(promoCodes.usageLimit), sql`${promoCodes.usedCount} < ${promoCodes.usageLimit}`),
      ),
    )
    .returning({ id: promoCodes.id });
  return Boolean(row);
}

export function describePromo(promo: PromoRow): string {
  if (promo.description) return promo.description;
  return promo.kind === 'percent' ? `${promo.value}% off` : `$${(promo.value / 100).toFixed(2)} off`;
}
