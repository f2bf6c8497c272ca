import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import {
  DATASET_CANDIDATE_ROWS,
  DATASET_MAX_COLUMNS,
  type DatasetColumn,
  type DatasetFailure,
  type DatasetFailureCode,
  type DatasetFormat,
  type DatasetRow,
} from '@app/shared';
import { parse } from 'csv-parse';
import { asyncBufferFromFile, parquetMetadataAsync, parquetRead, parquetSchema } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';
import { ColumnStats, cellText } from './column-stats';

/**
 * Reads one data file (CSV, TSV, JSON Lines, Parquet) once, as a stream, with a well-kept parser
 * (csv-parse, hyparquet), and answers its schema, statistics and first rows. Pure: no database,
 * no storage. Memory stays bounded whatever the file's size (a record is at most maxRecordBytes,
 * statistics are sketches, DATASET_CANDIDATE_ROWS rows are kept), and time too (past
 * maxMilliseconds the file gets no preview). A file that cannot be read gets a failure with the
 * reason, never an exception. Decision record: docs/decisions/0035-dataset-previews.md.
 */

export interface PreviewLimits {
  /** Wall-clock time for one file. */
  maxMilliseconds: number;
  /** Longest record (a CSV row, a JSON line) read. */
  maxRecordBytes: number;
  /** Where Parquet files (read from their end) are spooled while read; created when needed. */
  tempDir: string;
}

export const DEFAULT_PREVIEW_LIMITS: PreviewLimits = {
  maxMilliseconds: 120_000,
  maxRecordBytes: 1024 * 1024,
  tempDir: os.tmpdir(),
};

export interface DatasetAnalysis {
  format: DatasetFormat;
  status: 'ready' | 'failed';
  failure: DatasetFailure | null;
  rowCount: number;
  columns: DatasetColumn[];
  candidateRows: DatasetRow[];
}

/** Longest text kept for a cell of a candidate row. */
const CELL_CHARACTERS = 200;
const CHECK_EVERY_ROWS = 1024;

export const DATASET_MALFORMED_CSV = 'The file could not be read as CSV: no preview was made';
export const DATASET_MALFORMED_TSV = 'The file could not be read as TSV: no preview was made';
export const DATASET_MALFORMED_JSONL = 'The file could not be read as JSON Lines: no preview was made';
export const DATASET_MALFORMED_PARQUET = 'The file could not be read as Parquet: no preview was made';
export const DATASET_EMPTY = 'The file holds no rows to preview';
export const DATASET_TOO_SLOW = 'The file took too long to read for a preview';
export const DATASET_UNREADABLE = 'The stored file could not be read for a preview';

const MALFORMED_MESSAGES: Record<DatasetFormat, string> = {
  csv: DATASET_MALFORMED_CSV,
  tsv: DATASET_MALFORMED_TSV,
  jsonl: DATASET_MALFORMED_JSONL,
  parquet: DATASET_MALFORMED_PARQUET,
};

/** Raised inside a reader to stop with a reason for the seller. */
class PreviewFailure extends Error {
  constructor(
    readonly code: DatasetFailureCode,
    readonly detail: string | null = null,
  ) {
    super(code);
  }
}

function failed(format: DatasetFormat, code: DatasetFailureCode, detail: string | null): DatasetAnalysis {
  const message =
    code === 'malformed'
      ? MALFORMED_MESSAGES[format]
      : code === 'empty'
        ? DATASET_EMPTY
        : code === 'too_slow'
          ? DATASET_TOO_SLOW
          : DATASET_UNREADABLE;
  return {
    format,
    status: 'failed',
    failure: { code, message, detail: detail === null ? null : detail.slice(0, 300) },
    rowCount: 0,
    columns: [],
    candidateRows: [],
  };
}

