import { randomUUID } from 'node:crypto';
import {
  CARD_MESSAGES,
  type CardIssue,
  checkListingCard,
  DEFAULT_LICENSE,
  findCategory,
  findLicense,
  type ListingCardInput,
  type OwnProduct,
  PRODUCT_FILES_REQUIRED,
  productFormSchema,
  productUpdateSchema,
  type StoredListingCard,
  SUGGESTED_BELOW_MINIMUM,
  VERSION_MESSAGES,
} from '@app/shared';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { dollarsToCents } from '../../lib/money';
import { isUuid } from '../../lib/validation';
import type { ProductRow } from '../catalog/repository';
import { insertDatasetPreviews, previewUploadedFiles, startPendingPreviews } from '../dataset-previews';
import { presentOwnProduct } from '../scans/present';
import { scanUploadedFiles } from '../scans/service';
import type { UserRow } from '../users/repository';
import {
  addProductFiles,
  countProductFiles,
  deleteProductFile,
  deleteProductFiles,
  filesOfProduct,
  findLiveProduct,
  findOwnLiveProduct,
  findProductFile,
  insertProduct,
  lockAndCheckOrdered,
  refreshProductScannedAt,
  updateProduct,
} from './repository';
import { type EditOutcome, proposeFileRemoval, proposeRevision } from './revisions';
import { discardUpload, receiveProductUpload } from './upload';

/**
 * A seller's (or simple admin's) own listings: create, change, remove. A change of a product not
 * yet approved sends it back to review; a change of an approved one becomes a pending revision
 * while the approved listing stays on sale (revisions.ts). The review itself is in review.ts.
 */

