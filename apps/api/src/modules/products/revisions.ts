import {
  type AdminRevisionReview,
  type FieldChange,
  type OwnProduct,
  type ProductReviewSettings,
  REVISION_FIELDS,
  type RevisionField,
  type StoredListingCard,
  SUGGESTED_BELOW_MINIMUM,
  VERSION_MESSAGES,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { centsToDollars } from '../../lib/money';
import { isUuid } from '../../lib/validation';
import { imageUrl } from '../catalog/present';
import type { ProductRow } from '../catalog/repository';
import { insertDatasetPreviews, type NewDatasetPreview } from '../dataset-previews';
import { notifyUser } from '../notifications/service';
import { presentOwnProduct, presentScannedFile } from '../scans/present';
import type { FileScan } from '../scans/service';
import {
  addProductFiles,
  deleteProductFile,
  filesOfProduct,
  findLiveProduct,
  findProductFile,
  lockAndCheckOrdered,
  lockLiveProducts,
  type NewProductFile,
  type ProductChanges,
  refreshProductScannedAt,
  updateProduct,
} from './repository';
import {
  deleteRevisionFiles,
  filesOfRevision,
  findPendingRevision,
  findRevision,
  hasBlockedFiles,
  insertRevision,
  latestApprovedVersion,
  lockPendingRevision,
  lockRevision,
  type ProductRevisionRow,
  readMinorEditMaxChars,
  releaseRevisionFiles,
  saveMinorEditMaxChars,
  updateRevision,
} from './repository-versions';

/**
 * Edits of an approved product (docs/decisions/0038): the approved listing stays on sale and
 * downloadable while the edit waits as a revision; an admin compares it field by field and on
 * approval it replaces the live values at once. Orders keep the price they were placed at (order
 * lines store their own unit price). A small text fix may publish without review when the admins
 * set a threshold (product_review_settings.minor_edit_max_chars; 0, the default, means never).
 */

/** The proposed values, by column; `removed_file_ids` lists files the edit takes away. */
export interface RevisionChanges {
  title?: string;
  shortDescription?: string;
  description?: string;
  category?: string;
  license?: string;
  card?: StoredListingCard;
  tags?: string[];
  images?: string[];
  demoVideoKey?: string | null;
  priceCents?: number;
  /** Pay what you want (null: a fixed price); priceCents is then the minimum. */
  pwywSuggestedCents?: number | null;
  originalPriceCents?: number | null;
  removedFileIds?: string[];
}

const COLUMN_OF: Record<RevisionField, keyof RevisionChanges> = {
  title: 'title',
  short_description: 'shortDescription',
  description: 'description',
  price: 'priceCents',
  suggested_price: 'pwywSuggestedCents',
  original_price: 'originalPriceCents',
  category: 'category',
  license: 'license',
  card: 'card',
  tags: 'tags',
  images: 'images',
  demo_video: 'demoVideoKey',
};

/** Key order does not make two cards different. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${stableJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function liveValue(product: ProductRow, column: keyof RevisionChanges): unknown {
  return column === 'removedFileIds' ? [] : (product as unknown as Record<string, unknown>)[column];
}

/** The fields of `proposed` that differ from the live product. */
export function changedFields(product: ProductRow, proposed: RevisionChanges): RevisionChanges {
  const changed: RevisionChanges = {};
  for (const column of Object.values(COLUMN_OF)) {
    const value = proposed[column];
    if (value === undefined) continue;
    if (stableJson(value) !== stableJson(liveValue(product, column))) Object.assign(changed, { [column]: value });
  }
  return changed;
}

/**
 * How many characters an edit changes in a text: what lies between the common start and the common
 * end (a fair count for typo fixes, in linear time even for long descriptions).
 */
export function changedCharacters(before: string, after: string): number {
  const a = Array.from(before);
  const b = Array.from(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end += 1;
  return Math.max(a.length - start - end, b.length - start - end);
}

/** Whether an edit is a small text fix the admins let publish without review. */
function isMinorEdit(product: ProductRow, changes: RevisionChanges, maxChars: number, hasFiles: boolean): boolean {
  if (maxChars <= 0 || hasFiles) return false;
  const columns = Object.keys(changes);
  if (columns.length === 0 || columns.some((column) => column !== 'shortDescription' && column !== 'description')) return false;
  const total =
    (changes.shortDescription === undefined ? 0 : changedCharacters(product.shortDescription, changes.shortDescription)) +
    (changes.description === undefined ? 0 : changedCharacters(product.description, changes.description));
  return total <= maxChars;
}

/** The product columns an approved revision writes. */
function productColumns(changes: RevisionChanges): ProductChanges {
  const { removedFileIds: _removed, ...columns } = changes;
  return columns as ProductChanges;
}

/** A pay-what-you-want product's suggested price may not fall below its minimum (the table's check would refuse it at approval). */
function assertSuggestedNotBelowMinimum(live: ProductRow, changes: RevisionChanges): void {
  const minimum = changes.priceCents ?? live.priceCents;
  const suggested = changes.pwywSuggestedCents !== undefined ? changes.pwywSuggestedCents : live.pwywSuggestedCents;
  if (suggested !== null && suggested < minimum) {
    throw new AppError('VALIDATION_FAILED', SUGGESTED_BELOW_MINIMUM, [
      { field: 'suggested_price', message: SUGGESTED_BELOW_MINIMUM },
    ]);
  }
}

export type EditOutcome = 'resubmitted' | 'revision' | 'published' | 'unchanged';

/**
 * An edit of an approved product: published at once when it is a small text fix the admins allow,
 * otherwise kept as the product's pending revision (a later edit before review updates that same
 * revision). Files arrive scanned and stay unreleased until the revision is approved.
 */
export async function proposeRevision(
  deps: AppDeps,
  owner: { id: string },
  product: ProductRow,
  proposed: RevisionChanges,
  files: (NewProductFile & FileScan & { id: string })[],
  log: FastifyBaseLogger,
  previews: NewDatasetPreview[] = [],
): Promise<{ view: OwnProduct; outcome: EditOutcome }> {
  const maxChars = await readMinorEditMaxChars(deps.db);
  const { outcome, discarded } = await deps.db.transaction(async (tx) => {
    await lockAndCheckOrdered(tx, product.id);
    const [live] = await lockLiveProducts(tx, [product.id]);
    if (!live) throw new AppError('NOT_FOUND', 'Product not found');
    const changes = changedFields(live, proposed);
    const pending = await lockPendingRevision(tx, live.id);
    if (!pending && isMinorEdit(live, changes, maxChars, files.length > 0)) {
      await updateProduct(tx, live.id, productColumns(changes));
      await insertRevision(tx, {
        productId: live.id,
        changes: changes as Record<string, unknown>,
        submittedBy: owner.id,
        status: 'approved',
        autoPublished: true,
        reviewedAt: new Date(),
      });
      return { outcome: 'published' as const, discarded: [] as string[] };
    }
    if (!pending && Object.keys(changes).length === 0 && files.length === 0) {
      return { outcome: 'unchanged' as const, discarded: [] as string[] };
    }
    let revision: ProductRevisionRow;
    const discarded: string[] = [];
    if (pending) {
      // Fields sent again replace the pending values (or drop them when back to the live value).
      const merged = { ...(pending.changes as RevisionChanges) };
      for (const column of Object.values(COLUMN_OF)) {
        if (proposed[column] === undefined) continue;
        const before = merged[column];
        if (changes[column] === undefined) delete merged[column];
        else Object.assign(merged, { [column]: changes[column] });
        // Images or a video uploaded for the pending revision and now replaced are stored for nothing.
        if ((column === 'images' || column === 'demoVideoKey') && before !== undefined && before !== merged[column]) {
          discarded.push(...ownMedia(live.id, column === 'images' ? (before as string[]) : [before as string | null]));
        }
      }
      // Folded into the waiting edit, a price and a suggested price sent apart must still fit together.
      assertSuggestedNotBelowMinimum(live, merged);
      revision = (await updateRevision(tx, pending.id, { changes: merged as Record<string, unknown> })) ?? pending;
    } else {
      revision = await insertRevision(tx, {
        productId: live.id,
        changes: changes as Record<string, unknown>,
        submittedBy: owner.id,
      });
    }
    if (files.length > 0) {
      await addProductFiles(
        tx,
        live.id,
        files.map((file) => ({ ...file, revisionId: revision.id, released: false })),
      );
      await insertDatasetPreviews(tx, live.id, previews);
    }
    return { outcome: 'revision' as const, discarded };
  });
  await deleteStored(deps, log, discarded);
  const row = (await findLiveProduct(deps.db, product.id)) as ProductRow;
  return { view: presentOwnProduct(row, await filesOfProduct(deps.db, row.id)), outcome };
}

/** A file removal of an approved product: it waits in the pending revision like any other edit. */
export async function proposeFileRemoval(deps: AppDeps, owner: { id: string }, product: ProductRow, fileId: string) {
  await deps.db.transaction(async (tx) => {
    const pending = await lockPendingRevision(tx, product.id);
    if (pending) {
      const changes = pending.changes as RevisionChanges;
      const removed = [...new Set([...(changes.removedFileIds ?? []), fileId])];
      await updateRevision(tx, pending.id, { changes: { ...changes, removedFileIds: removed } as Record<string, unknown> });
    } else {
      await insertRevision(tx, { productId: product.id, changes: { removedFileIds: [fileId] }, submittedBy: owner.id });
    }
  });
  return presentOwnProduct(product, await filesOfProduct(deps.db, product.id));
}

/** Stored images and videos written for this product (keys starting with its id); shared pictures and URLs are left alone. */
function ownMedia(productId: string, references: (string | null | undefined)[]): string[] {
  return references.filter(
    (key): key is string =>
      typeof key === 'string' && (key.startsWith(`product-images/${productId}`) || key.startsWith(`product-videos/${productId}`)),
  );
}

async function deleteStored(deps: AppDeps, log: FastifyBaseLogger, keys: string[]): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => deps.storage.delete(key)));
  for (const [index, result] of results.entries()) {
    if (result.status === 'rejected') log.warn({ err: result.reason, key: keys[index] }, 'Could not delete a stored file');
  }
}

