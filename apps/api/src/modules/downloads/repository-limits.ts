import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderItemDownloads, orderItems, orders, productDownloadLimits, products } from '../../db/schema';

/** Data access for download limits (migration 0033): the seller's cap per product, each order line's allowance. */

/** One of the seller's own live products, or undefined. */
export async function findSellersLiveProduct(db: DbOrTx, productId: string, sellerId: string) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.sellerId, sellerId), isNull(products.deletedAt)));
  return row;
}

/** The product's cap on downloads per order line; null: unlimited. */
export async function findDownloadLimit(db: DbOrTx, productId: string): Promise<number | null> {
  const [row] = await db
    .select({ limit: productDownloadLimits.downloadLimit })
    .from(productDownloadLimits)
    .where(eq(productDownloadLimits.productId, productId));
  return row?.limit ?? null;
}

/** Sets the product's cap (null removes it); order lines already written keep theirs. */
export async function saveDownloadLimit(db: DbOrTx, productId: string, limit: number | null): Promise<void> {
  if (limit === null) {
    await db.delete(productDownloadLimits).where(eq(productDownloadLimits.productId, productId));
    return;
  }
  await db
    .insert(productDownloadLimits)
    .values({ productId, downloadLimit: limit })
    .onConflictDoUpdate({
      target: productDownloadLimits.productId,
      set: { downloadLimit: limit, updatedAt: sql`now()` },
    });
}

/** An order line with its allowance: `limit` null when the line has no cap. */
export interface DownloadLine {
  id: string;
  limit: number | null;
  used: number;
}

const lineColumns = {
  id: orderItems.id,
  limit: orderItemDownloads.downloadLimit,
  used: sql<number>`coalesce(${orderItemDownloads.downloadsUsed}, 0)`.mapWith(Number),
};

/** The allowances of order lines by id (lines without a cap are absent). */
export async function allowancesOfLines(db: DbOrTx, lineIds: string[]): Promise<Map<string, { limit: number; used: number }>> {
  if (lineIds.length === 0) return new Map();
  const rows = await db.select().from(orderItemDownloads).where(inArray(orderItemDownloads.orderItemId, lineIds));
  return new Map(rows.map((row) => [row.orderItemId, { limit: row.downloadLimit, used: row.downloadsUsed }]));
}

/** The lines of a product in one order, with their allowance. */
export function linesOfOrderProduct(db: DbOrTx, orderId: string, productId: string): Promise<DownloadLine[]> {
  return db
    .select(lineColumns)
    .from(orderItems)
    .leftJoin(orderItemDownloads, eq(orderItemDownloads.orderItemId, orderItems.id))
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.productId, productId)));
}

/** The lines of every product of one order, with their product and allowance. */
export function linesOfOrder(db: DbOrTx, orderId: string): Promise<(DownloadLine & { productId: string })[]> {
  return db
    .select({ ...lineColumns, productId: orderItems.productId })
    .from(orderItems)
    .leftJoin(orderItemDownloads, eq(orderItemDownloads.orderItemId, orderItems.id))
    .where(eq(orderItems.orderId, orderId));
}

/** A buyer's lines of a product in their paid orders, with their allowance. */
export function paidLinesOfBuyerProduct(db: DbOrTx, userId: string, productId: string): Promise<DownloadLine[]> {
  return db
    .select(lineColumns)
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(orderItemDownloads, eq(orderItemDownloads.orderItemId, orderItems.id))
    .where(and(eq(orders.userId, userId), eq(orderItems.productId, productId), eq(orders.paymentStatus, 'paid')))
    .orderBy(orders.paidAt);
}

/**
 * Uses one download of a capped line when it has one left, in one UPDATE: the condition is checked
 * again on the row once its lock is taken, so concurrent downloads never use more than the cap.
 * Answers the allowance after this download, or undefined when none was left.
 */
export async function takeDownloadOfLine(db: DbOrTx, lineId: string): Promise<{ limit: number; used: number } | undefined> {
  const [row] = await db
    .update(orderItemDownloads)
    .set({ downloadsUsed: sql`${orderItemDownloads.downloadsUsed} + 1` })
    .where(
      and(eq(orderItemDownloads.orderItemId, lineId), lt(orderItemDownloads.downloadsUsed, orderItemDownloads.downloadLimit)),
    )
    .returning({ limit: orderItemDownloads.downloadLimit, used: orderItemDownloads.downloadsUsed });
  return row;
}
