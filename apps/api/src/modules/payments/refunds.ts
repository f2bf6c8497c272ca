import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { disableLicenseKeysForRefundInTx } from '../licenses/service';
import { reverseSaleInTx } from '../orders/service';
import { queueSaleAlertsInTx, sendSaleAlerts } from '../sale-alerts';
import {
  claimRefundRequest,
  findOrder,
  findRefundRequest,
  insertPaymentRefund,
  lockOrder,
  markOrderRefunded,
  markRefundRequestApproved,
  unclaimRefundRequest,
} from './repository';

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
  const claimed = await claimRefundRequest(deps.db, requestId, adminId, note ?? null);
  if (!claimed) return false;
  try {
    await finishApprovedRefund(deps, requestId);
  } catch (error) {
    // The provider refused or was unreachable: nothing moved, the request waits for another try.
    await unclaimRefundRequest(deps.db, requestId);
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
  const request = await findRefundRequest(deps.db, requestId);
  if (request?.status !== 'processing') return;
  const order = await findOrder(deps.db, request.orderId);
  if (!order) return;
  if (order.paymentStatus !== 'paid' && order.paymentStatus !== 'refunded') {
    throw new AppError('CONFLICT', 'Only a paid order can be refunded');
  }
  const charged = order.paymentIntentId !== null && order.totalCents > 0;
  const refund = charged
    ? await deps.payments.refund(order.paymentIntentId as string, order.totalCents, `refund-${request.id}`)
    : null;
  const alerts = await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    if (!locked || locked.paymentStatus === 'refunded') {
      await markRefundRequestApproved(tx, request.id, refund?.id ?? null);
      return undefined;
    }
    if (refund) {
      await insertPaymentRefund(tx, {
        orderId: order.id,
        reason: 'refund_request',
        provider: deps.payments.name,
        providerRefundId: refund.id,
        paymentIntentId: order.paymentIntentId as string,
        amountCents: order.totalCents,
      });
    }
    await markOrderRefunded(tx, order.id);
    await disableLicenseKeysForRefundInTx(tx, order.id);
    await reverseSaleInTx(tx, order.id);
    // The sellers' refund alerts, from the reversal just written: committed with the refund or not at all.
    const queued = await queueSaleAlertsInTx(tx, order, 'refund');
    await markRefundRequestApproved(tx, request.id, refund?.id ?? null);
    return queued;
  });
  await sendSaleAlerts(deps, { orderId: order.id, webhookDeliveries: alerts?.webhookDeliveries }).catch(() => {});
}
