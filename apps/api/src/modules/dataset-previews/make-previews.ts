import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { DATASET_SAMPLE_DEFAULT, datasetFormatOf } from '@app/shared';
import type { AppDeps } from '../../lib/context';
import type { Storage } from '../../lib/storage';
import { analyzeDataset, DATASET_UNREADABLE, type DatasetAnalysis, DEFAULT_PREVIEW_LIMITS, type PreviewLimits } from './analyze';
import type { NewDatasetPreview } from './repository';

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

/**
 * Previews the data files of an upload (CSV, TSV, JSON Lines, Parquet; others are left alone)
 * before they are saved: each file gets its id here so its preview can be saved with it. A file
 * that cannot be read gets a failed preview with the reason, never a failed upload.
 */
export async function previewUploadedFiles<T extends { fileName: string; storageKey: string }>(
  deps: Pick<AppDeps, 'storage' | 'config'>,
  files: T[],
): Promise<{ files: (T & { id: string })[]; previews: NewDatasetPreview[] }> {
  const withIds = files.map((file) => ({ ...file, id: randomUUID() }));
  const previews: NewDatasetPreview[] = [];
  for (const file of withIds) {
    const analysis = await previewStoredFile(deps.storage, file.storageKey, file.fileName, limitsFor(deps));
    if (analysis) previews.push(previewRow(file.id, analysis));
  }
  return { files: withIds, previews };
}
