import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cartItems, cartPromos, orders, products, promoCodes, promoRedemptions, siteSettings, users } from '../../db/schema';
import { isPublicProduct, type ProductRow, sellerIsActive } from '../catalog/repository';
import { ownsProduct } from '../orders/repository';

export type PromoRow = typeof promoCodes.$inferSelect;
/** A code with the products it names (a seller's code; none: all its seller's products; a platform code: none). */
export type AppliedPromo = PromoRow & { productIds: string[] };

// Cart lines.

/**
 * The codes saved on the user's cart (findCartPromoCodes()), as a column of the cart's lines: read
 * once by the same statement (PostgreSQL runs an uncorrelated subquery once), not by a second one.
 */
function savedPromoCodes(userId: string) {
  const code = sql`json_build_object('code', ${promoCodes.code}, 'sellerId', ${cartPromos.sellerId})`;
  return sql<SavedPromoCode[]>`(
    select coalesce(json_agg(${code} order by ${cartPromos.updatedAt} desc, ${promoCodes.code} asc), '[]'::json)
    from ${cartPromos} inner join ${promoCodes} on ${promoCodes.id} = ${cartPromos.promoCodeId}
    where ${cartPromos.userId} = ${userId})`;
}

/** The user's approved, live cart products in the order added, each flagged whether its seller is active, with the cart's saved codes. */
export function listCartLines(db: DbOrTx, userId: string) {
  return db
    .select({
      product: products,
      quantity: cartItems.quantity,
      amountCents: cartItems.amountCents,
      sellerActive: sql<boolean>`${sellerIsActive}`,
      savedCodes: savedPromoCodes(userId),
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.userId, userId), eq(products.status, 'approved'), isNull(products.deletedAt)))
    .orderBy(asc(cartItems.createdAt));
}

/**
 * listCartLines for checkout: each line's seller row is share-locked until the transaction ends
 * (locked in seller id order, so two checkouts never wait on each other crosswise), and whether the
 * seller is active is read from that locked row. A suspension waits for an order being written, and
 * an order never goes to a seller suspended before the lock was taken.
 */
export async function lockCartLinesAndSellers(db: DbOrTx, userId: string) {
  const rows = await db
    .select({
      product: products,
      quantity: cartItems.quantity,
      amountCents: cartItems.amountCents,
      sellerActive: users.isActive,
      addedAt: cartItems.createdAt,
      savedCodes: savedPromoCodes(userId),
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(eq(cartItems.userId, userId), eq(products.status, 'approved'), isNull(products.deletedAt)))
    .orderBy(asc(users.id), asc(products.id))
    .for('share', { of: users });
  return rows.sort((a, b) => a.addedAt.getTime() - b.addedAt.getTime());
}

/** A product the public may buy (approved, live, seller active). */
export async function findPublicProduct(db: DbOrTx, productId: string): Promise<ProductRow | undefined> {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), isPublicProduct));
  return product as ProductRow | undefined;
}

/** findPublicProduct, and in the same statement whether this buyer already owns it. */
export async function findPublicProductOwnedBy(
  db: DbOrTx,
  productId: string,
  userId: string,
): Promise<{ product: ProductRow; owned: boolean } | undefined> {
  const [row] = await db
    .select({ product: products, owned: ownsProduct(userId, products.id) })
    .from(products)
    .where(and(eq(products.id, productId), isPublicProduct));
  return row as { product: ProductRow; owned: boolean } | undefined;
}

/**
 * Adds to a line's quantity (capped at 99), creating the line if missing. One statement: the
 * conflicting row is locked and re-read by the update, so concurrent adds all count. A chosen
 * pay-what-you-want amount (cents) replaces the line's earlier one.
 */
export async function addCartLineQuantity(
  tx: DbOrTx,
  userId: string,
  productId: string,
  quantity: number,
  amountCents?: number,
): Promise<void> {
  await tx
    .insert(cartItems)
    .values({ userId, productId, quantity: Math.min(99, quantity), amountCents: amountCents ?? null })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId],
      set: {
        quantity: sql`least(99, ${cartItems.quantity} + ${Math.min(99, quantity)})`,
        ...(amountCents !== undefined && { amountCents }),
      },
    });
}

/** Sets a line's quantity and/or chosen amount (cents); false when the product is not in the user's cart. */
export async function updateCartLine(
  tx: DbOrTx,
  userId: string,
  productId: string,
  change: { quantity?: number; amountCents?: number },
): Promise<boolean> {
  const [updated] = await tx
    .update(cartItems)
    .set({
      ...(change.quantity !== undefined && { quantity: change.quantity }),
      ...(change.amountCents !== undefined && { amountCents: change.amountCents }),
    })
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
    .returning({ productId: cartItems.productId });
  return updated !== undefined;
}

export async function deleteCartLine(db: DbOrTx, userId: string, productId: string): Promise<void> {
  await db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
}

export async function deleteCartLines(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
}

// The cart's promo codes.

export interface SavedPromoCode {
  code: string;
  sellerId: string | null;
}

