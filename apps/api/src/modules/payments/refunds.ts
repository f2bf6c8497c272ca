import { and, eq, sql } from 'drizzle-orm';
import { orders, paymentRefunds, refundRequests } from '../../db/schema';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { reverseSaleInTx } from '../orders/fulfil';

/**
 * Approves a refund request exactly once, however many admins click at the same time: the
 * request is claimed (requested → processing) by one conditional update, only the claimer calls
 * the provider (idempotent key per request), then the order, the ledger reversal and the sales
 * counts change in one transaction. Returns false when someone else had already claimed it.
 */
export async function approveRefund(
  deps: AppDeps,
  requestId: string,
  adminId: string,
  note: string | undefined,
): Promise<boolean> {
  const [claimed] = await deps.db
    .update(refundRequests)
    .set({ status: 'processing', decidedBy: adminId, decisionNote: note ?? null, decidedAt: new Date() })
    .where(and(eq(refundRequests.id, requestId), eq(refundRequests.status, 'requested')))
    .returning();
  if (!claimed) return false;
  try {
    await finishApprovedRefund(deps, requestId);
  } catch (error) {
    // The provider refused or was unreachable: nothing moved, the request waits for another try.
    await deps.db
      .update(refundRequests)
      .set({ status: 'requested', decidedBy: null, decidedAt: null })
      .where(and(eq(refundRequests.id, requestId), eq(refundRequests.status, 'processing')));
    throw error instanceof AppError
      ? error
      : new AppError('PROVIDER_ERROR', 'The payment provider could not refund this order. Please try again.');
  }
  return true;
}

/**
 * Moves the money back and records it. Also the reconciler's way to finish a refund that a crash
 * interrupted: the provider returns the same refund for the same key, and every write is guarded.
 */
export async function finishApprovedRefund(deps: AppDeps, requestId: string): Promise<void> {
  const [request] = await deps.db.select().from(refundRequests).where(eq(refundRequests.id, requestId));
  if (request?.status !== 'processing') return;
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, request.orderId));
  if (!order) return;
  if (order.paymentStatus !== 'paid' && order.paymentStatus !== 'refunded') {
    throw new AppError('CONFLICT', 'Only a paid order can be refunded');
  }
  const charged = order.paymentIntentId !== null && order.totalCents > 0;
  const refund = charged
    ? await deps.payments.refund(order.paymentIntentId as string, order.totalCents, `refund-${request.id}`)
    : null;
  await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    if (!locked || locked.paymentStatus === 'refunded') {
      await tx
        .update(refundRequests)
        .set({ status: 'approved', providerRefundId: refund?.id ?? null })
        .where(eq(refundRequests.id, request.id));
      return;
    }
    if (refund) {
      await tx
        .insert(paymentRefunds)
        .values({
          orderId: order.id,
          reason: 'refund_request',
          provider: deps.payments.name,
          providerRefundId: refund.id,
          paymentIntentId: order.paymentIntentId as string,
          amountCents: order.totalCents,
        })
        .onConflictDoNothing();
    }
    await tx
      .update(orders)
      .set({ status: 'refunded', paymentStatus: 'refunded', downloadVersion: sql`${orders.downloadVersion} + 1` })
      .where(eq(orders.id, order.id));
    await reverseSaleInTx(tx, order.id);
    await tx
      .update(refundRequests)
      .set({ status: 'approved', providerRefundId: refund?.id ?? null })
      .where(eq(refundRequests.id, request.id));
  });
}
