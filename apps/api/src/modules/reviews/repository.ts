import { and, count, desc, eq, gt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, products, reviews, users } from '../../db/schema';

export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewWithAuthor = ReviewRow & { userName: string };

export async function listReviews(db: DbOrTx, productId: string, limit: number, offset: number) {
  const [rows, [counted]] = await Promise.all([
    db
      .select({ review: reviews, firstName: users.firstName, lastName: users.lastName })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(eq(reviews.productId, productId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(reviews).where(eq(reviews.productId, productId)),
  ]);
  return {
    rows: rows.map(({ review, firstName, lastName }) => ({ ...review, userName: `${firstName} ${lastName.charAt(0)}.` })),
    total: counted?.total ?? 0,
  };
}

export async function findReview(db: DbOrTx, id: string): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
  return row;
}

/**
 * A verified buyer paid real money for the product and kept it: a refunded order, or one a promo
 * made free, does not make anyone a verified reviewer. A product its seller gives away (a free
 * product, a pay-what-you-want one taken at $0) counts as bought at its price (docs/decisions/0042).
 */
export async function hasPaidFor(db: DbOrTx, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paymentStatus, 'paid'),
        or(gt(orders.totalCents, 0), eq(orderItems.unitPriceCents, 0)),
        eq(orderItems.productId, productId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Locks the product row so concurrent review changes recompute its rating one after another. */
export async function lockProduct(tx: DbOrTx, productId: string): Promise<void> {
  await tx.execute(sql`select 1 from ${products} where ${products.id} = ${productId} for update`);
}

/** Adds the user's review; undefined when they have already reviewed the product. */
export async function insertReview(
  db: DbOrTx,
  review: { productId: string; userId: string; rating: number; comment: string },
): Promise<ReviewRow | undefined> {
  const [row] = await db.insert(reviews).values(review).onConflictDoNothing().returning();
  return row;
}

export async function updateReviewText(
  db: DbOrTx,
  id: string,
  changes: { rating: number; comment: string },
): Promise<ReviewRow | undefined> {
  const [row] = await db.update(reviews).set(changes).where(eq(reviews.id, id)).returning();
  return row;
}

export async function deleteReviewRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(reviews).where(eq(reviews.id, id));
}