function display(column: keyof RevisionChanges, value: unknown): FieldChange['before'] {
  if (value === undefined || value === null) return null;
  switch (column) {
    case 'priceCents':
    case 'pwywSuggestedCents':
    case 'originalPriceCents':
      return centsToDollars(value as number);
    case 'images':
      return (value as string[]).map(imageUrl);
    case 'demoVideoKey':
      return imageUrl(value as string);
    case 'tags':
      return value as string[];
    case 'card':
      return JSON.stringify(value, null, 2);
    default:
      return String(value);
  }
}

async function requireRevision(deps: AppDeps, revisionId: string): Promise<ProductRevisionRow> {
  const revision = isUuid(revisionId) ? await findRevision(deps.db, revisionId) : undefined;
  if (!revision) throw new AppError('NOT_FOUND', VERSION_MESSAGES.revisionNotFound);
  return revision;
}

/** An edit with each changed field before (the live value) and after, and the files it adds and removes. */
export async function getRevisionReview(deps: AppDeps, revisionId: string): Promise<AdminRevisionReview> {
  const revision = await requireRevision(deps, revisionId);
  const product = await findLiveProduct(deps.db, revision.productId);
  if (!product) throw new AppError('NOT_FOUND', VERSION_MESSAGES.revisionNotFound);
  const changes = revision.changes as RevisionChanges;
  const fields: FieldChange[] = REVISION_FIELDS.filter((field) => changes[COLUMN_OF[field]] !== undefined).map((field) => ({
    field,
    before: display(COLUMN_OF[field], liveValue(product, COLUMN_OF[field])),
    after: display(COLUMN_OF[field], changes[COLUMN_OF[field]]),
  }));
  const removed = [];
  for (const id of changes.removedFileIds ?? []) {
    const file = await findProductFile(deps.db, product.id, id);
    if (file) removed.push(presentScannedFile(file));
  }
  return {
    id: revision.id,
    status: revision.status,
    rejection_reason: revision.rejectionReason,
    auto_published: revision.autoPublished,
    created_at: revision.createdAt.toISOString(),
    product: { id: product.id, title: product.title, seller_name: product.sellerName, status: product.status },
    changes: fields,
    added_files: (await filesOfRevision(deps.db, revision.id)).map(presentScannedFile),
    removed_files: removed,
  };
}

