import type { Readable } from 'node:stream';
import type { DownloadLink } from '@app/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { orderItems, orders, productFiles, products } from '../../db/schema';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { signDownload, verifyDownload, verifyReviewFile } from '../../lib/signed-links';
import { isUuid } from '../../lib/validation';
import { createZipStream } from '../../lib/zip-stream';
import type { OrderRow } from '../orders/present';
import type { UserRow } from '../users/repository';

export type ProductFileRow = typeof productFiles.$inferSelect;

/** A paid order of the caller, or 404 (someone else's order looks exactly like a missing one). */
export async function requirePaidOwnOrder(deps: AppDeps, user: UserRow, orderId: string): Promise<OrderRow> {
  const [order] = isUuid(orderId)
    ? await deps.db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, user.id)))
    : [];
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  if (order.paymentStatus !== 'paid') throw new AppError('FORBIDDEN', 'Downloads are available once the order is paid');
  return order;
}

/** Every file of every product in the order, with the product's title. */
async function filesOfOrder(deps: AppDeps, orderId: string) {
  return deps.db
    .select({ file: productFiles, productTitle: orderItems.productTitle })
    .from(orderItems)
    .innerJoin(productFiles, eq(productFiles.productId, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.productTitle, productFiles.fileName);
}

/** Signed links for each file of a paid order, valid DOWNLOAD_LINK_TTL_HOURS. */
export async function issueDownloadLinks(deps: AppDeps, order: OrderRow): Promise<{ links: DownloadLink[]; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + deps.config.downloadLinkTtlHours * 3_600_000);
  const rows = await filesOfOrder(deps, order.id);
  const links = rows.map(({ file, productTitle }) => ({
    product_id: file.productId,
    product_title: productTitle,
    file_id: file.id,
    file_name: file.fileName,
    size_bytes: file.sizeBytes,
    url: `/api/v1/downloads/${signDownload(deps.downloadSigningKey, { o: order.id, f: file.id, v: order.downloadVersion, exp: Math.floor(expiresAt.getTime() / 1000) })}`,
    expires_at: expiresAt.toISOString(),
  }));
  return { links, expiresAt };
}

/** New links; every link issued before stops working. */
export async function regenerateDownloadLinks(deps: AppDeps, order: OrderRow) {
  const [bumped] = await deps.db
    .update(orders)
    .set({ downloadVersion: sql`${orders.downloadVersion} + 1` })
    .where(eq(orders.id, order.id))
    .returning();
  return issueDownloadLinks(deps, bumped ?? order);
}

/** Resolves a signed link to its file, checking signature, expiry, version and that the order is still paid. */
export async function resolveDownloadToken(deps: AppDeps, token: string): Promise<ProductFileRow> {
  const claims = verifyDownload(deps.downloadSigningKey, token);
  if (claims === 'expired')
    throw new AppError('FORBIDDEN', 'This download link has expired. Get a new one from your orders page.');
  if (!claims) throw new AppError('NOT_FOUND', 'Download not found');
  const [row] = await deps.db
    .select({ file: productFiles, order: orders })
    .from(productFiles)
    .innerJoin(orderItems, eq(orderItems.productId, productFiles.productId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(productFiles.id, claims.f), eq(orders.id, claims.o)));
  if (!row) throw new AppError('NOT_FOUND', 'Download not found');
  if (row.order.paymentStatus !== 'paid' || row.order.downloadVersion !== claims.v) {
    throw new AppError('FORBIDDEN', 'This download link is no longer valid. Get a new one from your orders page.');
  }
  return row.file;
}

/** Resolves an admin's review link to its file, while the product still exists. */
export async function resolveReviewToken(deps: AppDeps, token: string): Promise<ProductFileRow> {
  const claims = verifyReviewFile(deps.downloadSigningKey, token);
  if (claims === 'expired')
    throw new AppError('FORBIDDEN', 'This review link has expired. Open the file again from the review panel.');
  if (!claims || !isUuid(claims.r)) throw new AppError('NOT_FOUND', 'Download not found');
  const [row] = await deps.db
    .select({ file: productFiles })
    .from(productFiles)
    .innerJoin(products, eq(products.id, productFiles.productId))
    .where(and(eq(productFiles.id, claims.r), isNull(products.deletedAt)));
  if (!row) throw new AppError('NOT_FOUND', 'Download not found');
  return row.file;
}

export async function openFile(deps: AppDeps, file: ProductFileRow): Promise<Readable> {
  const stream = await deps.storage.get(file.storageKey);
  if (!stream) throw new AppError('NOT_FOUND', 'The file is missing from storage. Please contact support.');
  return stream;
}

export interface ZipStream {
  stream: Readable;
  size: number;
}

/**
 * Streams a zip of files without holding them in memory: each file is opened only when the zip
 * reaches it, stored uncompressed (downloads are usually compressed already), and the exact
 * size is known up front for Content-Length.
 */
export function zipFiles(deps: AppDeps, entries: { path: string; file: ProductFileRow }[]): ZipStream {
  const used = new Set<string>();
  return createZipStream(
    entries.map(({ path, file }) => ({
      name: uniquePath(path, used),
      size: file.sizeBytes,
      modified: file.createdAt,
      open: () => openFile(deps, file),
    })),
  );
}

function uniquePath(path: string, used: Set<string>): string {
  let candidate = path;
  for (let n = 2; used.has(candidate); n += 1) candidate = path.replace(/(\.[^./]+)?$/, `-${n}$1`);
  used.add(candidate);
  return candidate;
}

export function folderName(title: string): string {
  return title.replace(/[^a-zA-Z0-9]/g, '_');
}

/** All files of a paid order, one folder per product. */
export async function zipOrder(deps: AppDeps, order: OrderRow): Promise<ZipStream> {
  const rows = await filesOfOrder(deps, order.id);
  if (rows.length === 0) throw new AppError('NOT_FOUND', 'This order has no files');
  return zipFiles(
    deps,
    rows.map(({ file, productTitle }) => ({ path: `${folderName(productTitle)}/${file.fileName}`, file })),
  );
}

/** The files of one product the caller has paid for (any of their paid orders). */
export async function zipPurchasedProduct(
  deps: AppDeps,
  user: UserRow,
  productId: string,
): Promise<ZipStream & { fileName: string }> {
  const [purchase] = isUuid(productId)
    ? await deps.db
        .select({ title: orderItems.productTitle })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orders.userId, user.id), eq(orders.paymentStatus, 'paid'), eq(orderItems.productId, productId)))
        .limit(1)
    : [];
  if (!purchase) throw new AppError('NOT_FOUND', 'You have not purchased this product');
  const [product] = await deps.db.select({ title: products.title }).from(products).where(eq(products.id, productId));
  const files = await deps.db
    .select()
    .from(productFiles)
    .where(inArray(productFiles.productId, [productId]))
    .orderBy(productFiles.fileName);
  if (files.length === 0) throw new AppError('NOT_FOUND', 'This product has no files');
  const title = product?.title ?? purchase.title;
  const zip = zipFiles(
    deps,
    files.map((file) => ({ path: file.fileName, file })),
  );
  return { ...zip, fileName: `${folderName(title)}_files.zip` };
}
