import { and, count, desc, eq, gte, ilike, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, refundRequests, users } from '../../db/schema';
import type { OrderItemRow, OrderRow, RefundRow } from './present';

/** Data access for orders, their items and refund requests. Every function takes the database or a transaction. */

export interface OrderFilter {
  userId?: string;
  status?: OrderRow['status'];
  from?: Date;
  to?: Date;
  /** Text in the order number or the customer's e-mail. */
  search?: string;
  /** Orders with a refund request in this state. */
  refund?: 'requested' | 'approved' | 'denied';
}

function orderWhere(filter: OrderFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.userId) conditions.push(eq(orders.userId, filter.userId));
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.from) conditions.push(gte(orders.createdAt, filter.from));
  if (filter.to) conditions.push(lte(orders.createdAt, filter.to));
  if (filter.search)
    conditions.push(
      sql`(${ilike(orders.orderNumber, `%${filter.search}%`)} or ${ilike(orders.customerEmail, `%${filter.search}%`)})`,
    );
  if (filter.refund)
    conditions.push(
      sql`exists (select 1 from ${refundRequests} r where r.order_id = ${orders.id} and r.status = ${filter.refund})`,
    );
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * A page of orders, newest first, with the number of matches. `tiebreak` also orders by id
 * (the buyer's list does, so equal timestamps page stably).
 */
export async function listOrders(
  db: DbOrTx,
  filter: OrderFilter,
  page: { limit: number; offset: number },
  tiebreak = false,
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = orderWhere(filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(...(tiebreak ? [desc(orders.createdAt), desc(orders.id)] : [desc(orders.createdAt)]))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The items and refund requests of these orders. */
export async function itemsAndRefundsOf(
  db: DbOrTx,
  orderIds: string[],
): Promise<{ items: OrderItemRow[]; refunds: RefundRow[] }> {
  if (orderIds.length === 0) return { items: [], refunds: [] };
  const [items, refunds] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)),
    db.select().from(refundRequests).where(inArray(refundRequests.orderId, orderIds)),
  ]);
  return { items, refunds };
}

export async function findOrder(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  return order;
}

export async function itemsOfOrder(db: DbOrTx, orderId: string): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
}

export async function findRefundRequest(db: DbOrTx, orderId: string): Promise<RefundRow | undefined> {
  const [refund] = await db.select().from(refundRequests).where(eq(refundRequests.orderId, orderId));
  return refund;
}

/** The name and e-mail of an order's buyer. */
export async function findCustomer(db: DbOrTx, userId: string) {
  const [customer] = await db
    .select({ email: users.email, first_name: users.firstName, last_name: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return customer;
}

/** Denies a refund request still awaiting a decision; false when someone decided it first. */
export async function denyRefundRequest(
  db: DbOrTx,
  requestId: string,
  decision: { note: string; decidedBy: string },
): Promise<boolean> {
  const [denied] = await db
    .update(refundRequests)
    .set({ status: 'denied', decisionNote: decision.note, decidedBy: decision.decidedBy, decidedAt: new Date() })
    .where(and(eq(refundRequests.id, requestId), eq(refundRequests.status, 'requested')))
    .returning({ id: refundRequests.id });
  return denied !== undefined;
}