/** The seller's pending edit of a product, as the names of the fields it changes. */
export async function pendingRevisionOf(deps: AppDeps, productId: string) {
  const pending = await findPendingRevision(deps.db, productId);
  if (!pending) return null;
  const changes = pending.changes as RevisionChanges;
  const fields: string[] = REVISION_FIELDS.filter((field) => changes[COLUMN_OF[field]] !== undefined);
  if ((changes.removedFileIds ?? []).length > 0 || (await filesOfRevision(deps.db, pending.id)).length > 0) fields.push('files');
  return { id: pending.id, created_at: pending.createdAt.toISOString(), fields };
}

/**
 * Approves an edit: its values replace the live ones at once, its files join the current version
 * and the files it removes go (unless a buyer owns the product meanwhile: those stay). A second
 * approval of the same edit changes nothing.
 */
export async function approveRevision(deps: AppDeps, revisionId: string, log: FastifyBaseLogger) {
  await requireRevision(deps, revisionId);
  const { product, stale } = await deps.db.transaction(async (tx) => {
    const revision = (await lockRevision(tx, revisionId)) as ProductRevisionRow;
    if (revision.status === 'approved') return { product: undefined, stale: [] as string[] };
    if (revision.status === 'rejected') throw new AppError('CONFLICT', VERSION_MESSAGES.alreadyRejected);
    const ordered = await lockAndCheckOrdered(tx, revision.productId);
    const [live] = await lockLiveProducts(tx, [revision.productId]);
    if (!live) throw new AppError('VALIDATION_FAILED', VERSION_MESSAGES.productNotLive);
    if (await hasBlockedFiles(tx, { revisionId })) throw new AppError('VALIDATION_FAILED', VERSION_MESSAGES.dangerousFile);
    const changes = revision.changes as RevisionChanges;
    const stale = applyStale(live, changes);
    const columns = productColumns(changes);
    const updated = Object.keys(columns).length > 0 ? await updateProduct(tx, live.id, columns) : live;
    for (const fileId of changes.removedFileIds ?? []) {
      const file = await findProductFile(tx, live.id, fileId);
      if (file && (!ordered || file.scanVerdict === 'dangerous')) {
        await deleteProductFile(tx, live.id, file.id);
        stale.push(file.storageKey);
      }
    }
    const current = await latestApprovedVersion(tx, live.id);
    await releaseRevisionFiles(tx, revision.id, current?.id ?? null);
    await refreshProductScannedAt(tx, live.id);
    await updateRevision(tx, revision.id, { status: 'approved', reviewedAt: new Date(), rejectionReason: null });
    return { product: updated, stale };
  });
  await deleteStored(deps, log, stale);
  if (product) await tellSellerAboutChange(deps, product, product.title, true);
  return { message: VERSION_MESSAGES.revisionApproved, status: 'approved' as const, product };
}

