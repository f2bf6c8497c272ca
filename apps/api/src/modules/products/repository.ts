import type { ScanReason, ScanVerdict } from '@app/shared';
import { and, asc, count, desc, eq, exists, ilike, inArray, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderItems, productFiles, products, reviews, searchWordsVersion } from '../../db/schema';
import { notifyCatalogChanged, type ProductRow } from '../catalog/repository';

/**
 * Product writes: every INSERT, UPDATE and DELETE of products and their files goes through here,
 * called by this module's services (and, for the sales, rating and change counters, by orders, reviews and users).
 */

export type NewProduct = typeof products.$inferInsert;
export type ProductChanges = Partial<NewProduct>;
export type ProductFileRow = typeof productFiles.$inferSelect;
export type NewProductFile = Omit<typeof productFiles.$inferInsert, 'productId'>;
export type ReviewStatus = 'pending' | 'approved' | 'rejected';

const live = isNull(products.deletedAt);
/** A file buyers get: not one of a version or an edit still waiting for review (repository-versions.ts). */
const released = eq(productFiles.released, true);

/** A product that is not deleted, whoever sells it. */
export async function findLiveProduct(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), live));
  return row as ProductRow | undefined;
}

/** A product that is not deleted, only when this seller owns it. */
export async function findOwnLiveProduct(db: DbOrTx, sellerId: string, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.sellerId, sellerId), live));
  return row as ProductRow | undefined;
}

/** The moderation queue's filter. */
export interface ReviewFilter {
  status: ReviewStatus | 'all';
  sellerId?: string;
  search?: string;
}

function reviewWhere(filter: ReviewFilter): SQL | undefined {
  const conditions: SQL[] = [live];
  if (filter.status !== 'all') conditions.push(eq(products.status, filter.status));
  if (filter.sellerId) conditions.push(eq(products.sellerId, filter.sellerId));
  if (filter.search)
    conditions.push(or(ilike(products.title, `%${filter.search}%`), ilike(products.sellerName, `%${filter.search}%`)) as SQL);
  return and(...conditions);
}

/** A page of the moderation queue, newest first, with the number of matches. */
export async function listForReview(
  db: DbOrTx,
  filter: ReviewFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ProductRow[]; total: number }> {
  return newestFirst(db, reviewWhere(filter), page);
}

/** Which of these products hold a file the safety scan judged dangerous (their approval is refused). */
export async function productsWithDangerousFiles(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ productId: productFiles.productId })
    .from(productFiles)
    .where(and(inArray(productFiles.productId, ids), eq(productFiles.scanVerdict, 'dangerous'), released));
  return new Set(rows.map((row) => row.productId));
}

/** A page of the products matching `where`, newest first, with the number of matches. */
async function newestFirst(
  db: DbOrTx,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: ProductRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db.select().from(products).where(where).orderBy(desc(products.createdAt)).limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return { rows: rows as ProductRow[], total: counted?.total ?? 0 };
}

/** A seller's own live products, newest first, in one status or all; `extra` narrows further. */
export function sellerProductsWhere(sellerId: string, status?: ReviewStatus, extra?: SQL): SQL | undefined {
  return and(eq(products.sellerId, sellerId), live, status ? eq(products.status, status) : undefined, extra);
}

/** A page of one seller's live products, newest first, with the number of matches. */
export async function listSellerProducts(
  db: DbOrTx,
  sellerId: string,
  filter: { status?: ReviewStatus },
  page: { limit: number; offset: number },
): Promise<{ rows: ProductRow[]; total: number }> {
  return newestFirst(db, sellerProductsWhere(sellerId, filter.status), page);
}

/** A product's files buyers get, oldest first, then by name. */
export async function filesOfProduct(db: DbOrTx, productId: string): Promise<ProductFileRow[]> {
  return db
    .select()
    .from(productFiles)
    .where(and(eq(productFiles.productId, productId), released))
    .orderBy(asc(productFiles.createdAt), asc(productFiles.fileName));
}

