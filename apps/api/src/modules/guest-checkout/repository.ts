import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, products, users } from '../../db/schema';
import type { ProductRow } from '../catalog/repository';
import { findUserByEmail, insertUser, type UserRow } from '../users/repository';

/**
 * The approved, live products of a guest order with their sellers' rows share-locked (in seller
 * id order, as the cart's checkout does), whether each seller is active read from the locked row.
 */
export async function lockProductsAndSellers(tx: DbOrTx, productIds: string[]) {
  if (productIds.length === 0) return [];
  const rows = await tx
    .select({ product: products, sellerActive: users.isActive })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(inArray(products.id, productIds), eq(products.status, 'approved'), isNull(products.deletedAt)))
    .orderBy(asc(users.id), asc(products.id))
    .for('share', { of: users });
  return rows as { product: ProductRow; sellerActive: boolean }[];
}

/**
 * The account an e-mail address buys under: the one that has the address, claimed or not, else a
 * new unclaimed one (no password, so nobody can sign in to it until the mailbox is proved).
 */
export async function findOrCreateGuestBuyer(db: DbOrTx, email: string, firstName: string): Promise<UserRow> {
  const address = email.toLowerCase();
  const existing = await findUserByEmail(db, address);
  if (existing) return existing;
  const created = await insertUser(db, {
    email: address,
    firstName,
    lastName: '',
    passwordHash: null,
    role: 'buyer',
    authProvider: 'guest',
    newsletterSubscribed: false,
    unclaimedSince: new Date(),
  });
  // A concurrent first purchase with the same address made it a moment ago.
  return created ?? ((await findUserByEmail(db, address)) as UserRow);
}

/** A guest-placed order, or undefined. */
export async function findGuestOrder(db: DbOrTx, orderId: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.guestCheckout, true)));
  return order;
}