/** The stored images and video that approving these changes replaces. */
function applyStale(live: ProductRow, changes: RevisionChanges): string[] {
  return [
    ...(changes.images !== undefined
      ? ownMedia(
          live.id,
          live.images.filter((key) => !changes.images?.includes(key)),
        )
      : []),
    ...(changes.demoVideoKey !== undefined && changes.demoVideoKey !== live.demoVideoKey
      ? ownMedia(live.id, [live.demoVideoKey])
      : []),
  ];
}

/** Rejects an edit: the live listing stays as it is, and whatever the edit uploaded is deleted. Rejecting twice is harmless. */
export async function rejectRevision(deps: AppDeps, revisionId: string, reason: string, log: FastifyBaseLogger) {
  await requireRevision(deps, revisionId);
  const { stale, productId, live } = await deps.db.transaction(async (tx: Tx) => {
    const revision = (await lockRevision(tx, revisionId)) as ProductRevisionRow;
    if (revision.status === 'rejected') return { stale: [] as string[], productId: null, live: undefined };
    if (revision.status === 'approved') throw new AppError('CONFLICT', VERSION_MESSAGES.alreadyApproved);
    const files = await deleteRevisionFiles(tx, revision.id);
    await updateRevision(tx, revision.id, { status: 'rejected', rejectionReason: reason, reviewedAt: new Date() });
    const changes = revision.changes as RevisionChanges;
    const [live] = await lockLiveProducts(tx, [revision.productId]);
    const uploaded = ownMedia(revision.productId, [...(changes.images ?? []), changes.demoVideoKey]).filter(
      (key) => !live || (!live.images.includes(key) && live.demoVideoKey !== key),
    );
    return { stale: [...files.map((file) => file.storageKey), ...uploaded], productId: revision.productId, live };
  });
  await deleteStored(deps, log, stale);
  if (live) await tellSellerAboutChange(deps, live, live.title, false, reason);
  return { message: VERSION_MESSAGES.revisionRejected, status: 'rejected' as const, productId };
}

/** Tells the seller (notification and e-mail, in their language) that a change of their product was approved or rejected. */
export async function tellSellerAboutChange(
  deps: AppDeps,
  product: { sellerId: string; title: string },
  name: string,
  approved: boolean,
  reason?: string,
) {
  await notifyUser(
    deps,
    product.sellerId,
    (m) => ({
      type: approved ? 'success' : 'warning',
      title: approved ? m.notifications.productApproved.title(name) : m.notifications.productRejected.title(name),
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

export async function readReviewSettings(deps: AppDeps): Promise<ProductReviewSettings> {
  return { minor_edit_max_chars: await readMinorEditMaxChars(deps.db) };
}

export async function saveReviewSettings(deps: AppDeps, input: ProductReviewSettings) {
  await saveMinorEditMaxChars(deps.db, input.minor_edit_max_chars);
  return { message: VERSION_MESSAGES.settingsSaved, ...(await readReviewSettings(deps)) };
}
