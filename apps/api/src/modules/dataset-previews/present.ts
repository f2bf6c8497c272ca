import type { DatasetColumn, OwnDatasetPreview, PublicDatasetPreview } from '@app/shared';
import type { DatasetPreviewWithFile, PublicPreviewRow } from './repository';

/** A preview as its seller (and the admins) see it: everything, with the choices. */
export function presentOwnPreview(row: DatasetPreviewWithFile): OwnDatasetPreview {
  return {
    id: row.id,
    file_id: row.fileId,
    file_name: row.fileName,
    format: row.format,
    status: row.status,
    failure: row.failure ?? null,
    row_count: row.rowCount,
    columns: row.columns,
    candidate_rows: row.candidateRows,
    sample_rows: row.sampleRows,
    hidden_columns: row.hiddenColumns,
    analyzed_at: row.analyzedAt.toISOString(),
  };
}

/**
 * A preview as anyone may see it before buying: only columns not hidden (their statistics and
 * cells) and only the published rows. Everything public goes through here.
 */
export function presentPublicPreview(row: PublicPreviewRow): PublicDatasetPreview {
  const hidden = new Set(row.hiddenColumns);
  const shown = row.columns.flatMap((column, position) => (hidden.has(column.name) ? [] : [position]));
  return {
    file_name: row.fileName,
    format: row.format,
    row_count: row.rowCount,
    columns: shown.map((position) => row.columns[position] as DatasetColumn),
    sample: row.publishedRows.filter(Array.isArray).map((cells) => shown.map((position) => cells[position] ?? null)),
  };
}
