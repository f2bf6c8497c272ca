import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, saleAlerts, sellerApiTokens } from '../../db/schema';

export type ApiTokenRow = typeof sellerApiTokens.$inferSelect;

export async function insertApiToken(
  db: DbOrTx,
  row: { userId: string; name: string; prefix: string; tokenHash: string; scopes: string[] },
): Promise<ApiTokenRow> {
  const [inserted] = await db.insert(sellerApiTokens).values(row).returning();
  return inserted as ApiTokenRow;
}

/** The seller's tokens still in force, newest first. */
export function listLiveApiTokens(db: DbOrTx, userId: string): Promise<ApiTokenRow[]> {
  return db
    .select()
    .from(sellerApiTokens)
    .where(and(eq(sellerApiTokens.userId, userId), isNull(sellerApiTokens.revokedAt)))
    .orderBy(desc(sellerApiTokens.createdAt));
}

/** Revokes one of the seller's own tokens; false when it is not theirs or already revoked. */
export async function revokeApiToken(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(sellerApiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(sellerApiTokens.id, id), eq(sellerApiTokens.userId, userId), isNull(sellerApiTokens.revokedAt)))
    .returning({ id: sellerApiTokens.id });
  return rows.length > 0;
}

/** The live token with this hash, if any. */
export async function findLiveApiToken(db: DbOrTx, tokenHash: string): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(sellerApiTokens)
    .where(and(eq(sellerApiTokens.tokenHash, tokenHash), isNull(sellerApiTokens.revokedAt)));
  return row;
}

export async function touchApiToken(db: DbOrTx, id: string): Promise<void> {
  await db.update(sellerApiTokens).set({ lastUsedAt: new Date() }).where(eq(sellerApiTokens.id, id));
}

/** The seller's sales and refunds, newest first: one row per order and kind, the seller's ledger share. */
export async function listSellerSales(db: DbOrTx, sellerId: string, page: { limit: number; offset: number }) {
  const rows = await db
    .select({
      orderId: saleAlerts.orderId,
      orderNumber: orders.orderNumber,
      kind: saleAlerts.kind,
      amountCents: saleAlerts.amountCents,
      createdAt: saleAlerts.createdAt,
    })
    .from(saleAlerts)
    .innerJoin(orders, eq(orders.id, saleAlerts.orderId))
    .where(eq(saleAlerts.sellerId, sellerId))
    .orderBy(desc(saleAlerts.createdAt), desc(saleAlerts.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(saleAlerts).where(eq(saleAlerts.sellerId, sellerId));
  return { rows, total: total?.n ?? 0 };
}

/** The seller's own lines of these orders (titles as bought). */
export function sellerLinesOf(db: DbOrTx, sellerId: string, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({ orderId: orderItems.orderId, title: orderItems.productTitle, quantity: orderItems.quantity })
    .from(orderItems)
    .where(and(eq(orderItems.sellerId, sellerId), inArray(orderItems.orderId, orderIds)))
    .orderBy(asc(orderItems.productTitle));
}
