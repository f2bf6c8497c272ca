import { blankToUndefined, type bulkUpdateSchema, pagingQueryFields, STANDARD_PAGING } from '@app/shared';
import { z } from 'zod';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { pagedList, pageOffset } from '../../lib/paging';
import { signReviewFile } from '../../lib/signed-links';
import { isUuid } from '../../lib/validation';
import { presentProduct } from '../catalog/present';
import type { ProductRow } from '../catalog/repository';
import { countByStatus } from '../catalog/repository';
import { notifyUser } from '../notifications/service';
import { presentScannedFile } from '../scans/present';
import { scanUnscannedFiles } from '../scans/service';
import {
  approveIfHasFiles,
  filesOfProduct,
  findLiveProduct,
  findProductFileId,
  idsWithBlockedFiles,
  idsWithoutFiles,
  listForReview,
  lockLiveProducts,
  productsWithDangerousFiles,
  updateProduct,
  updateProducts,
} from './repository';

export const adminProductsQuery = z.object({
  status: z.preprocess(blankToUndefined, z.enum(['pending', 'approved', 'rejected', 'all']).default('pending')),
  search: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  seller_id: z.preprocess(blankToUndefined, z.uuid().optional()),
  ...pagingQueryFields(STANDARD_PAGING),
});

export const rejectSchema = z.object({
  reason: z
    .string({ error: 'A reason is required to reject a product' })
    .trim()
    .min(5, 'A reason is required to reject a product (at least 5 characters)')
    .max(1000),
});

/** The moderation queue (default: pending), with counts per status. */
export async function listProductsForReview(deps: AppDeps, query: z.output<typeof adminProductsQuery>) {
  const [{ rows, total }, byStatus] = await Promise.all([
    listForReview(
      deps.db,
      { status: query.status, sellerId: query.seller_id, search: query.search },
      { limit: query.limit, offset: pageOffset(query) },
    ),
    countByStatus(deps.db),
  ]);
  const blocked = await productsWithDangerousFiles(
    deps.db,
    rows.map((row) => row.id),
  );
  const items = rows.map((row) => ({ ...presentProduct(row), blocked_by_scan: blocked.has(row.id) }));
  return {
    ...pagedList('products', items, total, query),
    stats: {
      pending: byStatus.pending ?? 0,
      approved: byStatus.approved ?? 0,
      rejected: byStatus.rejected ?? 0,
      total: (byStatus.pending ?? 0) + (byStatus.approved ?? 0) + (byStatus.rejected ?? 0),
    },
  };
}

async function requireProduct(deps: AppDeps, id: string): Promise<ProductRow> {
  const row = isUuid(id) ? await findLiveProduct(deps.db, id) : undefined;
  if (!row) throw new AppError('NOT_FOUND', 'Product not found');
  return row;
}

/**
 * One product with the files a buyer would get and their safety scans, so the admin reviews what
 * is actually sold. Files stored before scanning existed are scanned now.
 */
export async function getProductForReview(deps: AppDeps, id: string) {
  let product = await requireProduct(deps, id);
  if (product.scannedAt === null) {
    await scanUnscannedFiles(deps, product.id);
    product = await requireProduct(deps, id);
  }
  const files = await filesOfProduct(deps.db, product.id);
  return { ...presentProduct(product), files: files.map(presentScannedFile) };
}

/** How long an admin's link to a file under review stays valid. */
export const REVIEW_LINK_SECONDS = 5 * 60;
export const NO_FILES_TO_APPROVE = 'A product with no files cannot be approved: buyers would have nothing to download';
export const SOME_WITHOUT_FILES = 'Some of these products have no files, so they cannot be approved; nothing was changed';
export const DANGEROUS_FILE = 'A file of this product failed the safety scan: it cannot be approved until the seller replaces it';
export const SOME_DANGEROUS_FILES =
  'Some of these products have files that failed the safety scan, so they cannot be approved; nothing was changed';

