import type { DatasetPreviewChoice, OwnDatasetPreview, PublicDatasetPreviewList } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/validation';
import { requireOwnProduct } from '../products/service';
import type { UserRow } from '../users/repository';
import { PREVIEW_LEASE_MS, startPendingPreviews } from './make-previews';
import { presentOwnPreview, presentPublicPreview } from './present';
import {
  type DatasetPreviewWithFile,
  lockPreviewOfProduct,
  previewsOfProduct,
  publicPreviewsOfProduct,
  updatePreviewChoice,
} from './repository';

/** Dataset previews as sellers choose them and everyone sees them (they are made in make-previews.ts). */

export const PREVIEW_NOT_FOUND = 'Dataset preview not found';
export const PREVIEW_FAILED_NOTHING_TO_PUBLISH = 'This file has no preview, so there is nothing to publish';
export const SAMPLE_ROWS_OUT_OF_RANGE = 'Sample rows must be rows of the preview';
export const HIDDEN_COLUMNS_UNKNOWN = 'Hidden columns must be columns of the file';
export const PREVIEW_STILL_PENDING = 'The preview of this file is still being made: try again in a minute';

/** The previews of one of the seller's own products, with every column and the candidate rows. */
export async function listOwnPreviews(
  deps: AppDeps,
  owner: UserRow,
  productId: string,
  log: FastifyBaseLogger,
): Promise<OwnDatasetPreview[]> {
  const product = await requireOwnProduct(deps, owner, productId);
  return withStalledRestarted(deps, product.id, await previewsOfProduct(deps.db, product.id), log);
}

/** The previews of any product, for the admins reviewing it. */
export async function listPreviewsForReview(
  deps: AppDeps,
  productId: string,
  log: FastifyBaseLogger,
): Promise<OwnDatasetPreview[]> {
  return withStalledRestarted(deps, productId, await previewsOfProduct(deps.db, productId), log);
}

/** Previews whose runner died (the process stopped mid-file) are read again when someone looks at them. */
function withStalledRestarted(deps: AppDeps, productId: string, rows: DatasetPreviewWithFile[], log: FastifyBaseLogger) {
  const stale = Date.now() - PREVIEW_LEASE_MS;
  const stalled = rows.filter((row) => row.status === 'pending' && row.analyzedAt.getTime() < stale);
  startPendingPreviews(deps, productId, stalled, log);
  return rows.map(presentOwnPreview);
}

/**
 * Sets which candidate rows a seller publishes (up to DATASET_SAMPLE_MAX, in the order given,
 * repeats dropped) and which columns are hidden. Takes effect at once and needs no new review: it
 * only chooses among what the reviewed file holds, and hiding only ever shows less.
 */
export async function choosePreviewSample(
  deps: AppDeps,
  owner: UserRow,
  productId: string,
  previewId: string,
  choice: DatasetPreviewChoice,
): Promise<OwnDatasetPreview> {
  const product = await requireOwnProduct(deps, owner, productId);
  if (!isUuid(previewId)) throw new AppError('NOT_FOUND', PREVIEW_NOT_FOUND);
  return deps.db.transaction(async (tx) => {
    const preview = await lockPreviewOfProduct(tx, product.id, previewId);
    if (!preview) throw new AppError('NOT_FOUND', PREVIEW_NOT_FOUND);
    if (preview.status === 'pending') throw new AppError('CONFLICT', PREVIEW_STILL_PENDING);
    if (preview.status !== 'ready') throw new AppError('CONFLICT', PREVIEW_FAILED_NOTHING_TO_PUBLISH);
    const sampleRows = [...new Set(choice.sample_rows)];
    if (sampleRows.some((index) => index >= preview.candidateRows.length)) {
      throw new AppError('VALIDATION_FAILED', SAMPLE_ROWS_OUT_OF_RANGE, [
        { field: 'sample_rows', message: SAMPLE_ROWS_OUT_OF_RANGE },
      ]);
    }
    const names = new Set(preview.columns.map((column) => column.name));
    const hiddenColumns = [...new Set(choice.hidden_columns)];
    if (hiddenColumns.some((name) => !names.has(name))) {
      throw new AppError('VALIDATION_FAILED', HIDDEN_COLUMNS_UNKNOWN, [
        { field: 'hidden_columns', message: HIDDEN_COLUMNS_UNKNOWN },
      ]);
    }
    await updatePreviewChoice(tx, preview.id, { sampleRows, hiddenColumns });
    return presentOwnPreview({ ...preview, sampleRows, hiddenColumns });
  });
}

/**
 * The previews of a public product as anyone may see them (published rows and columns not hidden
 * only), or null when the product is not public. The same for every viewer, buyers included: the
 * whole file is what a purchase buys.
 */
export async function publicDatasetPreviews(deps: AppDeps, id: string): Promise<PublicDatasetPreviewList | null> {
  const trimmed = id.trim();
  if (!isUuid(trimmed)) return null;
  const rows = await publicPreviewsOfProduct(deps.db, trimmed);
  if (!rows) return null;
  return { product_id: trimmed, previews: rows.map(presentPublicPreview) };
}
