import { unitPriceHolds } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { releasePromoUse } from '../promo-codes/repository';
import { suspendedAmong } from '../users/repository';
import type { OrderItemRow, OrderRow } from './present';
import {
  deletePromoRedemptions,
  itemsWithCurrentProducts,
  lockItemsWithCurrentProducts,
  voidUnpaidOrders,
  voidUnpaidOrdersOf,
} from './repository';

/**
 * The order lifecycle. Only an open order (pending, not yet paid) may ever become paid:
 *   pending/unpaid ──claim──▶ pending/processing ──charge──▶ completed/paid ──refund──▶ refunded/refunded
 *   pending/unpaid ──new checkout──▶ cancelled/void      pending/unpaid ──expiry──▶ expired/void
 * Cancelled, expired and refunded orders are final.
 */
export function isOpen(order: Pick<OrderRow, 'status' | 'paymentStatus'>): boolean {
  return order.status === 'pending' && (order.paymentStatus === 'unpaid' || order.paymentStatus === 'processing');
}

/** Why an order can not be paid (for the buyer), or null when it can. */
export function notPayableReason(order: Pick<OrderRow, 'status' | 'paymentStatus'>): string | null {
  if (order.paymentStatus === 'paid') return 'This order is already paid';
  if (order.status === 'refunded' || order.paymentStatus === 'refunded')
    return 'This order was refunded and can not be paid again';
  if (order.status === 'expired') return 'This order expired before it was paid. Please check out again.';
  if (order.status === 'cancelled' || order.paymentStatus === 'void') {
    return 'This order was replaced by a newer checkout. Please pay the newer order.';
  }
  return isOpen(order) ? null : 'This order can not be paid';
}

/**
 * notPayableReason, read further for a cancelled order: a payment that found a product withdrawn or
 * repriced cancels the order as well, and a pay arriving after it (a double submit, another tab)
 * should hear that again, not that a newer checkout replaced the order.
 */
export async function explainNotPayable(
  db: DbOrTx,
  order: Pick<OrderRow, 'id' | 'status' | 'paymentStatus'>,
): Promise<string | null> {
  const reason = notPayableReason(order);
  if (reason === null || order.status !== 'cancelled') return reason;
  return (await staleItemsReadApart(db, order.id)) ?? reason;
}

/**
 * Checked again at payment: every product is still approved, not deleted, from a seller who is not
 * suspended (their rows share-locked until the payment is written), at the price the order was
 * priced at. Returns the buyer-facing problem, or null.
 */
export async function findStaleItems(db: DbOrTx, orderId: string): Promise<string | null> {
  return (await checkItemsStillBuyable(db, orderId)).problem;
}

/**
 * findStaleItems, also giving the order's items it read (so paying the order need not read them
 * again) and, with `refundOfIntent`, whether a refund of that intent is recorded (undefined when
 * this read could not tell: the caller asks apart).
 */
export async function checkItemsStillBuyable(
  db: DbOrTx,
  orderId: string,
  refundOfIntent?: string,
): Promise<{ problem: string | null; items: OrderItemRow[] | undefined; refunded: boolean | undefined }> {
  const rows = await lockItemsWithCurrentProducts(db, orderId, refundOfIntent);
  // An item whose seller has no row (or an order without items): the reads one by one decide.
  if (rows.length === 0 || rows.length !== rows[0]?.itemCount)
    return { problem: await staleItemsReadApart(db, orderId), items: undefined, refunded: undefined };
  const items = rows.map((row) => row.item);
  const refunded = refundOfIntent ? Boolean(rows[0]?.refunded) : undefined;
  for (const row of rows) {
    const product = row.product;
    if (product?.status !== 'approved' || product.deletedAt || !row.sellerActive) {
      return { problem: `${row.item.productTitle} is no longer available. Please check out again.`, items, refunded };
    }
    if (!unitPriceHolds(product, row.item.unitPriceCents))
      return { problem: `The price of ${row.item.productTitle} has changed. Please check out again.`, items, refunded };
  }
  return { problem: null, items, refunded };
}

async function staleItemsReadApart(db: DbOrTx, orderId: string): Promise<string | null> {
  const rows = await itemsWithCurrentProducts(db, orderId);
  const suspended = await suspendedAmong(
    db,
    rows.map((row) => row.sellerId),
  );
  for (const row of rows) {
    const product = row.product;
    if (product?.status !== 'approved' || product.deletedAt || suspended.has(row.sellerId)) {
      return `${row.title} is no longer available. Please check out again.`;
    }
    if (!unitPriceHolds(product, row.orderedCents)) return `The price of ${row.title} has changed. Please check out again.`;
  }
  return null;
}

/**
 * Closes orders that were never paid (cancelled by a newer checkout, or expired) and gives back
 * the promo uses they held. Only orders still unpaid (or whose intent was voided) are touched.
 */
export async function closeUnpaidOrders(tx: DbOrTx, orderIds: string[], status: 'cancelled' | 'expired'): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const closed = await voidUnpaidOrders(tx, orderIds, status);
  await releasePromoUses(tx, closed);
  return closed;
}

/**
 * A new checkout closes the buyer's earlier orders that can never be charged (pending and unpaid
 * without an intent, or whose intent was voided) as cancelled, and gives back their promo uses:
 * closeUnpaidOrders for all of the buyer's such orders, found and closed by one update.
 */
export async function closeSupersededOrders(tx: DbOrTx, userId: string): Promise<string[]> {
  const closed = await voidUnpaidOrdersOf(tx, userId);
  await releasePromoUses(tx, closed);
  return closed;
}

async function releasePromoUses(tx: DbOrTx, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  for (const promoCodeId of await deletePromoRedemptions(tx, orderIds)) await releasePromoUse(tx, promoCodeId);
}
