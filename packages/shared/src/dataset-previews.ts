import { z } from 'zod';
import { isoDateSchema } from './api';

/**
 * Dataset previews (apps/api/src/modules/dataset-previews): a CSV, TSV, JSON Lines or Parquet file
 * a seller uploads is read once, as a stream, for its schema and statistics and its first rows.
 * The seller publishes up to DATASET_SAMPLE_MAX of those rows and may hide columns; before purchase
 * nobody else ever gets more than the published rows and the statistics of columns not hidden.
 */

export const DATASET_FORMATS = ['csv', 'tsv', 'jsonl', 'parquet'] as const;
export type DatasetFormat = (typeof DATASET_FORMATS)[number];

/** What a column's non-empty values all are: integer ⊂ number; "mixed" when they disagree. */
export const DATASET_COLUMN_TYPES = ['integer', 'number', 'boolean', 'date', 'string', 'mixed', 'empty'] as const;
export type DatasetColumnType = (typeof DATASET_COLUMN_TYPES)[number];

/** Rows a seller may publish, and the default (the first rows). */
export const DATASET_SAMPLE_MAX = 20;
export const DATASET_SAMPLE_DEFAULT = 10;
/** The first rows kept for the seller to choose from (never shown to anyone else). */
export const DATASET_CANDIDATE_ROWS = 100;
/** Columns kept per preview; wider files are described by their first columns. */
export const DATASET_MAX_COLUMNS = 200;

export const DATASET_PREVIEW_STATUSES = ['ready', 'failed', 'pending'] as const;
export type DatasetPreviewStatus = (typeof DATASET_PREVIEW_STATUSES)[number];

/** Why a file has no preview; clients translate by code (the English `message` is the fallback). */
export const DATASET_FAILURE_CODES = ['malformed', 'empty', 'too_many_columns', 'too_slow', 'unreadable'] as const;
export type DatasetFailureCode = (typeof DATASET_FAILURE_CODES)[number];

export const datasetValueCountSchema = z.object({ value: z.string(), count: z.number() });

export const datasetColumnSchema = z.object({
  name: z.string(),
  type: z.enum(DATASET_COLUMN_TYPES),
  /** Share of rows whose value is missing or blank, 0 to 1. */
  empty_share: z.number(),
  distinct_count: z.number(),
  /** True when the distinct count is an estimate (too many values to count exactly). */
  distinct_estimated: z.boolean(),
  /** Numbers only (integer/number columns); null otherwise. */
  min: z.number().nullable(),
  max: z.number().nullable(),
  mean: z.number().nullable(),
  /** Most common values of a text column (counted over the first rows when the column is large); empty otherwise. */
  top_values: z.array(datasetValueCountSchema),
});
export type DatasetColumn = z.output<typeof datasetColumnSchema>;

/** A cell as shown: text (long values cut), or null for a missing value. */
export const datasetCellSchema = z.string().nullable();
export type DatasetRow = (string | null)[];

export const datasetFailureSchema = z.object({
  code: z.enum(DATASET_FAILURE_CODES),
  /** English, for logs and clients that do not know the code. */
  message: z.string(),
  /** Where it went wrong (a line, a column count); null when there is nothing to add. */
  detail: z.string().nullable(),
});
export type DatasetFailure = z.output<typeof datasetFailureSchema>;

/** The preview of one file as its seller sees it: every column, the candidate rows and the choices. */
export const ownDatasetPreviewSchema = z.object({
  id: z.string(),
  file_id: z.string(),
  file_name: z.string(),
  format: z.enum(DATASET_FORMATS),
  /** pending: a large file still being read after the upload (the seller's view refreshes until it is done). */
  status: z.enum(DATASET_PREVIEW_STATUSES),
  failure: datasetFailureSchema.nullable(),
  row_count: z.number(),
  columns: z.array(datasetColumnSchema),
  /** The file's first rows (up to DATASET_CANDIDATE_ROWS), cells in the order of `columns`. */
  candidate_rows: z.array(z.array(datasetCellSchema)),
  /** Indexes into candidate_rows that are published, in the order shown. */
  sample_rows: z.array(z.number()),
  hidden_columns: z.array(z.string()),
  analyzed_at: isoDateSchema,
});
export type OwnDatasetPreview = z.output<typeof ownDatasetPreviewSchema>;

export const ownDatasetPreviewListSchema = z.object({ previews: z.array(ownDatasetPreviewSchema) });
export type OwnDatasetPreviewList = z.output<typeof ownDatasetPreviewListSchema>;

const sampleRowsMessage = `Pick at most ${DATASET_SAMPLE_MAX} sample rows`;

/** PUT /seller/products/{id}/dataset-previews/{previewId}: which rows to publish and which columns to hide. */
export const datasetPreviewChoiceSchema = z.object({
  sample_rows: z
    .array(z.number().int('Sample rows must be row numbers').min(0, 'Sample rows must be row numbers'), {
      error: 'Sample rows must be row numbers',
    })
    .max(DATASET_SAMPLE_MAX, sampleRowsMessage),
  hidden_columns: z.array(z.string().max(1000), { error: 'Hidden columns must be column names' }).max(DATASET_MAX_COLUMNS),
});
export type DatasetPreviewChoice = z.output<typeof datasetPreviewChoiceSchema>;

/** A preview as anyone may see it before buying: columns not hidden, their statistics, and the published rows only. */
export const publicDatasetPreviewSchema = z.object({
  file_name: z.string(),
  format: z.enum(DATASET_FORMATS),
  row_count: z.number(),
  columns: z.array(datasetColumnSchema),
  /** The published rows, cells in the order of `columns`. */
  sample: z.array(z.array(datasetCellSchema)),
});
export type PublicDatasetPreview = z.output<typeof publicDatasetPreviewSchema>;

/** GET /products/{id}/dataset-previews: the previews of a public product's data files (failed ones left out). */
export const publicDatasetPreviewListSchema = z.object({
  product_id: z.string(),
  previews: z.array(publicDatasetPreviewSchema),
});
export type PublicDatasetPreviewList = z.output<typeof publicDatasetPreviewListSchema>;

/** The format a file name says it holds, or null when it is not a data file we preview. */
export function datasetFormatOf(fileName: string): DatasetFormat | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.tsv') || lower.endsWith('.tab')) return 'tsv';
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'jsonl';
  if (lower.endsWith('.parquet') || lower.endsWith('.pq')) return 'parquet';
  return null;
}
