import type { PromoRule } from '@app/shared';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { promoCodes } from '../../db/schema';
import { AppError } from '../../lib/errors';

export type PromoRow = typeof promoCodes.$inferSelect;

export const INVALID_PROMO = 'Invalid promo code';

/** A code that can be used right now: active, not expired, uses left. */
export async function findUsablePromo(db: DbOrTx, code: string): Promise<PromoRow | undefined> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.code, code.trim().toUpperCase()),
        eq(promoCodes.active, true),
        or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, new Date())),
        or(isNull(promoCodes.usageLimit), sql`${promoCodes.usedCount} < ${promoCodes.usageLimit}`),
      ),
    );
  return row;
}

export async function requireUsablePromo(db: DbOrTx, code: string): Promise<PromoRow> {
  const promo = await findUsablePromo(db, code);
  if (!promo) throw new AppError('VALIDATION_FAILED', INVALID_PROMO, [{ field: 'promo_code', message: INVALID_PROMO }]);
  return promo;
}

export function promoRule(promo: PromoRow): PromoRule {
  return { code: promo.code, kind: promo.kind, value: promo.value, productId: promo.productId };
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
