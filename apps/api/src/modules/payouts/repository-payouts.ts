import { and, count, desc, eq, gte, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bankAccounts, ledgerEntries, orders, payouts, users } from '../../db/schema';

/** Payout rows: claims, outcomes, reversals and lists (the rest of the module's SQL is in repository.ts). */

export type PayoutRow = typeof payouts.$inferSelect;
type NewPayout = typeof payouts.$inferInsert;

export interface PayoutFilter {
  status?: PayoutRow['status'];
  sellerId?: string;
  createdFrom?: Date;
  createdBefore?: Date;
}

/** Records a payout (processing) before any money moves. */
export async function insertPayout(tx: DbOrTx, payout: NewPayout): Promise<PayoutRow> {
  const [row] = await tx.insert(payouts).values(payout).returning();
  if (!row) throw new Error('payout not recorded');
  return row;
}

/** Records how a processing payout ended; undefined when it was no longer processing. */
export async function finishProcessingPayout(
  tx: DbOrTx,
  id: string,
  outcome: { status: 'paid'; providerTransferId: string; paidAt: Date } | { status: 'failed'; failureReason: string },
): Promise<PayoutRow | undefined> {
  const [updated] = await tx
    .update(payouts)
    .set(outcome)
    .where(and(eq(payouts.id, id), eq(payouts.status, 'processing')))
    .returning();
  return updated;
}

export async function findPayout(db: DbOrTx, id: string): Promise<PayoutRow | undefined> {
  const [current] = await db.select().from(payouts).where(eq(payouts.id, id));
  return current;
}

export async function findPayoutStatus(db: DbOrTx, id: string) {
  const [existing] = await db.select({ status: payouts.status }).from(payouts).where(eq(payouts.id, id));
  return existing;
}

/** Payouts left processing or reversing since before `before`. */
export function listStalePayouts(db: DbOrTx, before: Date): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(and(or(eq(payouts.status, 'processing'), eq(payouts.status, 'reversing')), lte(payouts.updatedAt, before)));
}

/** Everyone with a payout account. */
export function listPayoutAccountHolders(db: DbOrTx) {
  return db.select({ id: bankAccounts.userId }).from(bankAccounts).where(isNotNull(bankAccounts.userId));
}

/**
 * Claims the scheduled run if it is due (one conditional update moves last_run_at, so one
 * instance wins); false when no run was due or the schedule changed meanwhile.
 */
export async function claimDueScheduledRun(db: DbOrTx, schedule: string, interval: string): Promise<boolean> {
  const claimed = await db.execute(
    sql`update payout_settings set last_run_at = now()
        where id = 1 and schedule = ${schedule}
          and (last_run_at is null or last_run_at <= now() - ${interval}::interval)
        returning id`,
  );
  return claimed.rows.length > 0;
}

/** The order with this id (when `byId`) or this payment intent id. */
export async function findOrderByIdOrIntent(db: DbOrTx, paymentId: string, byId: boolean) {
  const [order] = await db
    .select()
    .from(orders)
    .where(byId ? eq(orders.id, paymentId) : eq(orders.paymentIntentId, paymentId));
  return order;
}

/** The sellers the order's ledger pays. */
export function listSellersPaidByOrder(db: DbOrTx, orderId: string) {
  return db
    .selectDistinct({ id: ledgerEntries.sellerId })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, 'seller')));
}

/** Claims a paid payout for reversal (paid → reversing); undefined when it was not paid. */
export async function markPaidPayoutReversing(tx: DbOrTx, id: string): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .update(payouts)
    .set({ status: 'reversing' })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'paid')))
    .returning();
  return row;
}

/** Records the reversal of a reversing payout; undefined when it was no longer reversing. */
export async function finishReversingPayout(tx: DbOrTx, id: string, providerReversalId: string): Promise<PayoutRow | undefined> {
  const [updated] = await tx
    .update(payouts)
    .set({ status: 'reversed', providerReversalId })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'reversing')))
    .returning();
  return updated;
}

function whereOf(filter: PayoutFilter) {
  return and(
    filter.status ? eq(payouts.status, filter.status) : undefined,
    filter.sellerId ? eq(payouts.sellerId, filter.sellerId) : undefined,
    filter.createdFrom ? gte(payouts.createdAt, filter.createdFrom) : undefined,
    filter.createdBefore ? lt(payouts.createdAt, filter.createdBefore) : undefined,
  );
}

export async function countPayouts(db: DbOrTx, filter: PayoutFilter): Promise<number> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(payouts).where(whereOf(filter));
  return total;
}

/** A page of payouts with their seller's name and e-mail, newest first. */
export function listPayoutPage(db: DbOrTx, filter: PayoutFilter, limit: number, offset: number) {
  return db
    .select({
      payout: payouts,
      sellerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      sellerEmail: users.email,
    })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.sellerId))
    .where(whereOf(filter))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(limit)
    .offset(offset);
}

export async function findPayoutRecipient(db: DbOrTx, sellerId: string) {
  const [seller] = await db
    .select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`, email: users.email })
    .from(users)
    .where(eq(users.id, sellerId));
  return seller;
}
