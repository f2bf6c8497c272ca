import type { OrderTax } from '@app/shared';
import type { orderItems, orders, refundRequests } from '../../db/schema';
import { centsToDollars } from '../../lib/money';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type RefundRow = typeof refundRequests.$inferSelect;

/**
 * The order as the API shows it (spec §3 Order, with the save-payload field names). With
 * `allowances` (the buyer's own pages), each line says its download cap and the downloads left.
 */
export function presentOrder(
  order: OrderRow,
  items: OrderItemRow[],
  refund?: RefundRow | null,
  allowances?: Map<string, { limit: number; left: number }>,
) {
  const total = centsToDollars(order.totalCents);
  return {
    id: order.id,
    order_id: order.id,
    order_number: order.orderNumber,
    status: order.status,
    payment_status: order.paymentStatus,
    items: items.map((item) => ({
      product_id: item.productId,
      product_name: item.productTitle,
      product_title: item.productTitle,
      quantity: item.quantity,
      price: centsToDollars(item.unitPriceCents),
      ...(allowances && {
        download_limit: allowances.get(item.id)?.limit ?? null,
        downloads_left: allowances.get(item.id)?.left ?? null,
      }),
    })),
    product_name: items[0]?.productTitle ?? '',
    subtotal: centsToDollars(order.subtotalCents),
    discount: centsToDollars(order.discountCents),
    total_amount: total,
    amount: total,
    ai_pool_contribution: centsToDollars(order.aiPoolCents),
    currency: order.currency,
    promo_code: order.promoCode,
    payment_intent_id: order.paymentIntentId,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    refund: refund ? { status: refund.status, reason: refund.reason, requested_at: refund.createdAt.toISOString() } : null,
    net_amount: centsToDollars(order.totalCents - order.taxCents),
    tax: orderTaxOf(order),
  };
}

/** The tax an order charged, as kept at checkout; null when it had no billing country (decision 0044). */
export function orderTaxOf(order: OrderRow): OrderTax | null {
  if (!order.taxCountry) return null;
  return {
    country: order.taxCountry,
    region: order.taxRegion,
    rate: order.taxRateBps / 100,
    rate_bps: order.taxRateBps,
    label: order.taxLabel,
    amount: centsToDollars(order.taxCents),
  };
}
