import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { licenseActivations, licenseKeys, orderItems, orders, productLicenseSettings, products, users } from '../../db/schema';

export type LicenseKeyRow = typeof licenseKeys.$inferSelect;
export type NewLicenseKey = typeof licenseKeys.$inferInsert;

/** A key with what its answers name: the order's payment state and date, the product's title as bought. */
export interface LicenseKeyView {
  key: LicenseKeyRow;
  paymentStatus: string;
  orderNumber: string;
  paidAt: Date | null;
  productTitle: string;
}

const viewColumns = {
  key: licenseKeys,
  paymentStatus: orders.paymentStatus,
  orderNumber: orders.orderNumber,
  paidAt: orders.paidAt,
  productTitle: orderItems.productTitle,
};

/** The seller's setting of a product; undefined when keys were never switched on. */
export async function findLicenseSettings(db: DbOrTx, productId: string) {
  const [row] = await db.select().from(productLicenseSettings).where(eq(productLicenseSettings.productId, productId));
  return row;
}

export async function upsertLicenseSettings(db: DbOrTx, productId: string, enabled: boolean, activationLimit: number | null) {
  const [row] = await db
    .insert(productLicenseSettings)
    .values({ productId, enabled, activationLimit })
    .onConflictDoUpdate({
      target: productLicenseSettings.productId,
      set: { enabled, activationLimit, updatedAt: new Date() },
    })
    .returning();
  return row;
}

/** Of these products, those with keys switched on, with their limits. */
export function licensedProducts(db: DbOrTx, productIds: string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(productLicenseSettings)
    .where(and(inArray(productLicenseSettings.productId, productIds), eq(productLicenseSettings.enabled, true)));
}

