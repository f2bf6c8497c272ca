import type { AiPoolTransferStatus } from '@app/shared';
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { aiPoolSettings, aiPoolTransfers, testTokenTransfers } from '../../db/schema';
import type { DayRange } from '../../lib/date-range';

export type TransferRow = typeof aiPoolTransfers.$inferSelect;
export type PoolSettingsRow = typeof aiPoolSettings.$inferSelect;
type NewTransfer = typeof aiPoolTransfers.$inferInsert;

// Settings: one row.

/** Creates the settings row with its defaults unless it exists. */
export async function ensurePoolSettingsRow(db: DbOrTx): Promise<void> {
  await db.insert(aiPoolSettings).values({ id: 1 }).onConflictDoNothing();
}

/** The settings row; with `lock`, held (FOR UPDATE) until the caller's transaction ends. */
export async function findPoolSettings(db: DbOrTx, lock: boolean): Promise<PoolSettingsRow | undefined> {
  const query = db.select().from(aiPoolSettings).where(eq(aiPoolSettings.id, 1));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updatePoolSettingsRow(tx: DbOrTx, changes: Partial<PoolSettingsRow>): Promise<PoolSettingsRow | undefined> {
  const [after] = await tx.update(aiPoolSettings).set(changes).where(eq(aiPoolSettings.id, 1)).returning();
  return after;
}

// The pool's money, from the ledger and the transfers (numbers come as strings).

/**
 * Contributed, released (older than the payout hold and without an open refund request),
 * transferred and pending, in one statement: one snapshot.
 */
export async function sumPoolMoney(db: DbOrTx) {
  const result = await db.execute<{ contributed: string; released: string; transferred: string; pending: string }>(sql`
    select
      (select coalesce(sum(amount_cents), 0) from ledger_entries where kind = 'ai_pool')::bigint as contributed,
      (select coalesce(sum(e.amount_cents), 0)
         from ledger_entries e
         join ledger_entries s on s.order_id = e.order_id and s.kind = 'ai_pool' and s.reason = 'sale'
         where e.kind = 'ai_pool'
           and s.created_at <= now() - make_interval(days => coalesce((select hold_days from payout_settings where id = 1), 30))
           and not exists (select 1 from refund_requests r where r.order_id = e.order_id and r.status in ('requested', 'processing'))
      )::bigint as released,
      (select coalesce(sum(amount_cents), 0) from ai_pool_transfers where status = 'completed')::bigint as transferred,
      (select coalesce(sum(amount_cents), 0) from ai_pool_transfers where status = 'pending')::bigint as pending`);
  return result.rows[0];
}

/** Inflow (sales), refunds and completed transfers per UTC day, every day of the range present, oldest first. */
export async function listPoolDayRows(db: DbOrTx, range: DayRange) {
  const result = await db.execute<{ day: string; inflow: string; refunds: string; transferred: string }>(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day,
      coalesce(l.inflow, 0)::bigint as inflow,
      coalesce(l.refunds, 0)::bigint as refunds,
      coalesce(t.transferred, 0)::bigint as transferred
    from generate_series(${range.start}::date, ${range.end}::date, interval '1 day') as d(day)
    left join (
      select (created_at at time zone 'UTC')::date as day,
        sum(amount_cents) filter (where reason = 'sale') as inflow,
        -sum(amount_cents) filter (where reason = 'refund') as refunds
      from ledger_entries
      where kind = 'ai_pool'
        and created_at >= ${range.start}::date at time zone 'UTC'
        and created_at < (${range.end}::date + 1) at time zone 'UTC'
      group by 1
    ) l on l.day = d.day::date
    left join (
      select (completed_at at time zone 'UTC')::date as day, sum(amount_cents) as transferred
      from ai_pool_transfers
      where status = 'completed'
        and completed_at >= ${range.start}::date at time zone 'UTC'
        and completed_at < (${range.end}::date + 1) at time zone 'UTC'
      group by 1
    ) t on t.day = d.day::date
    order by d.day`);
  return result.rows;
}

// Transfers.

/** Transfers newest first, optionally only those with one status. */
export async function listTransfers(
  db: DbOrTx,
  limit: number,
  status?: AiPoolTransferStatus,
  offset = 0,
): Promise<TransferRow[]> {
  return db
    .select()
    .from(aiPoolTransfers)
    .where(status ? eq(aiPoolTransfers.status, status) : undefined)
    .orderBy(desc(aiPoolTransfers.createdAt), desc(aiPoolTransfers.id))
    .limit(limit)
    .offset(offset);
}

export async function countTransfers(db: DbOrTx, status?: AiPoolTransferStatus): Promise<number> {
  const [counted] = await db
    .select({ total: count() })
    .from(aiPoolTransfers)
    .where(status ? eq(aiPoolTransfers.status, status) : undefined);
  return counted?.total ?? 0;
}

/** Completed transfers, most recently completed first. */
export function listCompletedTransfers(db: DbOrTx, limit: number): Promise<TransferRow[]> {
  return db
    .select()
    .from(aiPoolTransfers)
    .where(eq(aiPoolTransfers.status, 'completed'))
    .orderBy(desc(aiPoolTransfers.completedAt), desc(aiPoolTransfers.id))
    .limit(limit);
}

export async function hasPendingTransfer(tx: DbOrTx): Promise<boolean> {
  const [inFlight] = await tx
    .select({ id: aiPoolTransfers.id })
    .from(aiPoolTransfers)
    .where(eq(aiPoolTransfers.status, 'pending'));
  return inFlight !== undefined;
}

export async function insertTransfer(tx: DbOrTx, transfer: NewTransfer): Promise<TransferRow> {
  const [row] = await tx.insert(aiPoolTransfers).values(transfer).returning();
  if (!row) throw new Error('transfer row missing after insert');
  return row;
}

/** Records the outcome of a transfer still pending; undefined when it no longer is. */
export async function finishPendingTransfer(
  tx: DbOrTx,
  id: string,
  outcome: { status: 'completed'; providerTransferId: string } | { status: 'failed'; failureReason: string },
): Promise<TransferRow | undefined> {
  const [updated] = await tx
    .update(aiPoolTransfers)
    .set({ ...outcome, completedAt: new Date() })
    .where(and(eq(aiPoolTransfers.id, id), eq(aiPoolTransfers.status, 'pending')))
    .returning();
  return updated;
}

export async function findTransfer(db: DbOrTx, id: string): Promise<TransferRow | undefined> {
  const [current] = await db.select().from(aiPoolTransfers).where(eq(aiPoolTransfers.id, id));
  return current;
}

export function listPendingTransfersCreatedBefore(db: DbOrTx, before: Date): Promise<TransferRow[]> {
  return db
    .select()
    .from(aiPoolTransfers)
    .where(and(eq(aiPoolTransfers.status, 'pending'), lt(aiPoolTransfers.createdAt, before)));
}

/** When the newest scheduled transfer was made and how it ended. */
export async function findLastScheduledTransfer(db: DbOrTx) {
  const [last] = await db
    .select({ createdAt: aiPoolTransfers.createdAt, status: aiPoolTransfers.status })
    .from(aiPoolTransfers)
    .where(eq(aiPoolTransfers.trigger, 'scheduled'))
    .orderBy(desc(aiPoolTransfers.createdAt))
    .limit(1);
  return last;
}

// The built-in test token provider's own books (providers.ts).

/** One row per idempotency key: a retry with the same key is ignored. */
export async function insertTestTokenTransfer(db: DbOrTx, transfer: typeof testTokenTransfers.$inferInsert): Promise<void> {
  await db.insert(testTokenTransfers).values(transfer).onConflictDoNothing();
}

export async function findTestTokenTransfer(db: DbOrTx, idempotencyKey: string) {
  const [made] = await db.select().from(testTokenTransfers).where(eq(testTokenTransfers.idempotencyKey, idempotencyKey));
  return made;
}
