import type { Readable } from 'node:stream';
import { BASE_VERSION_LABEL, type DownloadLink } from '@app/shared';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { signDownload, verifyDownload, verifyReviewFile } from '../../lib/signed-links';
import { isUuid } from '../../lib/validation';
import { createZipStream } from '../../lib/zip-stream';
import type { OrderRow } from '../orders/present';
import type { UserRow } from '../users/repository';
import { useBuyerDownload, useOrderDownload, useOrderZipDownloads } from './limits';
import {
  bumpDownloadVersion,
  findFileOfLiveProduct,
  findOrderedFile,
  findPaidPurchase,
  findProductTitle,
  findUsersOrder,
  listFilesOfOrder,
  listProductFiles,
  type ProductFileRow,
} from './repository';

export type { ProductFileRow };

/** A paid order of the caller, or 404 (someone else's order looks exactly like a missing one). */
export async function requirePaidOwnOrder(deps: AppDeps, user: UserRow, orderId: string): Promise<OrderRow> {
  const order = isUuid(orderId) ? await findUsersOrder(deps.db, orderId, user.id) : undefined;
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  if (order.paymentStatus !== 'paid') throw new AppError('FORBIDDEN', 'Downloads are available once the order is paid');
  return order;
}

/** Signed links for each file of a paid order, valid DOWNLOAD_LINK_TTL_HOURS. */
export async function issueDownloadLinks(deps: AppDeps, order: OrderRow): Promise<{ links: DownloadLink[]; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + deps.config.downloadLinkTtlHours * 3_600_000);
  const rows = await listFilesOfOrder(deps.db, order.id);
  const current = currentVersions(rows);
  const links = rows.map(({ file, productTitle, versionLabel }) => ({
    product_id: file.productId,
    product_title: productTitle,
    file_id: file.id,
    file_name: file.fileName,
    size_bytes: file.sizeBytes,
    version_label: versionLabel ?? BASE_VERSION_LABEL,
    version_current: (versionLabel ?? BASE_VERSION_LABEL) === current.get(file.productId),
    url: `/api/v1/downloads/${signDownload(deps.downloadSigningKey, { o: order.id, f: file.id, v: order.downloadVersion, exp: Math.floor(expiresAt.getTime() / 1000) })}`,
    expires_at: expiresAt.toISOString(),
  }));
  return { links, expiresAt };
}

/**
 * The label of each product's current version among these rows (the latest released; the first
 * version "1.0" when none is): buyers of any version get every released version (decision 0038).
 */
function currentVersions(
  rows: { file: ProductFileRow; versionLabel: string | null; versionReleasedAt: Date | null }[],
): Map<string, string> {
  const latest = new Map<string, { label: string; at: number }>();
  for (const { file, versionLabel, versionReleasedAt } of rows) {
    const at = versionReleasedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
    const seen = latest.get(file.productId);
    if (!seen || at > seen.at) latest.set(file.productId, { label: versionLabel ?? BASE_VERSION_LABEL, at });
  }
  return new Map([...latest].map(([productId, { label }]) => [productId, label]));
}

/** The path of a file in a zip: under its version's folder once a product has more than one version. */
function versionedPath(row: { file: ProductFileRow; versionLabel: string | null }, versioned: Set<string>): string {
  // Labels are letters, digits and . + _ - only, never a path (versionLabelSchema).
  return versioned.has(row.file.productId) ? `${row.versionLabel ?? BASE_VERSION_LABEL}/${row.file.fileName}` : row.file.fileName;
}

function productsWithVersions(rows: { file: ProductFileRow; versionLabel: string | null }[]): Set<string> {
  return new Set(rows.filter((row) => row.versionLabel !== null).map((row) => row.file.productId));
}

/** New links; every link issued before stops working. */
export async function regenerateDownloadLinks(deps: AppDeps, order: OrderRow) {
  const bumped = await bumpDownloadVersion(deps.db, order.id);
  return issueDownloadLinks(deps, bumped ?? order);
}

/**
 * Resolves a signed link to its file, checking signature, expiry, version and that the order is
 * still paid; a GET uses one of the line's downloads when it is capped (a HEAD does not).
 */
export async function resolveDownloadToken(deps: AppDeps, token: string, count = true): Promise<ProductFileRow> {
  const claims = verifyDownload(deps.downloadSigningKey, token);
  if (claims === 'expired')
    throw new AppError('FORBIDDEN', 'This download link has expired. Get a new one from your orders page.');
  if (!claims) throw new AppError('NOT_FOUND', 'Download not found');
  const row = await findOrderedFile(deps.db, claims.f, claims.o);
  if (!row) throw new AppError('NOT_FOUND', 'Download not found');
  if (row.order.paymentStatus !== 'paid' || row.order.downloadVersion !== claims.v) {
    throw new AppError('FORBIDDEN', 'This download link is no longer valid. Get a new one from your orders page.');
  }
  if (count) await useOrderDownload(deps, row.order.id, row.file.productId);
  return row.file;
}

/** Resolves an admin's review link to its file, while the product still exists. */
export async function resolveReviewToken(deps: AppDeps, token: string): Promise<ProductFileRow> {
  const claims = verifyReviewFile(deps.downloadSigningKey, token);
  if (claims === 'expired')
    throw new AppError('FORBIDDEN', 'This review link has expired. Open the file again from the review panel.');
  if (!claims || !isUuid(claims.r)) throw new AppError('NOT_FOUND', 'Download not found');
  const file = await findFileOfLiveProduct(deps.db, claims.r);
  if (!file) throw new AppError('NOT_FOUND', 'Download not found');
  return file;
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
  const listed = await listFilesOfOrder(deps.db, order.id);
  if (listed.length === 0) throw new AppError('NOT_FOUND', 'This order has no files');
  // Products whose downloads are used up are left out (403 when that is all of them).
  const exhausted = await useOrderZipDownloads(deps, order.id);
  const rows = listed.filter((row) => !exhausted.has(row.file.productId));
  const versioned = productsWithVersions(rows);
  return zipFiles(
    deps,
    rows.map((row) => ({ path: `${folderName(row.productTitle)}/${versionedPath(row, versioned)}`, file: row.file })),
  );
}

/** The files of one product the caller has paid for (any of their paid orders). */
export async function zipPurchasedProduct(
  deps: AppDeps,
  user: UserRow,
  productId: string,
): Promise<ZipStream & { fileName: string }> {
  const purchase = isUuid(productId) ? await findPaidPurchase(deps.db, user.id, productId) : undefined;
  if (!purchase) throw new AppError('NOT_FOUND', 'You have not purchased this product');
  const productTitle = await findProductTitle(deps.db, productId);
  const rows = await listProductFiles(deps.db, productId);
  if (rows.length === 0) throw new AppError('NOT_FOUND', 'This product has no files');
  await useBuyerDownload(deps, user.id, productId);
  const title = productTitle ?? purchase.title;
  const versioned = productsWithVersions(rows);
  const zip = zipFiles(
    deps,
    rows.map((row) => ({ path: versionedPath(row, versioned), file: row.file })),
  );
  return { ...zip, fileName: `${folderName(title)}_files.zip` };
}