/** Inserts keys; a line that already has one keeps it (the unique order line makes issuing idempotent). */
export async function insertLicenseKeys(tx: Tx, rows: NewLicenseKey[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(licenseKeys).values(rows).onConflictDoNothing({ target: licenseKeys.orderItemId });
}

/** Every key of a refunded order is disabled, whatever state it was in; the refund is the reason from now on. */
export async function disableKeysOfOrder(tx: DbOrTx, orderId: string): Promise<void> {
  await tx
    .update(licenseKeys)
    .set({ status: 'disabled', disabledReason: 'refund', disabledAt: sql`coalesce(${licenseKeys.disabledAt}, now())` })
    .where(eq(licenseKeys.orderId, orderId));
}

/** The key with this lookup hash, row-locked when `lock` (activations count under that lock). */
export async function findKeyByHash(db: DbOrTx, keyHash: string, lock = false): Promise<LicenseKeyView | undefined> {
  const query = db
    .select(viewColumns)
    .from(licenseKeys)
    .innerJoin(orders, eq(orders.id, licenseKeys.orderId))
    .innerJoin(orderItems, eq(orderItems.id, licenseKeys.orderItemId))
    .where(eq(licenseKeys.keyHash, keyHash));
  const [row] = lock ? await query.for('update', { of: licenseKeys }) : await query;
  return row;
}

/** A key by id, only when it belongs to one of this seller's products; row-locked. */
export async function lockSellersKey(tx: Tx, keyId: string, sellerId: string): Promise<LicenseKeyView | undefined> {
  const [row] = await tx
    .select(viewColumns)
    .from(licenseKeys)
    .innerJoin(orders, eq(orders.id, licenseKeys.orderId))
    .innerJoin(orderItems, eq(orderItems.id, licenseKeys.orderItemId))
    .where(and(eq(licenseKeys.id, keyId), eq(licenseKeys.sellerId, sellerId)))
    .for('update', { of: licenseKeys });
  return row;
}

export async function setKeyStatus(tx: DbOrTx, keyId: string, enabled: boolean): Promise<void> {
  await tx
    .update(licenseKeys)
    .set(
      enabled
        ? { status: 'active', disabledReason: null, disabledAt: null }
        : { status: 'disabled', disabledReason: 'seller', disabledAt: new Date() },
    )
    .where(eq(licenseKeys.id, keyId));
}

export async function countActivations(db: DbOrTx, keyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(licenseActivations).where(eq(licenseActivations.licenseKeyId, keyId));
  return row?.n ?? 0;
}

/** Adds an instance; false when it was already active. */
export async function insertActivation(tx: DbOrTx, keyId: string, instance: string): Promise<boolean> {
  const inserted = await tx
    .insert(licenseActivations)
    .values({ licenseKeyId: keyId, instance })
    .onConflictDoNothing()
    .returning({ id: licenseActivations.id });
  return inserted.length > 0;
}

export async function activationExists(db: DbOrTx, keyId: string, instance: string): Promise<boolean> {
  const [row] = await db
    .select({ id: licenseActivations.id })
    .from(licenseActivations)
    .where(and(eq(licenseActivations.licenseKeyId, keyId), eq(licenseActivations.instance, instance)));
  return Boolean(row);
}

/** Removes an instance; false when it was not active. */
export async function deleteActivation(tx: DbOrTx, keyId: string, instance: string): Promise<boolean> {
  const deleted = await tx
    .delete(licenseActivations)
    .where(and(eq(licenseActivations.licenseKeyId, keyId), eq(licenseActivations.instance, instance)))
    .returning({ id: licenseActivations.id });
  return deleted.length > 0;
}

export async function deleteActivationsOf(tx: DbOrTx, keyId: string): Promise<void> {
  await tx.delete(licenseActivations).where(eq(licenseActivations.licenseKeyId, keyId));
}

/** The instances of these keys, oldest first. */
export function activationsOf(db: DbOrTx, keyIds: string[]) {
  if (keyIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(licenseActivations)
    .where(inArray(licenseActivations.licenseKeyId, keyIds))
    .orderBy(licenseActivations.createdAt, licenseActivations.id);
}

/** A page of the buyer's own keys (of one order when named), newest first. */
export async function listBuyersKeys(
  db: DbOrTx,
  buyerId: string,
  orderId: string | undefined,
  page: { limit: number; offset: number },
) {
  const where = and(eq(licenseKeys.buyerId, buyerId), ...(orderId ? [eq(licenseKeys.orderId, orderId)] : []));
  const rows = await db
    .select(viewColumns)
    .from(licenseKeys)
    .innerJoin(orders, eq(orders.id, licenseKeys.orderId))
    .innerJoin(orderItems, eq(orderItems.id, licenseKeys.orderItemId))
    .where(where)
    .orderBy(desc(licenseKeys.createdAt), desc(licenseKeys.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(licenseKeys).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** A page of the keys of the seller's products (of one product when named), newest first, with the buyer. */
export async function listSellersKeys(
  db: DbOrTx,
  sellerId: string,
  productId: string | undefined,
  page: { limit: number; offset: number },
) {
  const where = and(eq(licenseKeys.sellerId, sellerId), ...(productId ? [eq(licenseKeys.productId, productId)] : []));
  const rows = await db
    .select({ ...viewColumns, buyerFirstName: users.firstName, buyerLastName: users.lastName, buyerEmail: users.email })
    .from(licenseKeys)
    .innerJoin(orders, eq(orders.id, licenseKeys.orderId))
    .innerJoin(orderItems, eq(orderItems.id, licenseKeys.orderItemId))
    .innerJoin(users, eq(users.id, licenseKeys.buyerId))
    .where(where)
    .orderBy(desc(licenseKeys.createdAt), desc(licenseKeys.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(licenseKeys).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The product when it is this seller's and not deleted. */
export async function findSellersProduct(db: DbOrTx, productId: string, sellerId: string) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.sellerId, sellerId), sql`${products.deletedAt} is null`));
  return row;
}

/** The keys of an order (for its receipt), oldest line first. */
export function keysOfOrder(db: DbOrTx, orderId: string) {
  return db
    .select(viewColumns)
    .from(licenseKeys)
    .innerJoin(orders, eq(orders.id, licenseKeys.orderId))
    .innerJoin(orderItems, eq(orderItems.id, licenseKeys.orderItemId))
    .where(eq(licenseKeys.orderId, orderId))
    .orderBy(licenseKeys.createdAt, licenseKeys.id);
}
