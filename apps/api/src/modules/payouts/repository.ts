import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  bankAccounts,
  ledgerEntries,
  orderItems,
  orders,
  payoutSettings,
  payouts,
  refundRequests,
  testPayoutTransfers,
} from '../../db/schema';

export type PayoutSettingsRow = typeof payoutSettings.$inferSelect;
export type BankAccountRow = typeof bankAccounts.$inferSelect;
type NewBankAccount = typeof bankAccounts.$inferInsert;

// Payout settings: one row.

export async function findPayoutSettings(db: DbOrTx): Promise<PayoutSettingsRow | undefined> {
  const [row] = await db.select().from(payoutSettings).where(eq(payoutSettings.id, 1));
  return row;
}

/** Creates the settings row with its defaults unless it exists. */
export async function ensurePayoutSettingsRow(db: DbOrTx): Promise<void> {
  await db.insert(payoutSettings).values({ id: 1 }).onConflictDoNothing();
}

/** Locks the settings row until the transaction ends (FOR UPDATE). */
export async function lockPayoutSettings(tx: DbOrTx): Promise<void> {
  await tx.select().from(payoutSettings).where(eq(payoutSettings.id, 1)).for('update');
}

export async function updatePayoutSettingsRow(
  tx: DbOrTx,
  changes: Partial<PayoutSettingsRow>,
): Promise<PayoutSettingsRow | undefined> {
  const [after] = await tx.update(payoutSettings).set(changes).where(eq(payoutSettings.id, 1)).returning();
  return after;
}

// Bank accounts: a seller's payout account (user_id set) or one of the platform's (user_id null).

/**
 * Takes the payout-account locks of everyone an order pays (its sellers, its referrer), in a fixed
 * order. A payout claim holds the same lock while it reads the balance, so a refund request written
 * under it is either seen by the run (money held) or written after that payout was recorded.
 */
export async function lockPayoutAccountsOfOrder(tx: DbOrTx, orderId: string): Promise<void> {
  await tx.execute(sql`select id from ${bankAccounts}
    where ${bankAccounts.userId} in (select seller_id from ledger_entries where order_id = ${orderId} and kind in ('seller', 'affiliate'))
    order by id for update`);
}

/** Serialises changes to the platform's accounts until the transaction ends, so "primary" moves atomically. */
export async function lockPlatformAccounts(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
}

export async function findPayoutAccountOfSeller(db: DbOrTx, sellerId: string): Promise<BankAccountRow | undefined> {
  const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.userId, sellerId));
  return row;
}

/** Locks the seller's payout account row until the transaction ends (FOR UPDATE). */
export async function lockPayoutAccountOfSeller(tx: DbOrTx, sellerId: string): Promise<BankAccountRow | undefined> {
  const [row] = await tx.select().from(bankAccounts).where(eq(bankAccounts.userId, sellerId)).for('update');
  return row;
}

export async function hasPayoutInFlight(tx: DbOrTx, sellerId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.sellerId, sellerId), eq(payouts.status, 'processing')))
    .limit(1);
  return Boolean(row);
}

export async function updateBankAccount(
  tx: DbOrTx,
  id: string,
  changes: Partial<BankAccountRow>,
): Promise<BankAccountRow | undefined> {
  const [saved] = await tx.update(bankAccounts).set(changes).where(eq(bankAccounts.id, id)).returning();
  return saved;
}

/** Adds the seller's payout account; undefined when one appeared meanwhile. */
export async function insertPayoutAccountIfNone(tx: DbOrTx, account: NewBankAccount): Promise<BankAccountRow | undefined> {
  const [saved] = await tx.insert(bankAccounts).values(account).onConflictDoNothing().returning();
  return saved;
}

export async function insertBankAccount(tx: DbOrTx, account: NewBankAccount): Promise<BankAccountRow> {
  const [saved] = await tx.insert(bankAccounts).values(account).returning();
  if (!saved) throw new Error('bank account not saved');
  return saved;
}

export async function deleteBankAccount(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(bankAccounts).where(eq(bankAccounts.id, id));
}

/** The platform's own bank accounts, primary first, then oldest first. */
export function listPlatformBankAccountRows(db: DbOrTx): Promise<BankAccountRow[]> {
  return db
    .select()
    .from(bankAccounts)
    .where(isNull(bankAccounts.userId))
    .orderBy(desc(bankAccounts.isPrimary), asc(bankAccounts.createdAt));
}

export async function findPlatformBankAccount(db: DbOrTx, id: string): Promise<BankAccountRow | undefined> {
  const [current] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), isNull(bankAccounts.userId)));
  return current;
}

export async function clearPlatformPrimaryAccount(tx: DbOrTx): Promise<void> {
  await tx
    .update(bankAccounts)
    .set({ isPrimary: false })
    .where(and(isNull(bankAccounts.userId), eq(bankAccounts.isPrimary, true)));
}

/** Deletes one of the platform's accounts; answers it, or undefined when there was none. */
export async function deletePlatformBankAccountRow(tx: DbOrTx, id: string): Promise<BankAccountRow | undefined> {
  const [deleted] = await tx
    .delete(bankAccounts)
    .where(and(eq(bankAccounts.id, id), isNull(bankAccounts.userId)))
    .returning();
  return deleted;
}

// Balances and statements, from the ledger and the payouts.

