import type { DatasetColumn, DatasetRow } from '@app/shared';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { datasetPreviews, productFiles, products } from '../../db/schema';
import { isPublicProduct } from '../catalog/repository';

/** Dataset previews: only this file touches their table. */

export type DatasetPreviewRow = typeof datasetPreviews.$inferSelect;
export type NewDatasetPreview = Omit<typeof datasetPreviews.$inferInsert, 'productId'>;
export type DatasetPreviewWithFile = DatasetPreviewRow & { fileName: string };

export async function insertDatasetPreviews(db: DbOrTx, productId: string, previews: NewDatasetPreview[]): Promise<void> {
  if (previews.length > 0) await db.insert(datasetPreviews).values(previews.map((preview) => ({ ...preview, productId })));
}

const withFile = { preview: datasetPreviews, fileName: productFiles.fileName };
const flatten = (row: { preview: DatasetPreviewRow; fileName: string }): DatasetPreviewWithFile => ({
  ...row.preview,
  fileName: row.fileName,
});

/** A product's previews with their files' names, in upload order. */
export async function previewsOfProduct(db: DbOrTx, productId: string): Promise<DatasetPreviewWithFile[]> {
  const rows = await db
    .select(withFile)
    .from(datasetPreviews)
    .innerJoin(productFiles, eq(productFiles.id, datasetPreviews.fileId))
    .where(eq(datasetPreviews.productId, productId))
    .orderBy(asc(productFiles.createdAt), asc(productFiles.fileName), asc(datasetPreviews.id));
  return rows.map(flatten);
}

/** One preview of this product, locked for a change. */
export async function lockPreviewOfProduct(
  db: DbOrTx,
  productId: string,
  previewId: string,
): Promise<DatasetPreviewWithFile | undefined> {
  const [row] = await db
    .select(withFile)
    .from(datasetPreviews)
    .innerJoin(productFiles, eq(productFiles.id, datasetPreviews.fileId))
    .where(and(eq(datasetPreviews.id, previewId), eq(datasetPreviews.productId, productId)))
    .for('update', { of: datasetPreviews });
  return row ? flatten(row) : undefined;
}

export async function updatePreviewChoice(
  db: DbOrTx,
  previewId: string,
  choice: { sampleRows: number[]; hiddenColumns: string[] },
): Promise<void> {
  await db.update(datasetPreviews).set(choice).where(eq(datasetPreviews.id, previewId));
}

/** A ready preview as the public may get it: the published rows only, never the candidate rows. */
export interface PublicPreviewRow {
  fileName: string;
  format: DatasetPreviewRow['format'];
  rowCount: number;
  columns: DatasetColumn[];
  hiddenColumns: string[];
  /** The candidate rows named by sample_rows, in their order (picked in SQL: the rest never leaves the database). */
  publishedRows: DatasetRow[];
}

/**
 * The ready previews of a product the public may see, or undefined when it may not (unknown,
 * pending, rejected, deleted, or its seller suspended). One statement.
 */
export async function publicPreviewsOfProduct(db: DbOrTx, productId: string): Promise<PublicPreviewRow[] | undefined> {
  const rows = await db
    .select({
      fileName: productFiles.fileName,
      format: datasetPreviews.format,
      rowCount: datasetPreviews.rowCount,
      columns: datasetPreviews.columns,
      hiddenColumns: datasetPreviews.hiddenColumns,
      publishedRows: sql<DatasetRow[]>`coalesce((
        select jsonb_agg(${datasetPreviews.candidateRows} -> (picked.value)::int order by picked.ordinality)
        from jsonb_array_elements_text(${datasetPreviews.sampleRows}) with ordinality as picked
      ), '[]'::jsonb)`,
    })
    .from(products)
    .leftJoin(datasetPreviews, and(eq(datasetPreviews.productId, products.id), eq(datasetPreviews.status, 'ready')))
    // Released files only: a version or an edit waiting for review is not public yet (decision 0038).
    .leftJoin(productFiles, and(eq(productFiles.id, datasetPreviews.fileId), eq(productFiles.released, true)))
    .where(and(eq(products.id, productId), isPublicProduct))
    .orderBy(asc(productFiles.createdAt), asc(productFiles.fileName), asc(datasetPreviews.id));
  if (rows.length === 0) return undefined;
  return rows.filter((row): row is PublicPreviewRow => row.fileName !== null && row.format !== null);
}

/** A pending preview taken by a runner, with its file. */
export interface ClaimedPreview {
  id: string;
  format: DatasetPreviewRow['format'];
  storageKey: string;
  fileName: string;
}

/**
 * Takes this product's pending previews that nobody is reading (never taken, or taken before
 * `staleBefore` by a runner that died): one statement, so two instances never read the same file.
 */
export async function claimPendingPreviews(db: DbOrTx, productId: string, staleBefore: Date): Promise<ClaimedPreview[]> {
  return db
    .update(datasetPreviews)
    .set({ analyzedAt: new Date() })
    .from(productFiles)
    .where(
      and(
        eq(datasetPreviews.productId, productId),
        eq(datasetPreviews.status, 'pending'),
        lt(datasetPreviews.analyzedAt, staleBefore),
        eq(productFiles.id, datasetPreviews.fileId),
      ),
    )
    .returning({
      id: datasetPreviews.id,
      format: datasetPreviews.format,
      storageKey: productFiles.storageKey,
      fileName: productFiles.fileName,
    });
}

/** Stores what a runner read; only a preview still pending changes (its file may be gone meanwhile). */
export async function completePendingPreview(
  db: DbOrTx,
  id: string,
  result: Pick<NewDatasetPreview, 'status' | 'failure' | 'rowCount' | 'columns' | 'candidateRows' | 'sampleRows'>,
): Promise<void> {
  await db
    .update(datasetPreviews)
    .set({ ...result, analyzedAt: new Date() })
    .where(and(eq(datasetPreviews.id, id), eq(datasetPreviews.status, 'pending')));
}