export async function findProductFileId(db: DbOrTx, productId: string, fileId: string): Promise<string | undefined> {
  const [file] = await db
    .select({ id: productFiles.id })
    .from(productFiles)
    .where(and(eq(productFiles.id, fileId), eq(productFiles.productId, productId)));
  return file?.id;
}

export async function countProductFiles(db: DbOrTx, productId: string): Promise<number> {
  const [kept] = await db
    .select({ n: count() })
    .from(productFiles)
    .where(and(eq(productFiles.productId, productId), released));
  return kept?.n ?? 0;
}

/** Which of these products have no file for a buyer to download. */
export async function idsWithoutFiles(db: DbOrTx, ids: string[]): Promise<string[]> {
  const withFiles = await db
    .selectDistinct({ id: productFiles.productId })
    .from(productFiles)
    .where(and(inArray(productFiles.productId, ids), released));
  const has = new Set(withFiles.map((row) => row.id));
  return ids.filter((id) => !has.has(id));
}

/** Inserts a product and its files. */
export async function insertProduct(
  db: DbOrTx,
  product: NewProduct & { id: string },
  files: NewProductFile[],
): Promise<ProductRow> {
  const [row] = await db.insert(products).values(product).returning();
  await addProductFiles(db, product.id, files);
  return row as ProductRow;
}

export async function addProductFiles(db: DbOrTx, productId: string, files: NewProductFile[]): Promise<void> {
  if (files.length > 0) await db.insert(productFiles).values(files.map((file) => ({ ...file, productId })));
}

export async function updateProduct(db: DbOrTx, id: string, changes: ProductChanges): Promise<ProductRow | undefined> {
  const [row] = await db.update(products).set(changes).where(eq(products.id, id)).returning();
  return row as ProductRow | undefined;
}

/** A file whose scan found something dangerous, or that has not been scanned yet: it blocks approval. */
const blocksApproval = or(eq(productFiles.scanVerdict, 'dangerous'), isNull(productFiles.scanVerdict)) as SQL;

/**
 * Approves a product in one statement that also checks it has files and none of them is dangerous
 * or unscanned, so a file deleted or added meanwhile cannot slip through.
 */
export async function approveIfHasFiles(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
  const hasFiles = exists(
    db
      .select({ id: productFiles.id })
      .from(productFiles)
      .where(and(eq(productFiles.productId, id), released)),
  );
  const blocked = exists(
    db
      .select({ id: productFiles.id })
      .from(productFiles)
      .where(and(eq(productFiles.productId, id), released, blocksApproval)),
  );
  const [row] = await db
    .update(products)
    .set({ status: 'approved', rejectionReason: null })
    .where(and(eq(products.id, id), hasFiles, not(blocked)))
    .returning();
  return row as ProductRow | undefined;
}

/** Which of these products have a file that is dangerous or not scanned yet. */
export async function idsWithBlockedFiles(db: DbOrTx, ids: string[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: productFiles.productId })
    .from(productFiles)
    .where(and(inArray(productFiles.productId, ids), released, blocksApproval));
  return rows.map((row) => row.id);
}

/** The files of several products, oldest first (for lists that show each product's files). */
export async function filesOfProducts(db: DbOrTx, productIds: string[]): Promise<ProductFileRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(productFiles)
    .where(and(inArray(productFiles.productId, productIds), released))
    .orderBy(asc(productFiles.createdAt), asc(productFiles.fileName));
}

/** A product's files that have no scan verdict yet (uploaded before scanning existed). */
export async function unscannedFilesOf(db: DbOrTx, productId: string): Promise<ProductFileRow[]> {
  return db
    .select()
    .from(productFiles)
    .where(and(eq(productFiles.productId, productId), isNull(productFiles.scanVerdict)));
}

/** Records one file's scan. */
export async function recordFileScan(
  db: DbOrTx,
  fileId: string,
  scan: { verdict: ScanVerdict; reasons: ScanReason[]; scannedAt: Date },
): Promise<void> {
  await db
    .update(productFiles)
    .set({ scanVerdict: scan.verdict, scanReasons: scan.reasons, scannedAt: scan.scannedAt })
    .where(eq(productFiles.id, fileId));
}

