import { and, asc, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { productFiles, productReviewSettings, productRevisions, products, productVersions } from '../../db/schema';
import type { ProductFileRow } from './repository';

/**
 * Versions and revisions of products (docs/decisions/0038): their rows, their files (product_files
 * with a version_id or revision_id; `released` false while they wait for review), the admins'
 * queue of pending changes, and the review setting for small fixes.
 */

export type ProductVersionRow = typeof productVersions.$inferSelect;
export type ProductRevisionRow = typeof productRevisions.$inferSelect;
export type ChangeStatus = 'pending' | 'approved' | 'rejected';

export async function insertVersion(
  tx: DbOrTx,
  version: { productId: string; label: string; changelog: string; submittedBy: string },
): Promise<ProductVersionRow> {
  const [row] = await tx.insert(productVersions).values(version).returning();
  return row as ProductVersionRow;
}

export async function findVersion(db: DbOrTx, productId: string, versionId: string): Promise<ProductVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(productVersions)
    .where(and(eq(productVersions.id, versionId), eq(productVersions.productId, productId)));
  return row;
}

/** The version, locked until the transaction ends (two approvals of it run one after the other). */
export async function lockVersion(tx: DbOrTx, versionId: string): Promise<ProductVersionRow | undefined> {
  const [row] = await tx.select().from(productVersions).where(eq(productVersions.id, versionId)).for('update');
  return row;
}

/** Every version of a product, oldest first. */
export async function versionsOfProduct(db: DbOrTx, productId: string): Promise<ProductVersionRow[]> {
  return db
    .select()
    .from(productVersions)
    .where(eq(productVersions.productId, productId))
    .orderBy(asc(productVersions.createdAt), asc(productVersions.id));
}

/** The latest approved version of a product; undefined while it is at its first version. */
export async function latestApprovedVersion(db: DbOrTx, productId: string): Promise<ProductVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(productVersions)
    .where(and(eq(productVersions.productId, productId), eq(productVersions.status, 'approved')))
    .orderBy(desc(productVersions.approvedAt), desc(productVersions.id))
    .limit(1);
  return row;
}

export async function setVersionStatus(
  tx: DbOrTx,
  versionId: string,
  changes: { status: ChangeStatus; rejectionReason?: string | null; reviewedAt: Date; approvedAt?: Date | null },
): Promise<ProductVersionRow | undefined> {
  const [row] = await tx.update(productVersions).set(changes).where(eq(productVersions.id, versionId)).returning();
  return row;
}

/** The files of one version of a product; null: the first version (files with no version, released). */
export async function filesOfVersion(db: DbOrTx, productId: string, versionId: string | null): Promise<ProductFileRow[]> {
  const which = versionId
    ? eq(productFiles.versionId, versionId)
    : and(isNull(productFiles.versionId), eq(productFiles.released, true));
  return db
    .select()
    .from(productFiles)
    .where(and(eq(productFiles.productId, productId), which))
    .orderBy(asc(productFiles.createdAt), asc(productFiles.fileName));
}

/** Puts the files of an approved version on sale. */
export async function releaseVersionFiles(tx: DbOrTx, versionId: string): Promise<void> {
  await tx.update(productFiles).set({ released: true }).where(eq(productFiles.versionId, versionId));
}

/** Deletes the file rows of a rejected version (never sold); their stored files are the caller's to delete after commit. */
export async function deleteVersionFiles(tx: DbOrTx, versionId: string): Promise<ProductFileRow[]> {
  return tx.delete(productFiles).where(eq(productFiles.versionId, versionId)).returning();
}

export async function insertRevision(
  tx: DbOrTx,
  revision: {
    productId: string;
    changes: Record<string, unknown>;
    submittedBy: string;
    status?: ChangeStatus;
    autoPublished?: boolean;
    reviewedAt?: Date | null;
  },
): Promise<ProductRevisionRow> {
  const [row] = await tx.insert(productRevisions).values(revision).returning();
  return row as ProductRevisionRow;
}

/** The product's edit waiting for review, locked until the transaction ends. */
export async function lockPendingRevision(tx: DbOrTx, productId: string): Promise<ProductRevisionRow | undefined> {
  const [row] = await tx
    .select()
    .from(productRevisions)
    .where(and(eq(productRevisions.productId, productId), eq(productRevisions.status, 'pending')))
    .for('update');
  return row;
}

export async function findPendingRevision(db: DbOrTx, productId: string): Promise<ProductRevisionRow | undefined> {
  const [row] = await db
    .select()
    .from(productRevisions)
    .where(and(eq(productRevisions.productId, productId), eq(productRevisions.status, 'pending')));
  return row;
}

export async function findRevision(db: DbOrTx, revisionId: string): Promise<ProductRevisionRow | undefined> {
  const [row] = await db.select().from(productRevisions).where(eq(productRevisions.id, revisionId));
  return row;
}

export async function lockRevision(tx: DbOrTx, revisionId: string): Promise<ProductRevisionRow | undefined> {
  const [row] = await tx.select().from(productRevisions).where(eq(productRevisions.id, revisionId)).for('update');
  return row;
}