/** The codes saved on the user's cart, the one applied last first. */
export async function findCartPromoCodes(db: DbOrTx, userId: string): Promise<SavedPromoCode[]> {
  return db
    .select({ code: promoCodes.code, sellerId: cartPromos.sellerId })
    .from(cartPromos)
    .innerJoin(promoCodes, eq(promoCodes.id, cartPromos.promoCodeId))
    .where(eq(cartPromos.userId, userId))
    .orderBy(desc(cartPromos.updatedAt), asc(promoCodes.code));
}

/**
 * Puts a code on the cart. It replaces the code of the same seller (the platform's counts as one),
 * or every code when `alone` (codes do not stack); answers with the codes it replaced.
 */
export async function saveCartPromo(
  tx: DbOrTx,
  userId: string,
  promo: { id: string; sellerId: string | null },
  alone: boolean,
): Promise<string[]> {
  const sameScope = promo.sellerId === null ? isNull(cartPromos.sellerId) : eq(cartPromos.sellerId, promo.sellerId);
  const replaced = await tx
    .delete(cartPromos)
    .where(and(eq(cartPromos.userId, userId), alone ? undefined : sameScope))
    .returning({ promoCodeId: cartPromos.promoCodeId });
  await tx
    .insert(cartPromos)
    .values({ userId, promoCodeId: promo.id, sellerId: promo.sellerId })
    .onConflictDoUpdate({
      target: [cartPromos.userId, cartPromos.promoCodeId],
      set: { sellerId: promo.sellerId, updatedAt: new Date() },
    });
  const ids = replaced.map((row) => row.promoCodeId).filter((id) => id !== promo.id);
  if (ids.length === 0) return [];
  const codes = await tx.select({ code: promoCodes.code }).from(promoCodes).where(inArray(promoCodes.id, ids));
  return codes.map((row) => row.code);
}

/** Takes one code off the cart, or all of them. */
export async function deleteCartPromo(db: DbOrTx, userId: string, code?: string): Promise<void> {
  const one = code
    ? sql`${cartPromos.promoCodeId} in (select ${promoCodes.id} from ${promoCodes} where ${promoCodes.code} = ${code.trim().toUpperCase()})`
    : undefined;
  await db.delete(cartPromos).where(and(eq(cartPromos.userId, userId), one));
}

/** Whether the admin lets a platform code and sellers' codes stack on one order (off until set). */
export async function promoStackingAllowed(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ allowed: siteSettings.allowPromoStacking }).from(siteSettings).where(eq(siteSettings.id, 1));
  return row?.allowed ?? false;
}

// Promo codes.

/** The code is active, inside its validity window and has uses left. */
const promoUsableNow = () =>
  and(
    eq(promoCodes.active, true),
    or(isNull(promoCodes.startsAt), lte(promoCodes.startsAt, new Date())),
    or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, new Date())),
    or(isNull(promoCodes.usageLimit), sql`${promoCodes.usedCount} < ${promoCodes.usageLimit}`),
  );

/** The products a code names, as a column (text ids; none: an empty list). */
const namedProducts = sql<string[]>`coalesce((${sql.raw(
  `select array_agg(p.product_id::text order by p.product_id) from promo_code_products p where p.promo_code_id = "promo_codes"."id"`,
)}), '{}'::text[])`;

/** A code that can be used right now by anyone: active, inside its validity window, uses left; with the products it names. */
export async function findUsablePromo(db: DbOrTx, code: string): Promise<AppliedPromo | undefined> {
  const [row] = await db
    .select({ promo: promoCodes, productIds: namedProducts })
    .from(promoCodes)
    .where(and(eq(promoCodes.code, code.trim().toUpperCase()), promoUsableNow()));
  return row ? { ...row.promo, productIds: row.productIds } : undefined;
}

/**
 * Takes one use of a code inside the order's transaction. The conditional update is atomic,
 * so when many buyers race for the last use exactly one succeeds.
 */
export async function consumePromoUse(tx: DbOrTx, promoId: string): Promise<boolean> {
  const [row] = await tx
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
    .where(and(eq(promoCodes.id, promoId), promoUsableNow()))
    .returning({ id: promoCodes.id });
  return Boolean(row);
}

/** Whether any of these products is the seller's (a seller's code naming no products covers all of theirs). */
export async function sellerOwnsAnyOf(db: DbOrTx, sellerId: string, productIds: string[]): Promise<boolean> {
  if (productIds.length === 0) return false;
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.sellerId, sellerId), inArray(products.id, productIds)))
    .limit(1);
  return row !== undefined;
}

export async function hasPaidOrder(db: DbOrTx, userId: string): Promise<boolean> {
  const [earlier] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.paidAt)))
    .limit(1);
  return earlier !== undefined;
}

export async function countPromoUsesBy(db: DbOrTx, promoId: string, userId: string): Promise<number> {
  const [used] = await db
    .select({ uses: count() })
    .from(promoRedemptions)
    .where(and(eq(promoRedemptions.promoCodeId, promoId), eq(promoRedemptions.userId, userId)));
  return used?.uses ?? 0;
}
