import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, paymentRefunds, refundRequests, webhookEvents } from '../../db/schema';

type OrderRow = typeof orders.$inferSelect;
export type RefundRequestRow = typeof refundRequests.$inferSelect;
type NewPaymentRefund = typeof paymentRefunds.$inferInsert;

// Orders, as the payment path sees them.

export async function findOrder(db: DbOrTx, orderId: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order;
}

/** Locks the order's row until the transaction ends (FOR UPDATE): every change of its payment state goes through this. */
export async function lockOrder(tx: DbOrTx, orderId: string): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order;
}

export async function orderExists(db: DbOrTx, orderId: string): Promise<boolean> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  return order !== undefined;
}

export async function findUsersOrder(db: DbOrTx, orderId: string, userId: string): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return order;
}

export async function findUsersOrderByIntent(db: DbOrTx, intentId: string, userId: string): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.paymentIntentId, intentId), eq(orders.userId, userId)));
  return order;
}

/** The order's payment can never happen (its claim, if it took one, is dropped with it). */
export async function markOrderPaymentVoid(tx: DbOrTx, orderId: string): Promise<void> {
  await tx.update(orders).set({ paymentStatus: 'void', paymentAttemptAt: null }).where(eq(orders.id, orderId));
}

/**
 * claimPayment's common case in one statement: the user's order holding this intent, if it is
 * pending, unpaid and not expired at `now`, takes the claim (payment status processing, attempt
 * time now); the update locks the row. Undefined when there is no such order.
 */
export async function claimOpenOrderByIntent(
  tx: DbOrTx,
  intentId: string,
  userId: string,
  now: Date,
): Promise<OrderRow | undefined> {
  const [claimed] = await tx
    .update(orders)
    .set({ paymentStatus: 'processing', paymentAttemptAt: now })
    .where(
      and(
        eq(orders.paymentIntentId, intentId),
        eq(orders.userId, userId),
        eq(orders.status, 'pending'),
        eq(orders.paymentStatus, 'unpaid'),
        or(isNull(orders.expiresAt), gt(orders.expiresAt, now)),
      ),
    )
    .returning();
  return claimed;
}

/** The claim a charge in flight holds: payment status processing, with when it started. */
export async function markOrderPaymentProcessing(tx: DbOrTx, orderId: string): Promise<void> {
  await tx.update(orders).set({ paymentStatus: 'processing', paymentAttemptAt: new Date() }).where(eq(orders.id, orderId));
}

/** Gives a processing order back to unpaid; with attemptedBefore, only a claim older than that. */
export async function releaseProcessingClaim(db: DbOrTx, orderId: string, attemptedBefore?: Date): Promise<void> {
  await db
    .update(orders)
    .set({ paymentStatus: 'unpaid', paymentAttemptAt: null })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.paymentStatus, 'processing'),
        ...(attemptedBefore ? [lt(orders.paymentAttemptAt, attemptedBefore)] : []),
      ),
    );
}

/** A charge sent back because the order could not be paid: the order's payment is refunded (and a pending order cancelled). */
export async function markUnpayableOrderRefunded(tx: DbOrTx, orderId: string, status: OrderRow['status']): Promise<void> {
  await tx.update(orders).set({ status, paymentStatus: 'refunded', paymentAttemptAt: null }).where(eq(orders.id, orderId));
}

/** An approved refund: the order is refunded and its download links stop working (new version). */
export async function markOrderRefunded(tx: DbOrTx, orderId: string): Promise<void> {
  await tx
    .update(orders)
    .set({ status: 'refunded', paymentStatus: 'refunded', downloadVersion: sql`${orders.downloadVersion} + 1` })
    .where(eq(orders.id, orderId));
}

/** Orders whose charge has been "processing" since before staleBefore (a crash or a lost answer). */
export function listStaleProcessingOrders(db: DbOrTx, staleBefore: Date, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.paymentStatus, 'processing'), lte(orders.paymentAttemptAt, staleBefore)))
    .limit(limit);
}

/** Pending unpaid orders past their expiry. */
export function listOverdueUnpaidOrders(db: DbOrTx, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'pending'), eq(orders.paymentStatus, 'unpaid'), lt(orders.expiresAt, new Date())))
    .limit(limit);
}

// Refunds.

export async function findPaymentRefundForIntent(tx: DbOrTx, intentId: string) {
  const [refunded] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.paymentIntentId, intentId));
  return refunded;
}

/** Records money sent back; recording the same provider refund twice is harmless. */
export async function insertPaymentRefund(tx: DbOrTx, refund: NewPaymentRefund): Promise<void> {
  await tx.insert(paymentRefunds).values(refund).onConflictDoNothing();
}

/** Claims a requested refund for one admin (requested → processing); undefined when someone else had claimed it. */
export async function claimRefundRequest(
  db: DbOrTx,
  requestId: string,
  adminId: string,
  note: string | null,
): Promise<RefundRequestRow | undefined> {
  const [claimed] = await db
    .update(refundRequests)
    .set({ status: 'processing', decidedBy: adminId, decisionNote: note, decidedAt: new Date() })
    .where(and(eq(refundRequests.id, requestId), eq(refundRequests.status, 'requested')))
    .returning();
  return claimed;
}

/** Puts a claimed (processing) refund request back to requested. */
export async function unclaimRefundRequest(db: DbOrTx, requestId: string): Promise<void> {
  await db
    .update(refundRequests)
    .set({ status: 'requested', decidedBy: null, decidedAt: null })
    .where(and(eq(refundRequests.id, requestId), eq(refundRequests.status, 'processing')));
}

export async function findRefundRequest(db: DbOrTx, requestId: string): Promise<RefundRequestRow | undefined> {
  const [request] = await db.select().from(refundRequests).where(eq(refundRequests.id, requestId));
  return request;
}

export async function markRefundRequestApproved(tx: DbOrTx, requestId: string, providerRefundId: string | null): Promise<void> {
  await tx.update(refundRequests).set({ status: 'approved', providerRefundId }).where(eq(refundRequests.id, requestId));
}

/** Refund requests left "processing" since before staleBefore. */
export function listStaleProcessingRefundRequests(db: DbOrTx, staleBefore: Date, limit: number) {
  return db
    .select({ id: refundRequests.id })
    .from(refundRequests)
    .where(and(eq(refundRequests.status, 'processing'), lte(refundRequests.decidedAt, staleBefore)))
    .limit(limit);
}

// Stripe webhook events, each handled once.

export async function webhookEventSeen(db: DbOrTx, eventId: string): Promise<boolean> {
  const [seen] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId));
  return seen !== undefined;
}

export async function recordWebhookEvent(db: DbOrTx, eventId: string, type: string): Promise<void> {
  await db.insert(webhookEvents).values({ id: eventId, type }).onConflictDoNothing();
}