/** Analyses a data file given as a stream of its bytes. Never throws for what the bytes hold. */
export async function analyzeDataset(
  stream: Readable,
  format: DatasetFormat,
  limits: PreviewLimits = DEFAULT_PREVIEW_LIMITS,
): Promise<DatasetAnalysis> {
  const deadline = Date.now() + limits.maxMilliseconds;
  const table = new TableStats(format !== 'jsonl' && format !== 'parquet');
  try {
    if (format === 'csv' || format === 'tsv') await readDelimited(stream, format === 'tsv' ? '\t' : ',', table, limits, deadline);
    else if (format === 'jsonl') await readJsonLines(stream, table, limits, deadline);
    else await readParquet(stream, table, limits, deadline);
    if (table.rowCount === 0) throw new PreviewFailure('empty');
    return { format, status: 'ready', failure: null, ...table.result() };
  } catch (error) {
    if (error instanceof PreviewFailure) return failed(format, error.code, error.detail);
    if (error instanceof SourceError) return failed(format, 'unreadable', null);
    return failed(format, 'malformed', error instanceof Error ? error.message : String(error));
  } finally {
    stream.destroy();
  }
}

/** An error of the stored file's stream itself (not of what it holds). */
class SourceError extends Error {}

function watchSource(stream: Readable): void {
  stream.once('error', (error) => {
    (stream as Readable & { sourceError?: Error }).sourceError = error;
  });
}

function rethrowSource(stream: Readable): void {
  const error = (stream as Readable & { sourceError?: Error }).sourceError;
  if (error) throw new SourceError(error.message);
}

/** Columns, their statistics and the first rows, fed row by row (or column by column for Parquet). */
class TableStats {
  rowCount = 0;
  readonly columns: ColumnStats[] = [];
  private readonly index = new Map<string, number>();
  /** JSON keys as written → their column. */
  private readonly keys = new Map<string, number>();
  readonly candidates: unknown[][] = [];

  constructor(private readonly textCells: boolean) {}

  /** Names the columns (a CSV header): blank names become column_N, repeated ones get a suffix. */
  setColumns(names: string[]): void {
    for (const [position, raw] of names.slice(0, DATASET_MAX_COLUMNS).entries()) this.addColumn(raw, position);
  }

  private addColumn(raw: string, position: number): number {
    let name = raw.trim() || `column_${position + 1}`;
    for (let n = 2; this.index.has(name); n += 1) name = `${raw.trim() || `column_${position + 1}`}_${n}`;
    this.index.set(name, this.columns.length);
    this.columns.push(new ColumnStats(name, this.textCells, this.rowCount));
    return this.columns.length - 1;
  }

  /** One row of values in column order (extra values past DATASET_MAX_COLUMNS ignored). */
  addRow(values: unknown[]): void {
    for (const [position, column] of this.columns.entries()) column.add(values[position]);
    if (this.candidates.length < DATASET_CANDIDATE_ROWS) this.candidates.push(values.slice(0, this.columns.length));
    this.rowCount += 1;
  }

  /** One JSON object: keys never seen before become columns (earlier rows count as empty there). */
  addObject(object: Record<string, unknown>): void {
    const values: unknown[] = new Array(this.columns.length);
    for (const [key, value] of Object.entries(object)) {
      let position = this.keys.get(key);
      if (position === undefined) {
        if (this.columns.length >= DATASET_MAX_COLUMNS) continue;
        position = this.addColumn(key, this.columns.length);
        this.keys.set(key, position);
      }
      values[position] = value;
    }
    this.addRow(values);
  }

  result(): Pick<DatasetAnalysis, 'rowCount' | 'columns' | 'candidateRows'> {
    return {
      rowCount: this.rowCount,
      columns: this.columns.map((column) => column.result(this.rowCount)),
      candidateRows: this.candidates.map((row) =>
        this.columns.map((_column, position) => cellText(row[position])?.slice(0, CELL_CHARACTERS) ?? null),
      ),
    };
  }
}

function checkTime(deadline: number): void {
  if (Date.now() > deadline) throw new PreviewFailure('too_slow');
}

/** CSV and TSV through csv-parse: quoted fields with delimiters and newlines, a BOM, the first record as header. */
async function readDelimited(
  stream: Readable,
  delimiter: string,
  table: TableStats,
  limits: PreviewLimits,
  deadline: number,
): Promise<void> {
  watchSource(stream);
  const parser = stream.pipe(
    parse({ delimiter, bom: true, skip_empty_lines: true, max_record_size: limits.maxRecordBytes, relax_column_count: false }),
  );
  stream.once('error', (error) => parser.destroy(error));
  let header = true;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (header) {
        if (record.some((cell) => cell.includes('\u0000'))) throw new PreviewFailure('malformed', 'binary data, not text');
        table.setColumns(record);
        header = false;
        continue;
      }
      table.addRow(record);
      if (table.rowCount % CHECK_EVERY_ROWS === 0) checkTime(deadline);
    }
  } catch (error) {
    rethrowSource(stream);
    throw error;
  } finally {
    parser.destroy();
  }
  rethrowSource(stream);
}

