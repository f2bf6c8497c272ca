import { FREE_ORDER_NOTHING_TO_REFUND, REFUND_WINDOW_DAYS } from '@app/shared';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { centsToDollars } from '../../lib/money';
import { pagedList, pageOffset } from '../../lib/paging';
import { isUuid } from '../../lib/validation';
import { downloadAllowancesOf } from '../downloads';
import { lockPayoutAccountsOfOrder } from '../payouts/service';
import type { UserRow } from '../users/repository';
import { sendReceipt } from './fulfil';
import { type OrderRow, presentOrder } from './present';
import { findOwnOrder, insertRefundRequest, itemsAndRefundsOf, listOrders, orderStatsOfUser } from './repository';

export { markPaidInTx, type PaidOrder, type Payment, reverseSaleInTx, sendReceipt, writeLedger } from './fulfil';
export {
  checkItemsStillBuyable,
  closeUnpaidOrders,
  explainNotPayable,
  findStaleItems,
  isOpen,
  notPayableReason,
} from './lifecycle';
export { alreadyOwned } from './owned';

export interface OrderListQuery {
  page: number;
  limit: number;
  status_filter?: string;
  start_date?: Date;
  end_date?: Date;
}

async function presentOrders(deps: AppDeps, rows: OrderRow[]) {
  if (rows.length === 0) return [];
  const { items, refunds } = await itemsAndRefundsOf(
    deps.db,
    rows.map((o) => o.id),
  );
  const allowances = await downloadAllowancesOf(
    deps,
    items.map((item) => item.id),
  );
  return rows.map((order) =>
    presentOrder(
      order,
      items.filter((i) => i.orderId === order.id),
      refunds.find((r) => r.orderId === order.id),
      allowances,
    ),
  );
}

/** The caller's orders, newest first, with filters. */
export async function listOwnOrders(deps: AppDeps, user: UserRow, query: OrderListQuery) {
  const { rows, total } = await listOrders(
    deps.db,
    {
      userId: user.id,
      status: query.status_filter as OrderRow['status'] | undefined,
      from: query.start_date,
      to: query.end_date,
    },
    { limit: query.limit, offset: pageOffset(query) },
    true,
  );
  return pagedList('orders', await presentOrders(deps, rows), total, query);
}

/** Spec §3 Order stats. */
export async function ownOrderStats(deps: AppDeps, user: UserRow) {
  const stats = await orderStatsOfUser(deps.db, user.id);
  return {
    total_orders: stats?.total_orders ?? 0,
    completed_orders: stats?.completed_orders ?? 0,
    processing_orders: stats?.processing_orders ?? 0,
    total_spent: centsToDollars(stats?.total_spent_cents ?? 0),
  };
}

/** One of the caller's own orders; anyone else's is 404. */
export async function requireOwnOrder(deps: AppDeps, user: UserRow, orderId: string): Promise<OrderRow> {
  const order = isUuid(orderId) ? await findOwnOrder(deps.db, user.id, orderId) : undefined;
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  return order;
}

export async function getOwnOrder(deps: AppDeps, user: UserRow, orderId: string) {
  const order = await requireOwnOrder(deps, user, orderId);
  const [presented] = await presentOrders(deps, [order]);
  return presented;
}

/** A refund request: paid orders only, within 30 days of payment, once per order. Holds the order's money from payouts until decided. */
export async function requestRefund(deps: AppDeps, user: UserRow, orderId: string, reason: string) {
  const order = await requireOwnOrder(deps, user, orderId);
  if (order.paymentStatus !== 'paid' || !order.paidAt)
    throw new AppError('VALIDATION_FAILED', 'Only paid orders can be refunded');
  // Nothing was charged, so nothing changes (the order, its downloads and keys stay as they are).
  if (order.totalCents === 0) throw new AppError('VALIDATION_FAILED', FREE_ORDER_NOTHING_TO_REFUND);
  if (Date.now() - order.paidAt.getTime() > REFUND_WINDOW_DAYS * 86_400_000) {
    throw new AppError('VALIDATION_FAILED', `Refunds can be requested within ${REFUND_WINDOW_DAYS} days of purchase`);
  }
  // Under the sellers' payout locks: a payout run either sees this request (and holds the money) or finished first.
  const created = await deps.db.transaction(async (tx) => {
    await lockPayoutAccountsOfOrder(tx, order.id);
    return insertRefundRequest(tx, { orderId: order.id, userId: user.id, reason });
  });
  if (!created) throw new AppError('CONFLICT', 'A refund has already been requested for this order');
  return {
    message: 'Refund requested. We will review it within 5-10 business days.',
    refund: { status: created.status, reason: created.reason, requested_at: created.createdAt.toISOString() },
  };
}

export async function resendReceipt(deps: AppDeps, user: UserRow, orderId: string) {
  const order = await requireOwnOrder(deps, user, orderId);
  if (order.paymentStatus !== 'paid') throw new AppError('VALIDATION_FAILED', 'The receipt is sent once the order is paid');
  await sendReceipt(deps, order.id);
  return { message: `Receipt sent to ${user.email}` };
}
