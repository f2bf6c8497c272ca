import { REFUND_WINDOW_DAYS } from '@app/shared';
import { and, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { orderItems, orders, refundRequests } from '../../db/schema';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { centsToDollars } from '../../lib/money';
import { isUuid } from '../../lib/validation';
import { lockPayoutAccountsOfOrder } from '../payouts/accounts';
import type { UserRow } from '../users/repository';
import { sendReceipt } from './fulfil';
import { type OrderRow, presentOrder } from './present';

export interface OrderListQuery {
  page: number;
  limit: number;
  status_filter?: string;
  start_date?: Date;
  end_date?: Date;
}

async function presentOrders(deps: AppDeps, rows: OrderRow[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  const items = await deps.db.select().from(orderItems).where(inArray(orderItems.orderId, ids));
  const refunds = await deps.db.select().from(refundRequests).where(inArray(refundRequests.orderId, ids));
  return rows.map((order) =>
    presentOrder(
      order,
      items.filter((i) => i.orderId === order.id),
      refunds.find((r) => r.orderId === order.id),
    ),
  );
}

/** The caller's orders, newest first, with filters. */
export async function listOwnOrders(deps: AppDeps, user: UserRow, query: OrderListQuery) {
  const conditions: SQL[] = [eq(orders.userId, user.id)];
  if (query.status_filter) conditions.push(eq(orders.status, query.status_filter as OrderRow['status']));
  if (query.start_date) conditions.push(gte(orders.createdAt, query.start_date));
  if (query.end_date) conditions.push(lte(orders.createdAt, query.end_date));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    deps.db.select({ total: count() }).from(orders).where(where),
  ]);
  const total = counted?.total ?? 0;
  return { orders: await presentOrders(deps, rows), total, page: query.page, pages: Math.ceil(total / query.limit) };
}

/** Spec §3 Order stats. */
export async function ownOrderStats(deps: AppDeps, user: UserRow) {
  const [stats] = await deps.db
    .select({
      total_orders: count(),
      completed_orders: sql<number>`count(*) filter (where ${orders.status} = 'completed')`.mapWith(Number),
      processing_orders: sql<number>`count(*) filter (where ${orders.status} in ('pending', 'processing'))`.mapWith(Number),
      total_spent_cents:
        sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.paymentStatus} = 'paid'), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(eq(orders.userId, user.id));
  return {
    total_orders: stats?.total_orders ?? 0,
    completed_orders: stats?.completed_orders ?? 0,
    processing_orders: stats?.processing_orders ?? 0,
    total_spent: centsToDollars(stats?.total_spent_cents ?? 0),
  };
}

/** One of the caller's own orders; anyone else's is 404. */
export async function requireOwnOrder(deps: AppDeps, user: UserRow, orderId: string): Promise<OrderRow> {
  const [order] = isUuid(orderId)
    ? await deps.db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, user.id)))
    : [];
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
  if (Date.now() - order.paidAt.getTime() > REFUND_WINDOW_DAYS * 86_400_000) {
    throw new AppError('VALIDATION_FAILED', `Refunds can be requested within ${REFUND_WINDOW_DAYS} days of purchase`);
  }
  // Under the sellers' payout locks: a payout run either sees this request (and holds the money) or finished first.
  const created = await deps.db.transaction(async (tx) => {
    await lockPayoutAccountsOfOrder(tx, order.id);
    const [row] = await tx
      .insert(refundRequests)
      .values({ orderId: order.id, userId: user.id, reason })
      .onConflictDoNothing({ target: refundRequests.orderId })
      .returning();
    return row;
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
