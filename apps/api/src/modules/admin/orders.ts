import { blankToUndefined } from '@app/shared';
import { and, count, desc, eq, gte, ilike, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ORDER_STATUSES, orderItems, orders, refundRequests, users } from '../../db/schema';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { dateQuery, isUuid } from '../../lib/validation';
import { notifyUser } from '../notifications/service';
import { presentOrder } from '../orders/present';
import { approveRefund } from '../payments/refunds';

export const adminOrdersQuery = z.object({
  status: z.preprocess(blankToUndefined, z.enum(ORDER_STATUSES).optional()),
  refund: z.preprocess(blankToUndefined, z.enum(['requested', 'approved', 'denied']).optional()),
  search: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  start_date: dateQuery('start_date'),
  end_date: dateQuery('end_date'),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).default(1)),
  limit: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100).default(20)),
});

export const refundDecisionSchema = z.object({
  decision: z.enum(['approve', 'deny'], { error: 'Decision must be approve or deny' }),
  note: z.string().trim().max(1000).optional(),
});

export async function listAllOrders(deps: AppDeps, query: z.output<typeof adminOrdersQuery>) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.start_date) conditions.push(gte(orders.createdAt, query.start_date));
  if (query.end_date) conditions.push(lte(orders.createdAt, query.end_date));
  if (query.search)
    conditions.push(
      sql`(${ilike(orders.orderNumber, `%${query.search}%`)} or ${ilike(orders.customerEmail, `%${query.search}%`)})`,
    );
  if (query.refund)
    conditions.push(
      sql`exists (select 1 from ${refundRequests} r where r.order_id = ${orders.id} and r.status = ${query.refund})`,
    );
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    deps.db.select({ total: count() }).from(orders).where(where),
  ]);
  const ids = rows.map((o) => o.id);
  const [items, refunds] = ids.length
    ? await Promise.all([
        deps.db.select().from(orderItems).where(inArray(orderItems.orderId, ids)),
        deps.db.select().from(refundRequests).where(inArray(refundRequests.orderId, ids)),
      ])
    : [[], []];
  const total = counted?.total ?? 0;
  return {
    orders: rows.map((order) => ({
      ...presentOrder(
        order,
        items.filter((i) => i.orderId === order.id),
        refunds.find((r) => r.orderId === order.id),
      ),
      customer_email: order.customerEmail,
      user_id: order.userId,
    })),
    total,
    page: query.page,
    pages: Math.ceil(total / query.limit),
  };
}

export async function getOrderForAdmin(deps: AppDeps, orderId: string) {
  const [order] = isUuid(orderId) ? await deps.db.select().from(orders).where(eq(orders.id, orderId)) : [];
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  const items = await deps.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const [refund] = await deps.db.select().from(refundRequests).where(eq(refundRequests.orderId, order.id));
  const [customer] = await deps.db
    .select({ email: users.email, first_name: users.firstName, last_name: users.lastName })
    .from(users)
    .where(eq(users.id, order.userId));
  return { ...presentOrder(order, items, refund), customer_email: order.customerEmail, customer: customer ?? null };
}

/**
 * Decides a refund request, once: approving refunds through the payment provider, reverses the
 * sale in the ledger, marks the order refunded and bumps its download version, so every download
 * link dies at once. Concurrent decisions: the first claims the request, the rest get 409.
 */
export async function decideRefund(
  deps: AppDeps,
  admin: { id: string },
  orderId: string,
  input: z.output<typeof refundDecisionSchema>,
) {
  const [request] = isUuid(orderId) ? await deps.db.select().from(refundRequests).where(eq(refundRequests.orderId, orderId)) : [];
  if (!request) throw new AppError('NOT_FOUND', 'No refund was requested for this order');
  if (request.status !== 'requested') throw new AppError('CONFLICT', `This refund was already ${request.status}`);
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  if (input.decision === 'deny') {
    const note = input.note;
    if (!note || note.length < 5)
      throw new AppError('VALIDATION_FAILED', 'Please give the buyer a reason', [
        { field: 'note', message: 'Please give the buyer a reason' },
      ]);
    const [denied] = await deps.db
      .update(refundRequests)
      .set({ status: 'denied', decisionNote: input.note, decidedBy: admin.id, decidedAt: new Date() })
      .where(and(eq(refundRequests.id, request.id), eq(refundRequests.status, 'requested')))
      .returning({ id: refundRequests.id });
    if (!denied) throw new AppError('CONFLICT', 'This refund was already decided');
    await notifyUser(
      deps,
      order.userId,
      (m) => ({
        type: 'warning',
        title: m.notifications.refundDeclined.title(order.orderNumber),
        message: note,
        link: '/orders',
      }),
      { email: true },
    );
    return { message: 'Refund denied' };
  }
  if (!(await approveRefund(deps, request.id, admin.id, input.note))) {
    throw new AppError('CONFLICT', 'This refund was already decided');
  }
  await notifyUser(
    deps,
    order.userId,
    (m) => ({
      type: 'success',
      title: m.notifications.refundApproved.title(order.orderNumber),
      message: m.notifications.refundApproved.message,
      link: '/orders',
    }),
    { email: true },
  );
  return { message: 'Refund approved; downloads for this order are revoked' };
}
