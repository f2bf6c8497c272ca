import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, productFiles, products, productVersions } from '../../db/schema';

export type ProductFileRow = typeof productFiles.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

export async function findUsersOrder(db: DbOrTx, orderId: string, userId: string): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return order;
}

/**
 * Every released file of every product in the order (each approved version's, docs/decisions/0038),
 * with the product's title and the file's version (null: the first, "1.0"), by title, newest
 * version first, then file name.
 */
export function listFilesOfOrder(db: DbOrTx, orderId: string) {
  return db
    .select({
      file: productFiles,
      productTitle: orderItems.productTitle,
      versionLabel: productVersions.label,
      versionReleasedAt: productVersions.approvedAt,
    })
    .from(orderItems)
    .innerJoin(productFiles, and(eq(productFiles.productId, orderItems.productId), eq(productFiles.released, true)))
    .leftJoin(productVersions, eq(productVersions.id, productFiles.versionId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.productTitle, sql`${productVersions.approvedAt} desc nulls last`, asc(productFiles.fileName));
}

/** Moves the order to a new download version (links of the old one stop working); answers the order as it now is. */
export async function bumpDownloadVersion(db: DbOrTx, orderId: string): Promise<OrderRow | undefined> {
  const [bumped] = await db
    .update(orders)
    .set({ downloadVersion: sql`${orders.downloadVersion} + 1` })
    .where(eq(orders.id, orderId))
    .returning();
  return bumped;
}

/** The file, with the order, when the file belongs to a product of that order. */
export async function findOrderedFile(db: DbOrTx, fileId: string, orderId: string) {
  const [row] = await db
    .select({ file: productFiles, order: orders })
    .from(productFiles)
    .innerJoin(orderItems, eq(orderItems.productId, productFiles.productId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(productFiles.id, fileId), eq(orders.id, orderId), eq(productFiles.released, true)));
  return row;
}

/** The file while its product is not deleted. */
export async function findFileOfLiveProduct(db: DbOrTx, fileId: string): Promise<ProductFileRow | undefined> {
  const [row] = await db
    .select({ file: productFiles })
    .from(productFiles)
    .innerJoin(products, eq(products.id, productFiles.productId))
    .where(and(eq(productFiles.id, fileId), isNull(products.deletedAt)));
  return row?.file;
}

/** The title the user bought the product under, in any of their paid orders. */
export async function findPaidPurchase(db: DbOrTx, userId: string, productId: string) {
  const [purchase] = await db
    .select({ title: orderItems.productTitle })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.userId, userId), eq(orders.paymentStatus, 'paid'), eq(orderItems.productId, productId)))
    .limit(1);
  return purchase;
}

export async function findProductTitle(db: DbOrTx, productId: string): Promise<string | undefined> {
  const [product] = await db.select({ title: products.title }).from(products).where(eq(products.id, productId));
  return product?.title;
}

/** The released files of a product, with their version (null: the first, "1.0"), newest version first. */
export function listProductFiles(db: DbOrTx, productId: string) {
  return db
    .select({ file: productFiles, versionLabel: productVersions.label, versionReleasedAt: productVersions.approvedAt })
    .from(productFiles)
    .leftJoin(productVersions, eq(productVersions.id, productFiles.versionId))
    .where(and(inArray(productFiles.productId, [productId]), eq(productFiles.released, true)))
    .orderBy(desc(sql`coalesce(${productVersions.approvedAt}, '-infinity'::timestamptz)`), asc(productFiles.fileName));
}
