import type { Preferences } from '@app/shared';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { notifications, products, productUpdateDeliveries, productUpdateMutes, productUpdates } from '../../db/schema';

export type ProductUpdateRow = typeof productUpdates.$inferSelect;
export type NewProductUpdate = typeof productUpdates.$inferInsert;

/** Stores an update; the fan-out job finds it by its empty `fanout_done_at`. */
export async function insertProductUpdate(tx: Tx, update: NewProductUpdate): Promise<{ id: string }> {
  const [row] = await tx.insert(productUpdates).values(update).returning({ id: productUpdates.id });
  if (!row) throw new Error('product update not inserted');
  return row;
}

/** A product as the update rules need it: its seller, title and whether buyers can still see it. */
export async function findProductForUpdates(db: DbOrTx, productId: string) {
  const [row] = await db
    .select({ id: products.id, sellerId: products.sellerId, title: products.title, status: products.status })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)));
  return row;
}

/**
 * Serialises note posting per product for the rest of the transaction (the daily limit is read,
 * then a note inserted: two posts at once must not both pass at the limit).
 */
export async function lockProductNotes(tx: Tx, productId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`product-update-notes:${productId}`}, 0))`);
}

/** Update notes posted for a product in the last 24 hours (deleted ones count: they were sent). */
export async function countRecentNotes(tx: Tx, productId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(productUpdates)
    .where(
      and(
        eq(productUpdates.productId, productId),
        eq(productUpdates.kind, 'note'),
        sql`${productUpdates.createdAt} > now() - interval '24 hours'`,
      ),
    );
  return row?.n ?? 0;
}

/** A product's visible updates of `kinds`, newest first. */
export async function listProductUpdates(
  db: DbOrTx,
  productId: string,
  kinds: readonly ('version' | 'note')[],
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(productUpdates.productId, productId),
    isNull(productUpdates.deletedAt),
    sql`${productUpdates.kind} in ${kinds}`,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(productUpdates)
      .where(where)
      .orderBy(desc(productUpdates.createdAt), desc(productUpdates.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(productUpdates).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export interface DeliveryCounts {
  sent: number;
  queued: number;
  skipped: number;
  failed: number;
}

/**
 * Where the sending of each update stands: its delivery rows by state, plus (while the fan-out is
 * not done) the buyers it has not reached yet, counted as queued.
 */
export async function deliveryCounts(db: DbOrTx, updateIds: string[]): Promise<Map<string, DeliveryCounts>> {
  const result = new Map<string, DeliveryCounts>();
  if (updateIds.length === 0) return result;
  const { rows } = await db.execute<{ id: string; sent: number; queued: number; skipped: number; failed: number }>(sql`
    select u.id,
      (select count(*) from product_update_deliveries d where d.update_id = u.id and d.status = 'sent')::int as sent,
      (select count(*) from product_update_deliveries d where d.update_id = u.id and d.status in ('queued', 'sending'))::int
        + case when u.fanout_done_at is null and u.deleted_at is null then (
            select count(distinct o.user_id) from orders o
            join order_items oi on oi.order_id = o.id
            join users b on b.id = o.user_id
            where oi.product_id = u.product_id and o.payment_status = 'paid' and b.deleted_at is null and b.is_active
              and (u.fanout_after_user_id is null or o.user_id > u.fanout_after_user_id))
          else 0 end as queued,
      (select count(*) from product_update_deliveries d where d.update_id = u.id and d.status = 'skipped')::int as skipped,
      (select count(*) from product_update_deliveries d where d.update_id = u.id and d.status = 'failed')::int as failed
    from product_updates u
    where u.id in ${updateIds}`);
  for (const row of rows)
    result.set(row.id, { sent: row.sent, queued: Number(row.queued), skipped: row.skipped, failed: row.failed });
  return result;
}

export async function findProductUpdate(db: DbOrTx, id: string) {
  const [row] = await db.select().from(productUpdates).where(eq(productUpdates.id, id));
  return row;
}

/** Hides an update; the mails not yet sent are skipped from now on. */
export async function markProductUpdateDeleted(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(productUpdates)
    .set({ deletedAt: new Date() })
    .where(and(eq(productUpdates.id, id), isNull(productUpdates.deletedAt)))
    .returning({ id: productUpdates.id });
  return rows.length > 0;
}

// ---- Fan-out: delivery rows and notifications, one batch of buyers per transaction ----

/**
 * The oldest update whose fan-out is not done, locked for this transaction; another runner skips
 * it (and takes the next one) instead of waiting.
 */
export async function lockNextFanout(tx: Tx) {
  const [row] = await tx
    .select()
    .from(productUpdates)
    .where(and(isNull(productUpdates.fanoutDoneAt), isNull(productUpdates.deletedAt)))
    .orderBy(productUpdates.createdAt, productUpdates.id)
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

export interface BuyerRow {
  userId: string;
  preferences: Preferences | null;
  muted: boolean;
  /** False for a deleted or deactivated account: passed over, but the cursor moves past it. */
  reachable: boolean;
}

/**
 * The product's next buyers after `afterUserId`, in user id order: users with a paid order of it
 * (a refunded order is no longer paid), found from the product's order lines (indexed), never by
 * walking every account; with whether they muted its updates and whether the account is still live.
 */
export async function nextBuyers(tx: Tx, productId: string, afterUserId: string | null, limit: number): Promise<BuyerRow[]> {
  const { rows } = await tx.execute<{ user_id: string; preferences: Preferences | null; muted: boolean; reachable: boolean }>(sql`
    with candidates as (
      select distinct o.user_id
      from order_items oi join orders o on o.id = oi.order_id
      where oi.product_id = ${productId} and o.payment_status = 'paid'
        and (${afterUserId}::uuid is null or o.user_id > ${afterUserId}::uuid)
      order by o.user_id
      limit ${limit})
    select b.id as user_id, b.preferences, (b.deleted_at is null and b.is_active) as reachable,
      exists (select 1 from product_update_mutes m where m.user_id = b.id and (m.product_id = ${productId} or m.product_id is null)) as muted
    from candidates c join users b on b.id = c.user_id
    order by b.id`);
  return rows.map((row) => ({ userId: row.user_id, preferences: row.preferences, muted: row.muted, reachable: row.reachable }));
}

/** Inserts the delivery rows; answers the users whose row is new (a row already there is never made again). */
export async function insertDeliveries(
  tx: Tx,
  updateId: string,
  rows: { userId: string; status: 'queued' | 'skipped' }[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await tx
    .insert(productUpdateDeliveries)
    .values(rows.map((row) => ({ updateId, userId: row.userId, status: row.status })))
    .onConflictDoNothing()
    .returning({ userId: productUpdateDeliveries.userId });
  return new Set(inserted.map((row) => row.userId));
}

export async function insertNotifications(
  tx: Tx,
  rows: { userId: string; title: string; message: string; link: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(notifications).values(rows.map((row) => ({ ...row, type: 'info' })));
}

export async function advanceFanout(tx: Tx, updateId: string, afterUserId: string | null, done: boolean): Promise<void> {
  await tx
    .update(productUpdates)
    .set({ fanoutAfterUserId: afterUserId, ...(done && { fanoutDoneAt: new Date() }) })
    .where(eq(productUpdates.id, updateId));
}

// ---- Sending: the queued rows are the e-mail outbox ----

export interface ClaimedMail {
  updateId: string;
  userId: string;
  email: string;
  firstName: string;
  preferences: Preferences | null;
  productId: string;
  productTitle: string;
  kind: 'version' | 'note';
  title: string;
  body: string;
  /** The buyer muted the product (or everything) after the fan-out, or the update was deleted: not sent. */
  cancelled: boolean;
  attempts: number;
}

/**
 * Takes one queued mail and marks it sending, committed before the mail goes out: a runner that
 * dies mid-send leaves it `sending`, and it is never sent again (at most once, never twice).
 */
export async function claimQueuedMail(db: DbOrTx): Promise<ClaimedMail | undefined> {
  const { rows } = await db.execute<{
    update_id: string;
    user_id: string;
    email: string;
    first_name: string;
    preferences: Preferences | null;
    product_id: string;
    product_title: string;
    kind: 'version' | 'note';
    title: string;
    body: string;
    cancelled: boolean;
    attempts: number;
  }>(sql`
    with next as (
      select update_id, user_id from product_update_deliveries
      where status = 'queued'
      order by created_at, update_id, user_id
      limit 1
      for update skip locked
    ), claimed as (
      update product_update_deliveries d set status = 'sending', claimed_at = now(), attempts = d.attempts + 1
      from next where d.update_id = next.update_id and d.user_id = next.user_id
      returning d.update_id, d.user_id, d.attempts
    )
    select c.update_id, c.user_id, c.attempts, b.email, b.first_name, b.preferences,
      p.id as product_id, p.title as product_title, u.kind, u.title, u.body,
      (u.deleted_at is not null or p.deleted_at is not null or not b.is_active or b.deleted_at is not null
        or exists (select 1 from product_update_mutes m where m.user_id = b.id and (m.product_id = p.id or m.product_id is null))) as cancelled
    from claimed c
    join product_updates u on u.id = c.update_id
    join products p on p.id = u.product_id
    join users b on b.id = c.user_id`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    updateId: row.update_id,
    userId: row.user_id,
    email: row.email,
    firstName: row.first_name,
    preferences: row.preferences,
    productId: row.product_id,
    productTitle: row.product_title,
    kind: row.kind,
    title: row.title,
    body: row.body,
    cancelled: row.cancelled,
    attempts: row.attempts,
  };
}

/** Ends a claimed mail: sent, skipped (muted meanwhile), back to queued after a refusal, or failed. */
export async function finishClaimedMail(
  db: DbOrTx,
  mail: { updateId: string; userId: string },
  outcome: { status: 'sent' | 'skipped' | 'queued' | 'failed'; error?: string },
): Promise<void> {
  await db
    .update(productUpdateDeliveries)
    .set({
      status: outcome.status,
      lastError: outcome.error ?? null,
      ...(outcome.status === 'sent' && { sentAt: new Date() }),
    })
    .where(
      and(
        eq(productUpdateDeliveries.updateId, mail.updateId),
        eq(productUpdateDeliveries.userId, mail.userId),
        eq(productUpdateDeliveries.status, 'sending'),
      ),
    );
}

/**
 * Mails a dead runner left `sending` for longer than `staleMs`: it may or may not have handed them
 * to the mail server, so they are marked failed rather than sent again.
 */
export async function failStaleSending(db: DbOrTx, staleMs: number): Promise<number> {
  const rows = await db
    .update(productUpdateDeliveries)
    .set({ status: 'failed', lastError: 'interrupted while sending; not retried so that no buyer gets it twice' })
    .where(
      and(
        eq(productUpdateDeliveries.status, 'sending'),
        sql`${productUpdateDeliveries.claimedAt} < now() - make_interval(secs => ${staleMs / 1000})`,
      ),
    )
    .returning({ userId: productUpdateDeliveries.userId });
  return rows.length;
}

// ---- Mutes ----

export async function listMutes(db: DbOrTx, userId: string) {
  return db
    .select({ productId: productUpdateMutes.productId, title: products.title, createdAt: productUpdateMutes.createdAt })
    .from(productUpdateMutes)
    .leftJoin(products, eq(products.id, productUpdateMutes.productId))
    .where(eq(productUpdateMutes.userId, userId))
    .orderBy(desc(productUpdateMutes.createdAt));
}

/** Mutes one product (or, with null, all of them); muting twice, or for an account or product gone, is harmless. */
export async function insertMute(db: DbOrTx, userId: string, productId: string | null): Promise<void> {
  await db.execute(sql`
    insert into product_update_mutes (user_id, product_id)
    select b.id, ${productId}::uuid from users b
    where b.id = ${userId}::uuid and (${productId}::uuid is null or exists (select 1 from products p where p.id = ${productId}::uuid))
    on conflict do nothing`);
}

export async function deleteMute(db: DbOrTx, userId: string, productId: string | null): Promise<void> {
  await db
    .delete(productUpdateMutes)
    .where(
      and(
        eq(productUpdateMutes.userId, userId),
        productId === null ? isNull(productUpdateMutes.productId) : eq(productUpdateMutes.productId, productId),
      ),
    );
}
