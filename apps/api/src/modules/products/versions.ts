import {
  type AdminVersionReview,
  BASE_VERSION_LABEL,
  type FileDiff,
  type PagingQuery,
  type ProductVersionView,
  type SellerPendingChanges,
  type SellerVersions,
  VERSION_MESSAGES,
  type VersionHistory,
  versionFormSchema,
} from '@app/shared';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { pagedList, pageOffset } from '../../lib/paging';
import { isUuid } from '../../lib/validation';
import type { ProductRow } from '../catalog/repository';
import { insertDatasetPreviews, previewUploadedFiles, startPendingPreviews } from '../dataset-previews';
import { queueProductUpdate } from '../product-updates';
import { presentScannedFile } from '../scans/present';
import { scanUploadedFiles } from '../scans/service';
import type { UserRow } from '../users/repository';
import {
  addProductFiles,
  findLiveProduct,
  lockAndCheckOrdered,
  lockLiveProducts,
  type ProductFileRow,
  refreshProductScannedAt,
} from './repository';
import {
  deleteVersionFiles,
  filesOfVersion,
  findVersion,
  hasBlockedFiles,
  insertVersion,
  listPendingChanges,
  lockVersion,
  type ProductVersionRow,
  pendingChangesOfSeller,
  releaseVersionFiles,
  setVersionStatus,
  touchProduct,
  versionsOfProduct,
} from './repository-versions';
import { pendingRevisionOf, tellSellerAboutChange } from './revisions';
import { requireOwnProduct } from './service';
import { discardUpload, receiveProductUpload } from './upload';

/**
 * Versions of an approved product (docs/decisions/0038): the seller submits a label, a markdown
 * changelog and a new file set; it waits for an admin like a new product while buyers keep the
 * approved version; once approved, every paid buyer downloads it and every earlier version, and
 * past buyers are told (product-updates). A product without versions is at its first version,
 * "1.0": nothing is stored for it (its files carry no version id).
 */

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ field, message }]);
}

function presentVersion(row: ProductVersionRow, files: ProductFileRow[]): ProductVersionView {
  return {
    id: row.id,
    label: row.label,
    changelog: row.changelog,
    status: row.status,
    rejection_reason: row.rejectionReason,
    released_at: row.approvedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    files: files.map(presentScannedFile),
  };
}

/** The implicit first version of a product: its files without a version, on sale since it was listed. */
function presentBaseVersion(product: ProductRow, files: ProductFileRow[]): ProductVersionView {
  return {
    id: null,
    label: BASE_VERSION_LABEL,
    changelog: '',
    status: 'approved',
    rejection_reason: null,
    released_at: product.createdAt.toISOString(),
    created_at: product.createdAt.toISOString(),
    files: files.map(presentScannedFile),
  };
}

/**
 * Submits a new version of one of the seller's approved products (multipart: label, changelog,
 * files). The files are scanned before the answer; they stay unreleased until an admin approves.
 */
export async function submitProductVersion(deps: AppDeps, owner: UserRow, productId: string, request: FastifyRequest) {
  const product = await requireOwnProduct(deps, owner, productId);
  const upload = await receiveProductUpload(request, deps.storage, `${product.id}-v${Date.now().toString(36)}`);
  try {
    if (upload.images.length > 0 || upload.video) throw invalid('files', VERSION_MESSAGES.onlyFiles);
    const parsed = versionFormSchema.safeParse(upload.fields);
    if (!parsed.success) {
      const errors = parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
      throw new AppError('VALIDATION_FAILED', errors[0]?.message ?? VERSION_MESSAGES.labelRequired, errors);
    }
    const form = parsed.data;
    if (product.status !== 'approved') throw invalid('product', VERSION_MESSAGES.notApproved);
    if (upload.files.length === 0) throw invalid('files', VERSION_MESSAGES.filesRequired);
    // Scanned for safety, and data files (CSV, TSV, JSON Lines, Parquet) previewed, as for a new product.
    const { files, previews } = await previewUploadedFiles(deps, await scanUploadedFiles(deps, upload.files));
    const version = await deps.db.transaction(async (tx) => {
      // One submission at a time per product: the product row is the lock.
      await lockAndCheckOrdered(tx, product.id);
      const versions = await versionsOfProduct(tx, product.id);
      if (versions.some((version) => version.status === 'pending')) throw invalid('label', VERSION_MESSAGES.pendingExists);
      const taken = [BASE_VERSION_LABEL, ...versions.filter((v) => v.status !== 'rejected').map((v) => v.label)];
      if (taken.some((label) => label.toLowerCase() === form.label.toLowerCase()))
        throw invalid('label', VERSION_MESSAGES.labelTaken);
      const row = await insertVersion(tx, {
        productId: product.id,
        label: form.label,
        changelog: form.changelog,
        submittedBy: owner.id,
      });
      await addProductFiles(
        tx,
        product.id,
        files.map((file) => ({ ...file, versionId: row.id, released: false })),
      );
      await insertDatasetPreviews(tx, product.id, previews);
      return presentVersion(row, await filesOfVersion(tx, product.id, row.id));
    });
    // Large data files are previewed after the answer.
    startPendingPreviews(deps, product.id, previews, request.log);
    return version;
  } catch (error) {
    await discardUpload(deps.storage, upload);
    throw error;
  }
}