export async function updateRevision(
  tx: DbOrTx,
  revisionId: string,
  changes: Partial<Pick<ProductRevisionRow, 'changes' | 'status' | 'rejectionReason' | 'reviewedAt'>>,
): Promise<ProductRevisionRow | undefined> {
  const [row] = await tx.update(productRevisions).set(changes).where(eq(productRevisions.id, revisionId)).returning();
  return row;
}

export async function filesOfRevision(db: DbOrTx, revisionId: string): Promise<ProductFileRow[]> {
  return db
    .select()
    .from(productFiles)
    .where(and(eq(productFiles.revisionId, revisionId), eq(productFiles.released, false)))
    .orderBy(asc(productFiles.createdAt), asc(productFiles.fileName));
}

/** Puts the files of an approved edit on sale, as part of the product's current version. */
export async function releaseRevisionFiles(tx: DbOrTx, revisionId: string, versionId: string | null): Promise<void> {
  await tx
    .update(productFiles)
    .set({ released: true, versionId })
    .where(and(eq(productFiles.revisionId, revisionId), eq(productFiles.released, false)));
}

/** Deletes the unreleased file rows of a rejected edit; their stored files are the caller's to delete after commit. */
export async function deleteRevisionFiles(tx: DbOrTx, revisionId: string): Promise<ProductFileRow[]> {
  return tx
    .delete(productFiles)
    .where(and(eq(productFiles.revisionId, revisionId), eq(productFiles.released, false)))
    .returning();
}

/** A file that blocks approval: judged dangerous, or not scanned yet. */
const blocksApproval = or(eq(productFiles.scanVerdict, 'dangerous'), isNull(productFiles.scanVerdict)) as SQL;

/** Whether any of these files (a version's or an edit's) blocks approval. */
export async function hasBlockedFiles(db: DbOrTx, which: { versionId: string } | { revisionId: string }): Promise<boolean> {
  const owner =
    'versionId' in which ? eq(productFiles.versionId, which.versionId) : eq(productFiles.revisionId, which.revisionId);
  const [row] = await db
    .select({ id: productFiles.id })
    .from(productFiles)
    .where(and(owner, eq(productFiles.released, false), blocksApproval))
    .limit(1);
  return row !== undefined;
}

/** Moves the product's updated_at, so caches and the search index re-read it. */
export async function touchProduct(tx: DbOrTx, productId: string): Promise<void> {
  await tx.update(products).set({ updatedAt: sql`clock_timestamp()` }).where(eq(products.id, productId));
}

export type PendingChangeRow = {
  kind: 'version' | 'revision';
  id: string;
  product_id: string;
  product_title: string;
  seller_name: string;
  label: string | null;
  created_at: Date | string;
};

/** A page of the pending versions and edits of live products, oldest first (first come, first reviewed). */
export async function listPendingChanges(
  db: DbOrTx,
  page: { limit: number; offset: number },
): Promise<{ rows: PendingChangeRow[]; total: number }> {
  const pending = sql`
    select 'version' as kind, v.id, v.product_id, p.title as product_title, p.seller_name, v.label, v.created_at
    from ${productVersions} v join ${products} p on p.id = v.product_id
    where v.status = 'pending' and p.deleted_at is null
    union all
    select 'revision' as kind, r.id, r.product_id, p.title, p.seller_name, null, r.created_at
    from ${productRevisions} r join ${products} p on p.id = r.product_id
    where r.status = 'pending' and p.deleted_at is null`;
  const [rows, counted] = await Promise.all([
    db.execute<PendingChangeRow>(
      sql`select * from (${pending}) changes order by created_at, id limit ${page.limit} offset ${page.offset}`,
    ),
    db.execute<{ total: number }>(sql`select count(*)::int as total from (${pending}) changes`),
  ]);
  return { rows: rows.rows, total: counted.rows[0]?.total ?? 0 };
}

/** A seller's live products with a pending edit or version (at most one of each per product). */
export async function pendingChangesOfSeller(
  db: DbOrTx,
  sellerId: string,
): Promise<{ productId: string; edit: boolean; versionLabel: string | null }[]> {
  const rows = await db.execute<{ product_id: string; edit: boolean; version_label: string | null }>(sql`
    select p.id as product_id,
      exists (select 1 from ${productRevisions} r where r.product_id = p.id and r.status = 'pending') as edit,
      (select v.label from ${productVersions} v where v.product_id = p.id and v.status = 'pending') as version_label
    from ${products} p
    where p.seller_id = ${sellerId} and p.deleted_at is null and (
      exists (select 1 from ${productRevisions} r where r.product_id = p.id and r.status = 'pending')
      or exists (select 1 from ${productVersions} v where v.product_id = p.id and v.status = 'pending'))`);
  return rows.rows.map((row) => ({ productId: row.product_id, edit: row.edit, versionLabel: row.version_label }));
}

/** The minor-edit threshold (0 when never set). */
export async function readMinorEditMaxChars(db: DbOrTx): Promise<number> {
  const [row] = await db.select().from(productReviewSettings).where(eq(productReviewSettings.id, 1));
  return row?.minorEditMaxChars ?? 0;
}

export async function saveMinorEditMaxChars(db: DbOrTx, value: number): Promise<void> {
  await db
    .insert(productReviewSettings)
    .values({ id: 1, minorEditMaxChars: value })
    .onConflictDoUpdate({ target: productReviewSettings.id, set: { minorEditMaxChars: value, updatedAt: new Date() } });
}
