import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { settleReadCharge } from '../payments/service';
import type { UserRow } from '../users/repository';
import { notPayableReason } from './lifecycle';
import { findOwnOrderByIntent } from './repository';

/**
 * POST /orders/save-order, kept for the spec's client. Its body claims totals and a paid status;
 * all of that is ignored. Only the payment intent id is used: if that intent belongs to one of
 * the caller's open orders and the provider says it succeeded, the order is settled and returned.
 * A cancelled, expired or refunded order is never paid again.
 */
export async function saveVerifiedOrder(deps: AppDeps, user: UserRow, body: unknown) {
  const intentId =
    typeof (body as { payment_intent_id?: unknown })?.payment_intent_id === 'string'
      ? (body as { payment_intent_id: string }).payment_intent_id
      : '';
  if (!intentId)
    throw new AppError('VALIDATION_FAILED', 'payment_intent_id is required', [
      { field: 'payment_intent_id', message: 'payment_intent_id is required' },
    ]);
  const order = await findOwnOrderByIntent(deps.db, user.id, intentId);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  if (order.paymentStatus !== 'paid') {
    const reason = notPayableReason(order);
    if (reason) throw new AppError('ORDER_NOT_PAYABLE', reason);
    const state = await settleReadCharge(deps, order, await deps.payments.retrieve(intentId)).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'ORDER_NOT_PAYABLE') throw error;
      throw new AppError('CONFLICT', 'The payment for this order has not been confirmed');
    });
    if (state.status !== 'succeeded') throw new AppError('CONFLICT', 'The payment for this order has not been confirmed');
  }
  return { order_id: order.id, order_number: order.orderNumber, status: 'completed', payment_status: 'paid' };
}
