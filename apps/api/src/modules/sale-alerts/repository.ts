import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { ledgerEntries, notifications, orderItems, orders, saleAlertSettings, saleAlerts, users } from '../../db/schema';

export type SaleAlertKind = (typeof saleAlerts.$inferSelect)['kind'];
export type SaleAlertEmailStatus = (typeof saleAlerts.$inferSelect)['emailStatus'];

/**
 * Each seller's ledger entry of one order, for its sale or for the sale's reversal: the seller's
 * share exactly as the split wrote it (after the platform fee and the AI pool; negative for a refund).
 */
export async function sellerLedgerSharesOf(tx: DbOrTx, orderId: string, reason: 'sale' | 'refund') {
  const rows = await tx
    .select({ sellerId: ledgerEntries.sellerId, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, 'seller'), eq(ledgerEntries.reason, reason)));
  return rows.flatMap((row) => (row.sellerId ? [{ sellerId: row.sellerId, amountCents: row.amountCents }] : []));
}

/** The order's lines as bought (titles as they were), with whose product each is. */
export function orderLinesOf(db: DbOrTx, orderId: string) {
  return db
    .select({ sellerId: orderItems.sellerId, title: orderItems.productTitle, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productTitle));
}

/** The sellers to alert: which language, and whether to e-mail them (not when they turned it off or the account is deleted). */
export async function findSellersToAlert(db: DbOrTx, sellerIds: string[]) {
  if (sellerIds.length === 0) return [];
  return db
    .select({
      id: users.id,
      preferences: users.preferences,
      emailsOff: sql<boolean>`(coalesce(${saleAlertSettings.emails} = false, false) or ${users.deletedAt} is not null)`,
    })
    .from(users)
    .leftJoin(saleAlertSettings, eq(saleAlertSettings.userId, users.id))
    .where(inArray(users.id, sellerIds));
}

/** Stores alerts; a row that exists already (same order, seller and kind) is left alone. Answers the sellers whose row is new. */
export async function insertSaleAlerts(
  tx: Tx,
  rows: { orderId: string; sellerId: string; kind: SaleAlertKind; amountCents: number; emailStatus: SaleAlertEmailStatus }[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await tx
    .insert(saleAlerts)
    .values(rows)
    .onConflictDoNothing({ target: [saleAlerts.orderId, saleAlerts.sellerId, saleAlerts.kind] })
    .returning({ sellerId: saleAlerts.sellerId });
  return new Set(inserted.map((row) => row.sellerId));
}

export async function insertSellerNotifications(
  tx: Tx,
  rows: { userId: string; type: string; title: string; message: string; link: string }[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(notifications).values(rows);
}

/** One queued alert e-mail, taken for sending (queued → sending) by this runner alone. */
export async function claimQueuedAlert(db: DbOrTx, orderId?: string) {
  const result = await db.execute<{ id: string }>(sql`
    update ${saleAlerts} set email_status = 'sending', claimed_at = now(), attempts = attempts + 1
    where id = (
      select id from ${saleAlerts}
      where email_status = 'queued' ${orderId ? sql`and order_id = ${orderId}` : sql``}
      order by created_at
      limit 1
      for update skip locked
    )
    returning id`);
  const id = result.rows[0]?.id;
  if (!id) return undefined;
  const [mail] = await db
    .select({
      id: saleAlerts.id,
      orderId: saleAlerts.orderId,
      sellerId: saleAlerts.sellerId,
      kind: saleAlerts.kind,
      amountCents: saleAlerts.amountCents,
      attempts: saleAlerts.attempts,
      orderNumber: orders.orderNumber,
      email: users.email,
      firstName: users.firstName,
      preferences: users.preferences,
    })
    .from(saleAlerts)
    .innerJoin(orders, eq(orders.id, saleAlerts.orderId))
    .innerJoin(users, eq(users.id, saleAlerts.sellerId))
    .where(eq(saleAlerts.id, id));
  return mail;
}

export type ClaimedAlert = NonNullable<Awaited<ReturnType<typeof claimQueuedAlert>>>;

/** Records how a claimed e-mail went. */
export async function finishClaimedAlert(
  db: DbOrTx,
  id: string,
  outcome: { status: 'sent' | 'queued' | 'failed'; error?: string },
): Promise<void> {
  await db
    .update(saleAlerts)
    .set({
      emailStatus: outcome.status,
      sentAt: outcome.status === 'sent' ? new Date() : null,
      lastError: outcome.error ?? null,
      claimedAt: null,
    })
    .where(and(eq(saleAlerts.id, id), eq(saleAlerts.emailStatus, 'sending')));
}

/** E-mails left `sending` by a runner that died mid-send: failed, never sent again (no seller gets two). */
export async function failStaleSending(db: DbOrTx, olderThanMs: number): Promise<number> {
  const stale = await db
    .update(saleAlerts)
    .set({ emailStatus: 'failed', lastError: 'interrupted while sending', claimedAt: null })
    .where(and(eq(saleAlerts.emailStatus, 'sending'), lt(saleAlerts.claimedAt, new Date(Date.now() - olderThanMs))))
    .returning({ id: saleAlerts.id });
  return stale.length;
}

/** Whether the user turned sale e-mails off (no row: on). */
export async function findSaleAlertSettings(db: DbOrTx, userId: string): Promise<{ emails: boolean }> {
  const [row] = await db
    .select({ emails: saleAlertSettings.emails })
    .from(saleAlertSettings)
    .where(eq(saleAlertSettings.userId, userId));
  return { emails: row?.emails ?? true };
}

export async function saveSaleAlertSettings(db: DbOrTx, userId: string, emails: boolean): Promise<void> {
  await db
    .insert(saleAlertSettings)
    .values({ userId, emails })
    .onConflictDoUpdate({ target: saleAlertSettings.userId, set: { emails, updatedAt: new Date() } });
}