function parseForm<T>(
  schema: {
    safeParse(
      value: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  fields: Record<string, string>,
): T {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
    throw new AppError('VALIDATION_FAILED', errors[0]?.message ?? 'Invalid product', errors);
  }
  return parsed.data;
}

/**
 * Creates a product from a multipart form; it starts pending review. Files are streamed into
 * storage first, then scanned for safety (the seller sees the verdicts in the answer); if
 * validation or the insert fails they are deleted, so nothing is left behind.
 */
export async function createListedProduct(deps: AppDeps, owner: UserRow, request: FastifyRequest) {
  const productId = randomUUID();
  const upload = await receiveProductUpload(request, deps.storage, productId);
  try {
    const form = parseForm(productFormSchema, upload.fields);
    const { card } = checkListingCard(form.category, form.license, form.card);
    if (upload.files.length === 0) throw filesRequired();
    // Scanned for safety, and data files (CSV, TSV, JSON Lines, Parquet) previewed, before the answer.
    const { files, previews } = await previewUploadedFiles(deps, await scanUploadedFiles(deps, upload.files));
    const product = await deps.db.transaction(async (tx) => {
      const row = await insertProduct(
        tx,
        {
          id: productId,
          sellerId: owner.id,
          sellerName: `${owner.firstName} ${owner.lastName}`,
          title: form.title,
          shortDescription: form.short_description ?? '',
          description: form.description,
          priceCents: dollarsToCents(form.price),
          pwywSuggestedCents: form.pay_what_you_want ? dollarsToCents(form.suggested_price as number) : null,
          originalPriceCents: form.original_price === undefined ? null : dollarsToCents(form.original_price),
          category: findCategory(form.category)?.slug as string,
          license: findLicense(form.license)?.slug ?? DEFAULT_LICENSE,
          card,
          tags: form.tags ?? [],
          images: upload.images,
          demoVideoKey: upload.video,
          status: 'pending',
          scannedAt: new Date(Math.max(...files.map((file) => file.scannedAt.getTime()))),
        },
        files,
      );
      await insertDatasetPreviews(tx, productId, previews);
      return presentOwnProduct(row, await filesOfProduct(tx, productId));
    });
    // Large data files are previewed after the answer.
    startPendingPreviews(deps, productId, previews, request.log);
    return product;
  } catch (error) {
    await discardUpload(deps.storage, upload);
    throw error;
  }
}

/**
 * The listing card after an update: the card sent, checked against the (new) category and licence;
 * when none is sent, the stored one, kept to the fields of the category (a custom licence still
 * needs its text and summary).
 */
function updatedCard(
  existing: ProductRow,
  form: { category?: string; license?: string; card?: ListingCardInput & Record<string, unknown> },
): StoredListingCard {
  const category = form.category ?? existing.category;
  const license = form.license ?? existing.license;
  const sent = form.card;
  const stored = existing.card ?? {};
  const input = sent ?? {
    model: stored.model ?? undefined,
    dataset: stored.dataset ?? undefined,
    api: stored.api ?? undefined,
    license_text: stored.license_text ?? undefined,
    commercial_use: stored.commercial_use,
    redistribution: stored.redistribution,
    modification: stored.modification,
  };
  const { card, issues } = checkListingCard(category, license, input as Parameters<typeof checkListingCard>[2]);
  // Without a card sent, a category with no card yet keeps none (as before cards existed).
  const problems = sent ? issues : issues.filter((issue) => issue.message !== CARD_MESSAGES.cardFields);
  if (problems.length > 0) throw cardInvalid(problems);
  return card;
}

/**
 * The pay-what-you-want suggested price after an edit (cents; null: a fixed price): switched on
 * or off by `pay_what_you_want`, kept when only the price changes, never below the minimum.
 */
function updatedSuggestedPrice(
  existing: ProductRow,
  form: { pay_what_you_want?: boolean; suggested_price?: number },
  priceCents: number,
): number | null {
  const on = form.pay_what_you_want ?? existing.pwywSuggestedCents !== null;
  if (!on) return null;
  const suggested = form.suggested_price === undefined ? existing.pwywSuggestedCents : dollarsToCents(form.suggested_price);
  if (suggested === null) {
    throw new AppError('VALIDATION_FAILED', 'Suggested price is required', [
      { field: 'suggested_price', message: 'Suggested price is required' },
    ]);
  }
  if (suggested < priceCents) {
    throw new AppError('VALIDATION_FAILED', SUGGESTED_BELOW_MINIMUM, [
      { field: 'suggested_price', message: SUGGESTED_BELOW_MINIMUM },
    ]);
  }
  return suggested;
}

function cardInvalid(issues: CardIssue[]): AppError {
  return new AppError('VALIDATION_FAILED', issues[0]?.message ?? 'Invalid product', issues);
}

function filesRequired(): AppError {
  return new AppError('VALIDATION_FAILED', PRODUCT_FILES_REQUIRED, [{ field: 'files', message: PRODUCT_FILES_REQUIRED }]);
}

/** One of the owner's own products (404 for anyone else's, or a deleted one). */
export async function requireOwnProduct(deps: AppDeps, owner: UserRow, productId: string): Promise<ProductRow> {
  const product = isUuid(productId) ? await findOwnLiveProduct(deps.db, owner.id, productId) : undefined;
  if (!product) throw new AppError('NOT_FOUND', 'Product not found');
  return product;
}

/**
 * Updates an own product. New images replace the old; new files are added. A product not yet
 * approved goes back to pending review; an approved one stays on sale as it is and the edit waits
 * as a revision (or publishes at once when it is a small text fix the admins allow).
 */
export async function updateListedProduct(
  deps: AppDeps,
  owner: UserRow,
  productId: string,
  request: FastifyRequest,
): Promise<{ view: OwnProduct; outcome: EditOutcome }> {
  const existing = await requireOwnProduct(deps, owner, productId);
  const upload = await receiveProductUpload(request, deps.storage, `${existing.id}-${Date.now().toString(36)}`);
  try {
    const form = parseForm(productUpdateSchema, upload.fields);
    const price = form.price === undefined ? existing.priceCents : dollarsToCents(form.price);
    const original = form.original_price === undefined ? existing.originalPriceCents : dollarsToCents(form.original_price);
    if (original !== null && original < price) {
      throw new AppError('VALIDATION_FAILED', 'Original price must not be lower than the price', [
        { field: 'original_price', message: 'Original price must not be lower than the price' },
      ]);
    }
    const suggested = updatedSuggestedPrice(existing, form, price);
    const card = updatedCard(existing, form);
    // The schema defaults a missing short description to '': only one actually sent changes it.
    const shortSent = upload.fields.short_description !== undefined;
    if (existing.status === 'approved') {
      const { files: scanned, previews } = await previewUploadedFiles(deps, await scanUploadedFiles(deps, upload.files));
      const sentCard = form.card !== undefined || form.category !== undefined || form.license !== undefined;
      const proposed = await proposeRevision(
        deps,
        owner,
        existing,
        {
          ...(form.title !== undefined && { title: form.title }),
          ...(shortSent && { shortDescription: form.short_description }),
          ...(form.description !== undefined && { description: form.description }),
          ...(form.category !== undefined && { category: findCategory(form.category)?.slug as string }),
          ...(form.license !== undefined && { license: findLicense(form.license)?.slug ?? DEFAULT_LICENSE }),
          ...(sentCard && { card }),
          ...(form.tags !== undefined && { tags: form.tags }),
          ...(upload.images.length > 0 && { images: upload.images }),
          ...(upload.video && { demoVideoKey: upload.video }),
          ...(form.price !== undefined && { priceCents: price }),
          ...(suggested !== existing.pwywSuggestedCents && { pwywSuggestedCents: suggested }),
          ...(form.original_price !== undefined && { originalPriceCents: original }),
        },
        scanned,
        request.log,
        previews,
      );
      startPendingPreviews(deps, existing.id, previews, request.log);
      return proposed;
    }
    // Scanned for safety, and data files (CSV, TSV, JSON Lines, Parquet) previewed, before the answer.
    const { files, previews } = await previewUploadedFiles(deps, await scanUploadedFiles(deps, upload.files));
    const updated = await deps.db.transaction(async (tx) => {
      // Resubmitting is submitting: the product must still have something to download.
      if (upload.files.length === 0 && (await countProductFiles(tx, existing.id)) === 0) throw filesRequired();
      if (files.length > 0) {
        await addProductFiles(tx, existing.id, files);
        await insertDatasetPreviews(tx, existing.id, previews);
        await refreshProductScannedAt(tx, existing.id);
      }
      const row = await updateProduct(tx, existing.id, {
        ...(form.title !== undefined && { title: form.title }),
        ...(shortSent && { shortDescription: form.short_description }),
        ...(form.description !== undefined && { description: form.description }),
        ...(form.category !== undefined && { category: findCategory(form.category)?.slug as string }),
        ...(form.license !== undefined && { license: findLicense(form.license)?.slug ?? DEFAULT_LICENSE }),
        card,
        ...(form.tags !== undefined && { tags: form.tags }),
        ...(upload.images.length > 0 && { images: upload.images }),
        ...(upload.video && { demoVideoKey: upload.video }),
        priceCents: price,
        pwywSuggestedCents: suggested,
        originalPriceCents: original,
        status: 'pending',
        rejectionReason: null,
        featured: false,
      });
      return presentOwnProduct(row as ProductRow, await filesOfProduct(tx, existing.id));
    });
    // Images and a video replaced by new ones are no longer shown anywhere.
    await deleteStoredFiles(deps, request.log, [
      ...(upload.images.length > 0 ? ownMediaKeys(existing.id, existing.images) : []),
      ...(upload.video ? ownMediaKeys(existing.id, [existing.demoVideoKey]) : []),
    ]);
    startPendingPreviews(deps, existing.id, previews, request.log);
    return { view: updated, outcome: 'resubmitted' };
  } catch (error) {
    await discardUpload(deps.storage, upload);
    throw error;
  }
}

/** The seller's answer to an edit: sent back to review, waiting as a revision while on sale, or live at once. */
export function editMessage(outcome: EditOutcome, resubmitted: string): string {
  if (outcome === 'revision') return VERSION_MESSAGES.editSentForReview;
  if (outcome === 'published') return VERSION_MESSAGES.editPublished;
  if (outcome === 'unchanged') return 'Nothing to update';
  return resubmitted;
}

/** Whether any order names the product (its files then stay for the buyers). */
async function ordersNameProduct(deps: AppDeps, productId: string): Promise<boolean> {
  return deps.db.transaction((tx) => lockAndCheckOrdered(tx, productId));
}

/** One of the owner's own products with its files and their scans. */
export async function getOwnProduct(deps: AppDeps, owner: UserRow, productId: string) {
  const product = await requireOwnProduct(deps, owner, productId);
  return presentOwnProduct(product, await filesOfProduct(deps.db, product.id));
}

export const FILES_STAY_FOR_BUYERS = 'Buyers own this product, so its files stay: upload a corrected file instead';

/**
 * Removes one file of an own product (to replace it: the new file comes with an update) and sends
 * the product back to review. Once an order names the product its files stay, so buyers keep what
 * they paid for, except a file the safety scan found dangerous.
 */
export async function removeListedProductFile(
  deps: AppDeps,
  owner: UserRow,
  productId: string,
  fileId: string,
  log: FastifyBaseLogger,
) {
  const product = await requireOwnProduct(deps, owner, productId);
  if (product.status === 'approved') {
    // An approved product stays on sale: the removal waits in its pending revision (a dangerous file goes at once).
    const file = isUuid(fileId) ? await findProductFile(deps.db, product.id, fileId) : undefined;
    if (!file?.released) throw new AppError('NOT_FOUND', 'File not found');
    if (file.scanVerdict !== 'dangerous') {
      if (await ordersNameProduct(deps, product.id)) throw new AppError('CONFLICT', FILES_STAY_FOR_BUYERS);
      return proposeFileRemoval(deps, owner, product, file.id);
    }
  }
  const { removed, view } = await deps.db.transaction(async (tx) => {
    const ordered = await lockAndCheckOrdered(tx, product.id);
    const file = isUuid(fileId) ? await findProductFile(tx, product.id, fileId) : undefined;
    if (!file) throw new AppError('NOT_FOUND', 'File not found');
    if (ordered && file.scanVerdict !== 'dangerous') throw new AppError('CONFLICT', FILES_STAY_FOR_BUYERS);
    await deleteProductFile(tx, product.id, file.id);
    await refreshProductScannedAt(tx, product.id);
    // A dangerous file of an approved product goes without taking the product off sale.
    const row =
      product.status === 'approved'
        ? await findLiveProduct(tx, product.id)
        : await updateProduct(tx, product.id, { status: 'pending', rejectionReason: null, featured: false });
    return { removed: file, view: presentOwnProduct(row as ProductRow, await filesOfProduct(tx, product.id)) };
  });
  await deleteStoredFiles(deps, log, [removed.storageKey]);
  return view;
}

/**
 * Removes a product from sale and deletes its stored images and video. Its files are deleted too,
 * unless an order names the product: then they stay, so buyers keep their downloads.
 */
export async function deleteListedProduct(
  deps: AppDeps,
  owner: UserRow,
  productId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const product = await requireOwnProduct(deps, owner, productId);
  const files = await deps.db.transaction(async (tx) => {
    const ordered = await lockAndCheckOrdered(tx, product.id);
    await updateProduct(tx, product.id, { deletedAt: new Date(), featured: false });
    return ordered ? [] : deleteProductFiles(tx, product.id);
  });
  await deleteStoredFiles(deps, log, [
    ...ownMediaKeys(product.id, [...product.images, product.demoVideoKey]),
    ...files.map((file) => file.storageKey),
  ]);
}

/**
 * The stored images and video written for this product (their keys start with its id). Absolute
 * URLs, and images several products share (the bulk catalogue's category pictures), are left alone.
 */
function ownMediaKeys(productId: string, references: (string | null)[]): string[] {
  return references.filter(
    (key): key is string =>
      key !== null && (key.startsWith(`product-images/${productId}`) || key.startsWith(`product-videos/${productId}`)),
  );
}

/** Deletes files whose rows are already gone; one that fails is logged, not fatal (the change is committed). */
async function deleteStoredFiles(deps: AppDeps, log: FastifyBaseLogger, keys: string[]): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => deps.storage.delete(key)));
  for (const [index, result] of results.entries()) {
    if (result.status === 'rejected') log.warn({ err: result.reason, key: keys[index] }, 'Could not delete a stored file');
  }
}