/**
 * Sets the product's scanned_at (the buyers' badge) to its latest file scan when every file has
 * one, else to null. Like every product update it moves updated_at, so the search index re-reads
 * the product and its badge follows.
 */
export async function refreshProductScannedAt(db: DbOrTx, productId: string): Promise<void> {
  await db.execute(sql`
    update ${products} set scanned_at = (
      select case when count(*) > 0 and count(*) = count(${productFiles.scannedAt}) then max(${productFiles.scannedAt}) end
      from ${productFiles} where ${productFiles.productId} = ${productId} and ${productFiles.released})
    where ${products.id} = ${productId}`);
}

/** Deletes one file row of a product and returns it (its stored file is the caller's to delete after commit). */
export async function deleteProductFile(tx: DbOrTx, productId: string, fileId: string): Promise<ProductFileRow | undefined> {
  const [row] = await tx
    .delete(productFiles)
    .where(and(eq(productFiles.id, fileId), eq(productFiles.productId, productId)))
    .returning();
  return row;
}

/** One file of a product, or undefined. */
export async function findProductFile(db: DbOrTx, productId: string, fileId: string): Promise<ProductFileRow | undefined> {
  const [row] = await db
    .select()
    .from(productFiles)
    .where(and(eq(productFiles.id, fileId), eq(productFiles.productId, productId)));
  return row;
}

/**
 * Locks one product against new order lines until the transaction ends (FOR UPDATE conflicts with
 * the key-share lock an order line's foreign key takes), then says whether any order names it.
 */
export async function lockAndCheckOrdered(tx: DbOrTx, productId: string): Promise<boolean> {
  await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
  const [line] = await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.productId, productId)).limit(1);
  return line !== undefined;
}

/** Deletes a product's file rows and returns them (their stored files are the caller's to delete after commit). */
export async function deleteProductFiles(tx: DbOrTx, productId: string): Promise<ProductFileRow[]> {
  return tx.delete(productFiles).where(eq(productFiles.productId, productId)).returning();
}

/** These live products, locked until the transaction ends (missing or deleted ones are left out). */
export async function lockLiveProducts(tx: DbOrTx, ids: string[]): Promise<ProductRow[]> {
  const rows = await tx
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), live))
    .for('update');
  return rows as ProductRow[];
}

export async function updateProducts(db: DbOrTx, ids: string[], changes: ProductChanges): Promise<void> {
  await db.update(products).set(changes).where(inArray(products.id, ids));
}

/**
 * Marks every product of a seller as changed (after a suspension or reinstatement), so the search
 * index's change feed re-reads them and drops or restores them, on every instance; and moves the
 * catalogue's version (as an approval does), so every index catches up before its next answer:
 * a suspended seller's product pages and results go at once, not after the next periodic check.
 */
export async function touchSellerProducts(db: DbOrTx, sellerId: string): Promise<void> {
  await db.update(products).set({ updatedAt: sql`clock_timestamp()` }).where(eq(products.sellerId, sellerId));
  await db
    .update(searchWordsVersion)
    .set({ version: sql`${searchWordsVersion.version} + 1` })
    .where(eq(searchWordsVersion.id, 1));
  // Moving updated_at alone does not notify (migration 0041).
  await notifyCatalogChanged(db);
}

/** Adds units to a product's sales count (negative units take them back; it never goes below zero). */
export async function addSales(db: DbOrTx, productId: string, units: number): Promise<void> {
  await db
    .update(products)
    .set({
      salesCount: units >= 0 ? sql`${products.salesCount} + ${units}` : sql`greatest(${products.salesCount} - ${-units}, 0)`,
    })
    .where(eq(products.id, productId));
}

/** Recomputes a product's rating and review count from its reviews, so they can never drift. */
export async function refreshProductRating(tx: DbOrTx, productId: string): Promise<void> {
  await tx.execute(sql`
    update ${products} set
      rating_average = coalesce((select round(avg(rating)::numeric, 2) from ${reviews} where product_id = ${productId}), 0),
      review_count = (select count(*) from ${reviews} where product_id = ${productId})
    where ${products.id} = ${productId}`);
}
