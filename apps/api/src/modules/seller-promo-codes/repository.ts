import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, promoCodeProducts, promoCodes } from '../../db/schema';
import type { PromoRow } from '../cart/promos';

/** A seller's code with how paid orders used it. */
export interface SellerPromoWithStats {
  promo: PromoRow;
  redemptions: number;
  discountCents: number;
}

const ownCode = (sellerId: string, id?: string) =>
  and(eq(promoCodes.sellerId, sellerId), id === undefined ? undefined : eq(promoCodes.id, id));

/** The paid orders' uses of the code of the outer row (qualified by hand: drizzle leaves a one-table select's columns bare). */
const paidUses = sql.raw(
  `from promo_redemptions r inner join orders o on o.id = r.order_id where r.promo_code_id = "promo_codes"."id" and o.payment_status = 'paid'`,
);

/** The seller's codes, newest first, each with its paid uses and what it took off them. */
export async function selectSellerPromoCodes(
  db: DbOrTx,
  sellerId: string,
  page: { limit: number; offset: number } | { id: string },
): Promise<SellerPromoWithStats[]> {
  const query = db
    .select({
      promo: promoCodes,
      redemptions: sql<number>`(select count(*)::int ${paidUses})`,
      discountCents: sql<number>`(select coalesce(sum(coalesce(r.discount_cents, o.discount_cents)), 0)::int ${paidUses})`,
    })
    .from(promoCodes)
    .where(ownCode(sellerId, 'id' in page ? page.id : undefined))
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id));
  return 'id' in page ? await query : await query.limit(page.limit).offset(page.offset);
}

export async function countSellerPromoCodes(db: DbOrTx, sellerId: string): Promise<number> {
  const [counted] = await db.select({ total: count() }).from(promoCodes).where(ownCode(sellerId));
  return counted?.total ?? 0;
}

/** The seller's own code, locked until the transaction ends; undefined for anyone else's. */
export async function lockSellerPromoCode(tx: DbOrTx, sellerId: string, id: string): Promise<PromoRow | undefined> {
  const [row] = await tx.select().from(promoCodes).where(ownCode(sellerId, id)).for('update');
  return row;
}

/** The products each code names, with their titles. */
export async function productsOfCodes(db: DbOrTx, promoIds: string[]): Promise<Map<string, { id: string; title: string }[]>> {
  const byCode = new Map<string, { id: string; title: string }[]>();
  if (promoIds.length === 0) return byCode;
  const rows = await db
    .select({ promoCodeId: promoCodeProducts.promoCodeId, id: products.id, title: products.title })
    .from(promoCodeProducts)
    .innerJoin(products, eq(products.id, promoCodeProducts.productId))
    .where(inArray(promoCodeProducts.promoCodeId, promoIds))
    .orderBy(products.title);
  for (const row of rows) byCode.set(row.promoCodeId, [...(byCode.get(row.promoCodeId) ?? []), { id: row.id, title: row.title }]);
  return byCode;
}

/** Of these ids, the seller's own products that are not deleted, with what a buyer pays for one at most. */
export async function ownLiveProducts(db: DbOrTx, sellerId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: products.id, priceCents: products.priceCents, suggestedCents: products.pwywSuggestedCents })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.sellerId, sellerId), isNull(products.deletedAt)));
}

/** Replaces the products a code names. */
export async function setPromoProducts(tx: DbOrTx, promoId: string, productIds: string[]): Promise<void> {
  await tx.delete(promoCodeProducts).where(eq(promoCodeProducts.promoCodeId, promoId));
  if (productIds.length > 0)
    await tx.insert(promoCodeProducts).values(productIds.map((productId) => ({ promoCodeId: promoId, productId })));
}