/** A short-lived signed link that lets the admin's browser download one file of a product under review. */
export async function reviewFileLink(deps: AppDeps, productId: string, fileId: string) {
  const product = await requireProduct(deps, productId);
  const file = await findProductFileId(deps.db, product.id, fileId);
  if (!file) throw new AppError('NOT_FOUND', 'File not found');
  const exp = Math.floor(Date.now() / 1000) + REVIEW_LINK_SECONDS;
  return {
    url: `/api/v1/downloads/review/${signReviewFile(deps.downloadSigningKey, { r: file, exp })}`,
    expires_at: new Date(exp * 1000).toISOString(),
  };
}

async function tellSeller(deps: AppDeps, product: ProductRow, status: 'approved' | 'rejected', reason?: string | null) {
  const approved = status === 'approved';
  await notifyUser(
    deps,
    product.sellerId,
    (m) => ({
      type: approved ? 'success' : 'warning',
      title: approved
        ? m.notifications.productApproved.title(product.title)
        : m.notifications.productRejected.title(product.title),
      message: approved
        ? m.notifications.productApproved.message
        : m.notifications.productRejected.message(
            (reason ?? m.notifications.productRejected.noReason).replace(/[.!\s。！]+$/, ''),
          ),
      link: '/seller',
    }),
    { email: true },
  );
}

/** Approves a product that has files, none of them dangerous (files not scanned yet are scanned first). */
export async function approveProduct(deps: AppDeps, id: string) {
  const product = await requireProduct(deps, id);
  await scanUnscannedFiles(deps, product.id);
  const row = await approveIfHasFiles(deps.db, product.id);
  if (!row) {
    const blocked = (await idsWithBlockedFiles(deps.db, [product.id])).length > 0;
    throw new AppError('VALIDATION_FAILED', blocked ? DANGEROUS_FILE : NO_FILES_TO_APPROVE);
  }
  await tellSeller(deps, product, 'approved');
  return { message: 'Product approved', product: presentProduct(row) };
}

export async function rejectProduct(deps: AppDeps, id: string, reason: string) {
  const product = await requireProduct(deps, id);
  const row = await updateProduct(deps.db, product.id, { status: 'rejected', rejectionReason: reason, featured: false });
  await tellSeller(deps, product, 'rejected', reason);
  return { message: 'Product rejected', product: presentProduct(row as ProductRow) };
}

export async function featureProduct(deps: AppDeps, id: string, featured: boolean) {
  const product = await requireProduct(deps, id);
  if (featured && product.status !== 'approved')
    throw new AppError('VALIDATION_FAILED', 'Only approved products can be featured');
  const row = await updateProduct(deps.db, product.id, { featured });
  return { message: featured ? 'Product featured' : 'Product no longer featured', product: presentProduct(row as ProductRow) };
}

/** Applies one change to many products, all or nothing: one missing id changes none. */
export async function bulkUpdateProducts(deps: AppDeps, input: z.output<typeof bulkUpdateSchema>) {
  const ids = [...new Set(input.product_ids)];
  if (input.updates.status === 'approved') {
    for (const id of ids) await scanUnscannedFiles(deps, id);
  }
  const changed = await deps.db.transaction(async (tx) => {
    const found = await lockLiveProducts(tx, ids);
    if (found.length !== ids.length) throw new AppError('NOT_FOUND', 'Some products were not found; nothing was changed');
    const { status, featured, rejection_reason } = input.updates;
    if (status === 'approved' && (await idsWithoutFiles(tx, ids)).length > 0) {
      throw new AppError('VALIDATION_FAILED', SOME_WITHOUT_FILES);
    }
    if (status === 'approved' && (await idsWithBlockedFiles(tx, ids)).length > 0) {
      throw new AppError('VALIDATION_FAILED', SOME_DANGEROUS_FILES);
    }
    if (featured && status !== 'approved' && found.some((p) => p.status !== 'approved')) {
      throw new AppError('VALIDATION_FAILED', 'Only approved products can be featured; nothing was changed');
    }
    await updateProducts(tx, ids, {
      ...(status !== undefined && { status, rejectionReason: status === 'rejected' ? rejection_reason : null }),
      ...(featured !== undefined && { featured }),
    });
    return found;
  });
  if (input.updates.status === 'approved' || input.updates.status === 'rejected') {
    for (const product of changed) await tellSeller(deps, product, input.updates.status, input.updates.rejection_reason);
  }
  return { message: `${changed.length} products updated`, updated: changed.length };
}
