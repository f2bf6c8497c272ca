import { blankToUndefined, ORDER_STATUSES, pagingQueryFields, type refundDecisionSchema, STANDARD_PAGING } from '@app/shared';
import { z } from 'zod';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { pagedList, pageOffset } from '../../lib/paging';
import { dateQuery, isUuid } from '../../lib/validation';
import { notifyUser } from '../notifications/service';
import { approveRefund } from '../payments/service';
import { presentOrder } from './present';
import {
  denyRefundRequest,
  findCustomer,
  findOrder,
  findRefundRequest,
  itemsAndRefundsOf,
  itemsOfOrder,
  listOrders,
} from './repository';

export const adminOrdersQuery = z.object({
  status: z.preprocess(blankToUndefined, z.enum(ORDER_STATUSES).optional()),
  refund: z.preprocess(blankToUndefined, z.enum(['requested', 'approved', 'denied']).optional()),
  search: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  start_date: dateQuery('start_date'),
  end_date: dateQuery('end_date'),
  ...pagingQueryFields(STANDARD_PAGING),
});

export async function listAllOrders(deps: AppDeps, query: z.output<typeof adminOrdersQuery>) {
  const { rows, total } = await listOrders(
    deps.db,
    { status: query.status, from: query.start_date, to: query.end_date, search: query.search, refund: query.refund },
    { limit: query.limit, offset: pageOffset(query) },
  );
  const { items, refunds } = await itemsAndRefundsOf(
    deps.db,
    rows.map((o) => o.id),
  );
  const orders = rows.map((order) => ({
    ...presentOrder(
      order,
      items.filter((i) => i.orderId === order.id),
      refunds.find((r) => r.orderId === order.id),
    ),
    customer_email: order.customerEmail,
    user_id: order.userId,
  }));
  return pagedList('orders', orders, total, query);
}

export async function getOrderForAdmin(deps: AppDeps, orderId: string) {
  const order = isUuid(orderId) ? await findOrder(deps.db, orderId) : undefined;
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  const items = await itemsOfOrder(deps.db, order.id);
  const refund = await findRefundRequest(deps.db, order.id);
  const customer = await findCustomer(deps.db, order.userId);
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
  const request = isUuid(orderId) ? await findRefundRequest(deps.db, orderId) : undefined;
  if (!request) throw new AppError('NOT_FOUND', 'No refund was requested for this order');
  if (request.status !== 'requested') throw new AppError('CONFLICT', `This refund was already ${request.status}`);
  const order = await findOrder(deps.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  if (input.decision === 'deny') {
    const note = input.note;
    if (!note || note.length < 5)
      throw new AppError('VALIDATION_FAILED', 'Please give the buyer a reason', [
        { field: 'note', message: 'Please give the buyer a reason' },
      ]);
    const denied = await denyRefundRequest(deps.db, request.id, { note, decidedBy: admin.id });
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