/** JSON Lines: one object a line, split by hand only into lines (each parsed by JSON.parse), at most maxRecordBytes each. */
async function readJsonLines(stream: Readable, table: TableStats, limits: PreviewLimits, deadline: number): Promise<void> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let line = 0;
  const take = (text: string) => {
    line += 1;
    const trimmed = text.trim();
    if (trimmed === '') return;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      throw new PreviewFailure('malformed', `line ${line}: not valid JSON`);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      throw new PreviewFailure('malformed', `line ${line}: not a JSON object`);
    table.addObject(value as Record<string, unknown>);
    if (table.rowCount % CHECK_EVERY_ROWS === 0) checkTime(deadline);
  };
  try {
    for await (const chunk of stream) {
      pending += typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer);
      let start = 0;
      for (let end = pending.indexOf('\n', start); end >= 0; end = pending.indexOf('\n', start)) {
        take(pending.slice(start, end));
        start = end + 1;
      }
      pending = pending.slice(start);
      if (pending.length > limits.maxRecordBytes)
        throw new PreviewFailure('malformed', `line ${line + 1}: longer than ${limits.maxRecordBytes} bytes`);
    }
  } catch (error) {
    if (error instanceof PreviewFailure) throw error;
    throw new SourceError(error instanceof Error ? error.message : String(error));
  }
  pending += decoder.end();
  take(pending);
}

/**
 * Parquet through hyparquet. Its footer is at the end, so the file is spooled to disk first;
 * then each column of each row group is read on its own (memory: one column chunk at a time).
 */
async function readParquet(stream: Readable, table: TableStats, limits: PreviewLimits, deadline: number): Promise<void> {
  await fs.mkdir(limits.tempDir, { recursive: true });
  const spooled = path.join(limits.tempDir, `preview-${randomUUID()}.parquet`);
  try {
    try {
      await pipeline(stream, createWriteStream(spooled));
    } catch (error) {
      throw new SourceError(error instanceof Error ? error.message : String(error));
    }
    const file = await asyncBufferFromFile(spooled);
    const metadata = await parquetMetadataAsync(file);
    const names = parquetSchema(metadata)
      .children.map((child) => child.element.name)
      .slice(0, DATASET_MAX_COLUMNS);
    table.setColumns(names);
    const rowCount = Number(metadata.num_rows);
    const firstRows: unknown[][] = names.map(() => []);
    let groupStart = 0;
    for (const group of metadata.row_groups) {
      const groupRows = Number(group.num_rows);
      for (const [position, name] of names.entries()) {
        checkTime(deadline);
        const values = await readParquetColumn(file, metadata, name, groupStart, groupStart + groupRows);
        const column = table.columns[position] as ColumnStats;
        for (const value of values) column.add(value);
        const kept = firstRows[position] as unknown[];
        for (let i = 0; kept.length < DATASET_CANDIDATE_ROWS && i < values.length; i += 1) kept.push(values[i]);
      }
      groupStart += groupRows;
    }
    table.rowCount = rowCount;
    for (let row = 0; row < Math.min(rowCount, DATASET_CANDIDATE_ROWS); row += 1) {
      table.candidates.push(firstRows.map((values) => values[row]));
    }
  } finally {
    await fs.rm(spooled, { force: true });
  }
}

async function readParquetColumn(
  file: Awaited<ReturnType<typeof asyncBufferFromFile>>,
  metadata: Awaited<ReturnType<typeof parquetMetadataAsync>>,
  column: string,
  rowStart: number,
  rowEnd: number,
): Promise<unknown[]> {
  let values: unknown[] = [];
  await parquetRead({
    file,
    metadata,
    columns: [column],
    rowStart,
    rowEnd,
    compressors,
    onComplete: (rows: unknown[][]) => {
      values = rows.map((row) => row[0]);
    },
  });
  return values;
}
