import { and, count, desc, eq, ilike, isNull, or, type SQL, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, products, promoCodes, promoRedemptions } from '../../db/schema';
import type { PromoRow } from '../cart/promos';

export type NewPromoCode = typeof promoCodes.$inferInsert;

/** A code's row with the usage figures the admin list shows. */
export interface PromoCodeWithStats {
  promo: PromoRow;
  productTitle: string | null;
  redemptions: number | null;
  discountCents: string | number | null;
}

/** Paid orders that used each code: how many, and how many cents they took off. */
function paidRedemptions(db: DbOrTx) {
  return db
    .select({
      promoCodeId: promoRedemptions.promoCodeId,
      redemptions: count().as('redemptions'),
      // What this code took off (an order with several codes records each one's part; older rows: the order's discount).
      discountCents: sum(sql`coalesce(${promoRedemptions.discountCents}, ${orders.discountCents})`).as('discount_cents'),
    })
    .from(promoRedemptions)
    .innerJoin(orders, eq(orders.id, promoRedemptions.orderId))
    .where(eq(orders.paymentStatus, 'paid'))
    .groupBy(promoRedemptions.promoCodeId)
    .as('paid_redemptions');
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The admin list's filter: active flag, and text in the code or description. */
export function promoCodeFilter(filter: { active?: boolean; search?: string }): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.active !== undefined) conditions.push(eq(promoCodes.active, filter.active));
  if (filter.search) {
    const like = likePattern(filter.search);
    conditions.push(or(ilike(promoCodes.code, like), ilike(promoCodes.description, like)) as SQL);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export const promoCodeIdIs = (id: string): SQL => eq(promoCodes.id, id);

/** Codes with their usage figures, newest first, one query; `where` picks which. */
export async function selectPromoCodes(
  db: DbOrTx,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
): Promise<PromoCodeWithStats[]> {
  const paid = paidRedemptions(db);
  const query = db
    .select({
      promo: promoCodes,
      productTitle: products.title,
      redemptions: paid.redemptions,
      discountCents: paid.discountCents,
    })
    .from(promoCodes)
    .leftJoin(products, eq(products.id, promoCodes.productId))
    .leftJoin(paid, eq(paid.promoCodeId, promoCodes.id))
    .where(where)
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id));
  return page ? await query.limit(page.limit).offset(page.offset) : await query;
}

export async function countPromoCodes(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [counted] = await db.select({ total: count() }).from(promoCodes).where(where);
  return counted?.total ?? 0;
}

/** The code's row, locked until the transaction ends. */
export async function lockPromoCodeRow(tx: DbOrTx, id: string): Promise<PromoRow | undefined> {
  const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
  return row;
}

export async function liveProductExists(db: DbOrTx, productId: string): Promise<boolean> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)));
  return product !== undefined;
}

/** Inserts a code; undefined when the code exists already. */
export async function insertPromoCode(db: DbOrTx, values: NewPromoCode): Promise<{ id: string } | undefined> {
  const [row] = await db
    .insert(promoCodes)
    .values(values)
    .onConflictDoNothing({ target: promoCodes.code })
    .returning({ id: promoCodes.id });
  return row;
}

export async function updatePromoCodeRow(db: DbOrTx, id: string, columns: Partial<PromoRow>): Promise<void> {
  await db.update(promoCodes).set(columns).where(eq(promoCodes.id, id));
}

/** Gives back one use of a code (an order that held it was closed unpaid); never below zero. */
export async function releasePromoUse(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(promoCodes)
    .set({ usedCount: sql`greatest(${promoCodes.usedCount} - 1, 0)` })
    .where(eq(promoCodes.id, id));
}