/** Every version of one of the seller's products (the first one included), newest first, and their pending edit. */
export async function listOwnVersions(deps: AppDeps, owner: UserRow, productId: string): Promise<SellerVersions> {
  const product = await requireOwnProduct(deps, owner, productId);
  const rows = await versionsOfProduct(deps.db, product.id);
  const versions = [presentBaseVersion(product, await filesOfVersion(deps.db, product.id, null))];
  for (const row of rows) versions.push(presentVersion(row, await filesOfVersion(deps.db, product.id, row.id)));
  return {
    current_label: currentOf(product, rows).label,
    versions: versions.reverse(),
    pending_revision: await pendingRevisionOf(deps, product.id),
  };
}

/** The version buyers get now: the latest approved, or the first. */
function currentOf(product: ProductRow, rows: ProductVersionRow[]): { label: string; releasedAt: Date; id: string | null } {
  const approved = rows
    .filter((row) => row.status === 'approved' && row.approvedAt)
    .sort((a, b) => (b.approvedAt as Date).getTime() - (a.approvedAt as Date).getTime());
  const latest = approved[0];
  return latest
    ? { label: latest.label, releasedAt: latest.approvedAt as Date, id: latest.id }
    : { label: BASE_VERSION_LABEL, releasedAt: product.createdAt, id: null };
}

/** The seller's products with an edit or a version waiting for review (their product list marks them). */
export async function listOwnPendingChanges(deps: AppDeps, owner: UserRow): Promise<SellerPendingChanges> {
  const rows = await pendingChangesOfSeller(deps.db, owner.id);
  return { products: rows.map((row) => ({ product_id: row.productId, edit: row.edit, version_label: row.versionLabel })) };
}

/** The product page's version history: the current version, its date, and every released version's changelog. */
export async function publicVersionHistory(deps: AppDeps, productId: string): Promise<VersionHistory> {
  const product = isUuid(productId) ? await findLiveProduct(deps.db, productId) : undefined;
  if (product?.status !== 'approved') throw new AppError('NOT_FOUND', 'Product not found');
  const rows = await versionsOfProduct(deps.db, product.id);
  const current = currentOf(product, rows);
  const released = rows
    .filter((row) => row.status === 'approved' && row.approvedAt)
    .sort((a, b) => (b.approvedAt as Date).getTime() - (a.approvedAt as Date).getTime())
    .map((row) => ({ label: row.label, changelog: row.changelog, released_at: (row.approvedAt as Date).toISOString() }));
  return {
    current: { label: current.label, released_at: current.releasedAt.toISOString() },
    versions: [...released, { label: BASE_VERSION_LABEL, changelog: '', released_at: product.createdAt.toISOString() }],
  };
}

/** File names and sizes of a version against the version before it. */
export function diffFiles(before: ProductFileRow[], after: ProductFileRow[]): FileDiff {
  const old = new Map(before.map((file) => [file.fileName, file]));
  const diff: FileDiff = { added: [], removed: [], changed: [], unchanged: [] };
  for (const file of after) {
    const previous = old.get(file.fileName);
    old.delete(file.fileName);
    if (!previous) diff.added.push({ file_name: file.fileName, size_bytes: file.sizeBytes });
    else if (previous.sizeBytes !== file.sizeBytes)
      diff.changed.push({ file_name: file.fileName, before_bytes: previous.sizeBytes, after_bytes: file.sizeBytes });
    else diff.unchanged.push({ file_name: file.fileName, size_bytes: file.sizeBytes });
  }
  for (const file of old.values()) diff.removed.push({ file_name: file.fileName, size_bytes: file.sizeBytes });
  return diff;
}

async function requireVersion(deps: AppDeps, productId: string, versionId: string) {
  const product = isUuid(productId) ? await findLiveProduct(deps.db, productId) : undefined;
  const version = product && isUuid(versionId) ? await findVersion(deps.db, product.id, versionId) : undefined;
  if (!product || !version) throw new AppError('NOT_FOUND', VERSION_MESSAGES.versionNotFound);
  return { product, version };
}

