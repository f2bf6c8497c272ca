import type { Preferences } from '@app/shared';
import { and, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { ledgerEntries, notifications, orderItems, orders, saleAlertSettings, saleAlerts, users } from '../../db/schema';

export type SaleAlertKind = (typeof saleAlerts.$inferSelect)['kind'];
export type SaleAlertEmailStatus = (typeof saleAlerts.$inferSelect)['emailStatus'];

/** A seller's lines of an order as bought (titles as they were), by title. */
export interface SaleLine {
  title: string;
  quantity: number;
}

/** The seller's lines of the order, as a JSON array (one subquery: read with the row it belongs to). */
const linesOf = (orderId: SQL, sellerId: SQL) => sql`coalesce((
  select json_agg(json_build_object('title', i.product_title, 'quantity', i.quantity) order by i.product_title)
  from ${orderItems} i where i.order_id = ${orderId} and i.seller_id = ${sellerId}
), '[]'::json)`;

/**
 * The sellers to alert of one order, in one read: each seller's ledger entry for its sale or for the
 * sale's reversal (their share exactly as the split wrote it, after the platform fee and the AI pool;
 * negative for a refund), their lines of the order, their language, and whether to e-mail them (not
 * when they turned it off or the account is deleted).
 */
export async function findSellersToAlert(tx: DbOrTx, orderId: string, reason: SaleAlertKind) {
  const result = await tx.execute<{
    sellerId: string;
    amountCents: number;
    preferences: Preferences | null;
    emailsOff: boolean | null;
    lines: SaleLine[];
  }>(sql`
    select l.seller_id as "sellerId", l.amount_cents as "amountCents", u.preferences,
      (coalesce(s.emails = false, false) or u.deleted_at is not null) as "emailsOff",
      ${linesOf(sql`l.order_id`, sql`l.seller_id`)} as lines
    from ${ledgerEntries} l
    left join ${users} u on u.id = l.seller_id
    left join ${saleAlertSettings} s on s.user_id = l.seller_id
    where l.order_id = ${orderId} and l.kind = 'seller' and l.reason = ${reason} and l.seller_id is not null`);
  return result.rows;
}

/**
 * Stores alerts and, for each one that is new, the seller's in-app notification, in one statement; a
 * row that exists already (same order, seller and kind) is left alone with no second notification.
 * Answers the sellers whose alert is new.
 */
export async function insertSaleAlertsWithNotifications(
  tx: Tx,
  alert: { orderId: string; kind: SaleAlertKind },
  rows: {
    sellerId: string;
    amountCents: number;
    emailStatus: SaleAlertEmailStatus;
    notification: { type: string; title: string; message: string; link: string };
  }[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const input = rows.map((row) => ({
    seller_id: row.sellerId,
    amount_cents: row.amountCents,
    email_status: row.emailStatus,
    ...row.notification,
  }));
  const result = await tx.execute<{ sellerId: string }>(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        as x(seller_id uuid, amount_cents int, email_status text, type text, title text, message text, link text)
    ), fresh as (
      insert into ${saleAlerts} (order_id, seller_id, kind, amount_cents, email_status)
      select ${alert.orderId}::uuid, seller_id, ${alert.kind}, amount_cents, email_status from input
      on conflict (order_id, seller_id, kind) do nothing
      returning seller_id
    ), notified as (
      insert into ${notifications} (user_id, type, title, message, link)
      select i.seller_id, i.type, i.title, i.message, i.link from input i join fresh f on f.seller_id = i.seller_id
    )
    select seller_id as "sellerId" from fresh`);
  return new Set(result.rows.map((row) => row.sellerId));
}

/** A claimed alert e-mail with what it says: the order's number, the seller's address, name and language, their lines. */
export type ClaimedAlert = {
  id: string;
  orderId: string;
  sellerId: string;
  kind: SaleAlertKind;
  amountCents: number;
  attempts: number;
  orderNumber: string;
  email: string;
  firstName: string;
  preferences: Preferences | null;
  lines: SaleLine[];
};

/**
 * Takes queued alert e-mails for this runner alone (queued → sending), oldest first, at most
 * `limit` (of one order, or any), and answers them with what their mail needs, in one statement.
 */
export async function claimQueuedAlerts(db: DbOrTx, claim: { orderId?: string; limit: number }): Promise<ClaimedAlert[]> {
  const result = await db.execute<ClaimedAlert>(sql`
    with claimed as (
      update ${saleAlerts} set email_status = 'sending', claimed_at = now(), attempts = attempts + 1
      where id = any(array(
        select id from ${saleAlerts}
        where email_status = 'queued' ${claim.orderId ? sql`and order_id = ${claim.orderId}` : sql``}
        order by created_at
        limit ${claim.limit}
        for update skip locked
      ))
      returning id, order_id, seller_id, kind, amount_cents, attempts, created_at
    )
    select c.id, c.order_id as "orderId", c.seller_id as "sellerId", c.kind, c.amount_cents as "amountCents",
      c.attempts, o.order_number as "orderNumber", u.email, u.first_name as "firstName", u.preferences,
      ${linesOf(sql`c.order_id`, sql`c.seller_id`)} as lines
    from claimed c
    join ${orders} o on o.id = c.order_id
    join ${users} u on u.id = c.seller_id
    order by c.created_at, c.id`);
  return result.rows;
}

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

/** Puts claimed e-mails that were not tried back in the queue, as if never claimed. */
export async function releaseClaimedAlerts(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(saleAlerts)
    .set({ emailStatus: 'queued', claimedAt: null, attempts: sql`${saleAlerts.attempts} - 1` })
    .where(and(inArray(saleAlerts.id, ids), eq(saleAlerts.emailStatus, 'sending')));
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