const sale = alias(ledgerEntries, 'sale');
/** Joins an earning entry (a sale or its reversal) to the sale it belongs to, which dates it. */
const saleOfEntry = and(
  eq(sale.orderId, ledgerEntries.orderId),
  eq(sale.sellerId, ledgerEntries.sellerId),
  eq(sale.kind, ledgerEntries.kind),
  eq(sale.reason, 'sale'),
);
/** What the ledger owes a user: their sales as a seller and their referral commission as an affiliate. */
const EARNING_KINDS: ('seller' | 'affiliate')[] = ['seller', 'affiliate'];

/**
 * The entry's order has a refund request nobody has decided yet (or whose approval is under way):
 * its money is held, neither pending nor released, until the decision. Read in the same statement
 * as the ledger, so an approval (reversal + status in one transaction) is seen whole or not at all.
 */
export const underOpenRefund = sql`exists (select 1 from ${refundRequests} where ${refundRequests.orderId} = ${ledgerEntries.orderId} and ${refundRequests.status} in ('requested', 'processing'))`;

/** A seller's earning entries (sales and reversals, dated by their sale) split by the hold `cutoff`, and held under open refunds. */
export async function sumSellerLedger(db: DbOrTx, sellerId: string, cutoff: Date) {
  const [ledger] = await db
    .select({
      pending: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${sale.createdAt} > ${cutoff} and not ${underOpenRefund}), 0)`,
      released: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${sale.createdAt} <= ${cutoff} and not ${underOpenRefund}), 0)`,
      held: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${underOpenRefund}), 0)`,
      oldestPending: sql<Date | null>`min(${sale.createdAt}) filter (where ${sale.createdAt} > ${cutoff} and not ${underOpenRefund})`,
    })
    .from(ledgerEntries)
    .innerJoin(sale, saleOfEntry)
    .where(and(inArray(ledgerEntries.kind, EARNING_KINDS), eq(ledgerEntries.sellerId, sellerId)));
  return ledger;
}

/** The seller's payouts summed per status. */
export function sumPayoutsByStatus(db: DbOrTx, sellerId: string) {
  return db
    .select({ status: payouts.status, total: sql<string>`sum(${payouts.amountCents})` })
    .from(payouts)
    .where(eq(payouts.sellerId, sellerId))
    .groupBy(payouts.status);
}

/** The seller's earning entries in the range, oldest first, with their order, sale date, whether held, and product titles. */
export function listStatementEntries(db: DbOrTx, sellerId: string, range: { from?: Date; to?: Date }, limit: number) {
  const titles = sql<string>`(select string_agg(${orderItems.productTitle}, ', ' order by ${orderItems.productTitle}) from ${orderItems} where ${orderItems.orderId} = ${ledgerEntries.orderId} and ${orderItems.sellerId} = ${sellerId})`;
  return db
    .select({
      createdAt: ledgerEntries.createdAt,
      reason: ledgerEntries.reason,
      kind: ledgerEntries.kind,
      amountCents: ledgerEntries.amountCents,
      orderNumber: orders.orderNumber,
      soldAt: sale.createdAt,
      held: sql<boolean>`${underOpenRefund}`,
      titles,
    })
    .from(ledgerEntries)
    .innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .innerJoin(sale, saleOfEntry)
    .where(
      and(
        inArray(ledgerEntries.kind, EARNING_KINDS),
        eq(ledgerEntries.sellerId, sellerId),
        range.from ? gte(ledgerEntries.createdAt, range.from) : undefined,
        range.to ? lt(ledgerEntries.createdAt, range.to) : undefined,
      ),
    )
    .orderBy(asc(ledgerEntries.createdAt))
    .limit(limit);
}

/** The seller's payouts in the range except failed ones, oldest first. */
export function listStatementPayouts(db: DbOrTx, sellerId: string, range: { from?: Date; to?: Date }, limit: number) {
  return db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.sellerId, sellerId),
        sql`${payouts.status} <> 'failed'`,
        range.from ? gte(payouts.createdAt, range.from) : undefined,
        range.to ? lt(payouts.createdAt, range.to) : undefined,
      ),
    )
    .orderBy(asc(payouts.createdAt))
    .limit(limit);
}

// The built-in test payout provider's own books (providers/test-provider.ts).

/** One transfer per idempotency key: a retry is ignored. */
export async function insertTestPayoutTransfer(db: DbOrTx, transfer: typeof testPayoutTransfers.$inferInsert): Promise<void> {
  await db.insert(testPayoutTransfers).values(transfer).onConflictDoNothing();
}

export async function findTestPayoutTransferByKey(db: DbOrTx, idempotencyKey: string) {
  const [transfer] = await db.select().from(testPayoutTransfers).where(eq(testPayoutTransfers.idempotencyKey, idempotencyKey));
  return transfer;
}

/** Locks the transfer's row until the transaction ends (FOR UPDATE). */
export async function lockTestPayoutTransfer(tx: DbOrTx, id: string) {
  const [transfer] = await tx.select().from(testPayoutTransfers).where(eq(testPayoutTransfers.id, id)).for('update');
  return transfer;
}

export async function setTestPayoutTransferReversed(tx: DbOrTx, id: string, reversedCents: number): Promise<void> {
  await tx.update(testPayoutTransfers).set({ reversedCents }).where(eq(testPayoutTransfers.id, id));
}
