import { and, asc, count, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cartItems, cartPromos, orders, products, promoCodes, promoRedemptions, users } from '../../db/schema';
import { isPublicProduct, type ProductRow, sellerIsActive } from '../catalog/repository';
import { ownsProduct } from '../orders/repository';

export type PromoRow = typeof promoCodes.$inferSelect;

// Cart lines.

/** The code saved on the user's cart, as a column of another query. */
const savedPromoCode = (userId: string) =>
  sql<
    string | null
  >`(select ${promoCodes.code} from ${cartPromos} inner join ${promoCodes} on ${promoCodes.id} = ${cartPromos.promoCodeId} where ${cartPromos.userId} = ${userId})`;

/**
 * The user's approved, live cart products in the order added, each flagged whether its seller is
 * active, and the cart's saved promo code on every line (one statement; an empty cart has no line
 * to carry it, see findCartPromoCode).
 */
export function listCartLines(db: DbOrTx, userId: string) {
  return db
    .select({
      product: products,
      quantity: cartItems.quantity,
      amountCents: cartItems.amountCents,
      sellerActive: sql<boolean>`${sellerIsActive}`,
      promoCode: savedPromoCode(userId),
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
      promoCode: savedPromoCode(userId),
      addedAt: cartItems.createdAt,
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

// The cart's promo code.

export async function findCartPromoCode(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [saved] = await db
    .select({ code: promoCodes.code })
    .from(cartPromos)
    .innerJoin(promoCodes, eq(promoCodes.id, cartPromos.promoCodeId))
    .where(eq(cartPromos.userId, userId));
  return saved?.code;
}

/** Sets the cart's promo code, replacing any earlier one. */
export async function saveCartPromo(db: DbOrTx, userId: string, promoCodeId: string): Promise<void> {
  await db
    .insert(cartPromos)
    .values({ userId, promoCodeId })
    .onConflictDoUpdate({ target: cartPromos.userId, set: { promoCodeId } });
}

export async function deleteCartPromo(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(cartPromos).where(eq(cartPromos.userId, userId));
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

/** A code that can be used right now by anyone: active, inside its validity window, uses left. */
export async function findUsablePromo(db: DbOrTx, code: string): Promise<PromoRow | undefined> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.code, code.trim().toUpperCase()), promoUsableNow()));
  return row;
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