/** A version under review: its changelog and files, and how its file set differs from the version before it. */
export async function getVersionReview(deps: AppDeps, productId: string, versionId: string): Promise<AdminVersionReview> {
  const { product, version } = await requireVersion(deps, productId, versionId);
  const rows = await versionsOfProduct(deps.db, product.id);
  // The version before: the latest approved one released before this one (or the first version).
  const before = currentOf(
    product,
    rows.filter(
      (row) => row.id !== version.id && (!version.approvedAt || (row.approvedAt && row.approvedAt < version.approvedAt)),
    ),
  );
  const files = await filesOfVersion(deps.db, product.id, version.id);
  const previous = await filesOfVersion(deps.db, product.id, before.id);
  return {
    product: { id: product.id, title: product.title, seller_name: product.sellerName, status: product.status },
    version: presentVersion(version, files),
    current: { label: before.label, released_at: before.releasedAt.toISOString() },
    file_diff: diffFiles(previous, files),
  };
}

/**
 * Approves a version: its files go on sale for every paid buyer and past buyers are told (in the
 * same transaction, through product-updates). The version row is locked, so a second approval
 * (a double click, two admins) finds it approved and changes nothing, and tells nobody twice.
 */
export async function approveVersion(deps: AppDeps, productId: string, versionId: string) {
  const { product } = await requireVersion(deps, productId, versionId);
  const result = await deps.db.transaction(async (tx) => {
    const version = (await lockVersion(tx, versionId)) as ProductVersionRow;
    if (version.status === 'approved') return { version, fresh: false };
    if (version.status === 'rejected') throw new AppError('CONFLICT', VERSION_MESSAGES.alreadyRejected);
    const [live] = await lockLiveProducts(tx, [product.id]);
    if (!live) throw new AppError('VALIDATION_FAILED', VERSION_MESSAGES.productNotLive);
    if ((await filesOfVersion(tx, live.id, version.id)).length === 0)
      throw new AppError('VALIDATION_FAILED', VERSION_MESSAGES.noFiles);
    if (await hasBlockedFiles(tx, { versionId: version.id }))
      throw new AppError('VALIDATION_FAILED', VERSION_MESSAGES.dangerousFile);
    await releaseVersionFiles(tx, version.id);
    const approved = (await setVersionStatus(tx, version.id, {
      status: 'approved',
      rejectionReason: null,
      reviewedAt: new Date(),
      approvedAt: new Date(),
    })) as ProductVersionRow;
    await refreshProductScannedAt(tx, live.id);
    await touchProduct(tx, live.id);
    await queueProductUpdate(tx, {
      productId: live.id,
      kind: 'version',
      // The e-mail's subject names the product already ("Update to {product}: {title}").
      title: approved.label,
      body: approved.changelog,
      versionId: approved.id,
    });
    return { version: approved, fresh: true };
  });
  if (result.fresh) await tellSellerAboutChange(deps, product, `${product.title} ${result.version.label}`, true);
  return { message: VERSION_MESSAGES.versionApproved, status: 'approved' as const };
}

/**
 * Rejects a version: buyers keep the versions they had; its files (never sold) are deleted.
 * Rejecting twice is harmless; an approved version cannot be rejected (buyers may have it).
 */
export async function rejectVersion(deps: AppDeps, productId: string, versionId: string, reason: string, log: FastifyBaseLogger) {
  const { product } = await requireVersion(deps, productId, versionId);
  const result = await deps.db.transaction(async (tx) => {
    const version = (await lockVersion(tx, versionId)) as ProductVersionRow;
    if (version.status === 'rejected') return { files: [] as ProductFileRow[], label: version.label, fresh: false };
    if (version.status === 'approved') throw new AppError('CONFLICT', VERSION_MESSAGES.alreadyApproved);
    await setVersionStatus(tx, version.id, { status: 'rejected', rejectionReason: reason, reviewedAt: new Date() });
    return { files: await deleteVersionFiles(tx, version.id), label: version.label, fresh: true };
  });
  const deleted = await Promise.allSettled(result.files.map((file) => deps.storage.delete(file.storageKey)));
  for (const outcome of deleted)
    if (outcome.status === 'rejected') log.warn({ err: outcome.reason }, 'Could not delete a stored file');
  if (result.fresh) await tellSellerAboutChange(deps, product, `${product.title} ${result.label}`, false, reason);
  return { message: VERSION_MESSAGES.versionRejected, status: 'rejected' as const };
}

/** The admins' queue: pending versions and edits of live products, oldest first. */
export async function listProductChanges(deps: AppDeps, query: PagingQuery) {
  const { rows, total } = await listPendingChanges(deps.db, { limit: query.limit, offset: pageOffset(query) });
  const items = rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    product_id: row.product_id,
    product_title: row.product_title,
    seller_name: row.seller_name,
    label: row.label,
    created_at: new Date(row.created_at).toISOString(),
  }));
  return pagedList('changes', items, total, query);
}
