import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { DATASET_SAMPLE_DEFAULT, type DatasetFormat, datasetFormatOf } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../lib/context';
import type { Storage } from '../../lib/storage';
import { analyzeDataset, DATASET_UNREADABLE, type DatasetAnalysis, DEFAULT_PREVIEW_LIMITS, type PreviewLimits } from './analyze';
import { claimPendingPreviews, completePendingPreview, type NewDatasetPreview } from './repository';

/** Dataset previews of stored product files, made right after upload (the products module calls in here). */

/** The preview's limits, with Parquet files spooled under DATA_DIR/tmp (a disk the shop already sized for files). */
function limitsFor(deps: Pick<AppDeps, 'config'>): PreviewLimits {
  return { ...DEFAULT_PREVIEW_LIMITS, tempDir: path.join(deps.config.dataDir, 'tmp') };
}

/** Analyses one stored data file, streamed from storage (local disk or S3). */
export async function previewStoredFile(
  storage: Storage,
  key: string,
  fileName: string,
  limits: PreviewLimits = DEFAULT_PREVIEW_LIMITS,
): Promise<DatasetAnalysis | null> {
  const format = datasetFormatOf(fileName);
  if (!format) return null;
  const stream = await storage.get(key);
  if (!stream) {
    return {
      format,
      status: 'failed',
      failure: { code: 'unreadable', message: DATASET_UNREADABLE, detail: null },
      rowCount: 0,
      columns: [],
      candidateRows: [],
    };
  }
  return analyzeDataset(stream, format, limits);
}

/** The row for an analysis of the file `fileId`: the first rows published by default. */
export function previewRow(fileId: string, analysis: DatasetAnalysis): NewDatasetPreview {
  const published = Math.min(DATASET_SAMPLE_DEFAULT, analysis.candidateRows.length);
  return {
    fileId,
    format: analysis.format,
    status: analysis.status,
    failure: analysis.failure,
    rowCount: analysis.rowCount,
    columns: analysis.columns,
    candidateRows: analysis.candidateRows,
    sampleRows: Array.from({ length: published }, (_, index) => index),
    hiddenColumns: [],
    analyzedAt: new Date(),
  };
}

/** Files up to this size are read before the upload's answer; larger ones right after it. */
export const INLINE_PREVIEW_BYTES = 8 * 1024 * 1024;
/** A runner that took a pending preview this long ago is taken to have died. */
export const PREVIEW_LEASE_MS = 15 * 60_000;
/** Time for one file read after the answer (a 200 MB CSV takes about a minute on a busy 2-core machine). */
const BACKGROUND_MILLISECONDS = 10 * 60_000;

/** A preview to be made after the answer: never taken by a runner yet (its lease lies in the past). */
function pendingRow(fileId: string, format: DatasetFormat): NewDatasetPreview {
  return { fileId, format, status: 'pending', analyzedAt: new Date(0) };
}

/**
 * Previews the data files of an upload (CSV, TSV, JSON Lines, Parquet; others are left alone)
 * before they are saved: each file gets its id here so its preview can be saved with it. Files up
 * to INLINE_PREVIEW_BYTES are read now, so the seller sees their preview at once; larger ones are
 * saved as pending and read after the answer (startPendingPreviews), so no upload waits minutes
 * for its answer. A file that cannot be read gets a failed preview with the reason, never a
 * failed upload.
 */
export async function previewUploadedFiles<T extends { fileName: string; storageKey: string; sizeBytes: number }>(
  deps: Pick<AppDeps, 'storage' | 'config'>,
  files: T[],
): Promise<{ files: (T & { id: string })[]; previews: NewDatasetPreview[] }> {
  const withIds = files.map((file) => ({ ...file, id: randomUUID() }));
  const previews: NewDatasetPreview[] = [];
  for (const file of withIds) {
    const format = datasetFormatOf(file.fileName);
    if (!format) continue;
    if (file.sizeBytes > INLINE_PREVIEW_BYTES) {
      previews.push(pendingRow(file.id, format));
      continue;
    }
    const analysis = await previewStoredFile(deps.storage, file.storageKey, file.fileName, limitsFor(deps));
    if (analysis) previews.push(previewRow(file.id, analysis));
  }
  return { files: withIds, previews };
}

/**
 * Reads this product's pending previews after the answer (closing the app waits for it). Safe to
 * call again and from several instances: each preview is taken by one runner at a time.
 */
export function startPendingPreviews(
  deps: AppDeps,
  productId: string,
  previews: Pick<NewDatasetPreview, 'status'>[],
  log: FastifyBaseLogger,
): void {
  if (!previews.some((preview) => preview.status === 'pending')) return;
  deps.afterReply.run(
    () => finishPendingPreviews(deps, productId),
    (error) => log.error({ err: error, productId }, 'Dataset previews could not be made'),
  );
}

/** Reads every pending preview of a product nobody else is reading, and stores each result. */
export async function finishPendingPreviews(deps: Pick<AppDeps, 'db' | 'storage' | 'config'>, productId: string): Promise<void> {
  const claimed = await claimPendingPreviews(deps.db, productId, new Date(Date.now() - PREVIEW_LEASE_MS));
  for (const preview of claimed) {
    const limits = { ...limitsFor(deps), maxMilliseconds: BACKGROUND_MILLISECONDS };
    const analysis = await previewStoredFile(deps.storage, preview.storageKey, preview.fileName, limits);
    if (!analysis) continue;
    const { fileId: _fileId, hiddenColumns: _hidden, analyzedAt: _at, ...result } = previewRow(preview.id, analysis);
    await completePendingPreview(deps.db, preview.id, result);
  }
}
