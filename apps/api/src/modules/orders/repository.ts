import { and, asc, count, desc, eq, getTableName, gte, ilike, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  cartItems,
  cartPromos,
  ledgerEntries,
  orderItems,
  orders,
  paymentRefunds,
  products,
  promoRedemptions,
  refundRequests,
  users,
} from '../../db/schema';
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

/** One of this buyer's orders. */
export async function findOwnOrder(db: DbOrTx, userId: string, orderId: string): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return order;
}

/** The buyer's order that holds this payment intent. */
export async function findOwnOrderByIntent(db: DbOrTx, userId: string, intentId: string): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.paymentIntentId, intentId), eq(orders.userId, userId)));
  return order;
}

/** The buyer's order created with this idempotency key. */
export async function findOrderByIdempotencyKey(db: DbOrTx, userId: string, key: string): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return order;
}

/**
 * Locks the buyer's row until the transaction ends (FOR UPDATE) and tells, in the same statement,
 * whether an earlier order of theirs has a charge in flight (processing) or an open intent (pending,
 * unpaid, with an intent): the orders a new checkout must first bring to rest at the provider.
 */
export async function lockBuyer(tx: DbOrTx, userId: string): Promise<{ openCharges: boolean }> {
  const [row] = await tx
    .select({
      openCharges: sql<boolean>`exists (select 1 from ${orders} earlier where earlier.user_id = ${userId} and (earlier.payment_status = 'processing' or (earlier.status = 'pending' and earlier.payment_status = 'unpaid' and earlier.payment_intent_id is not null)))`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return { openCharges: Boolean(row?.openCharges) };
}

/** The buyer's orders whose charge is in flight (processing) or that are still open and unpaid. */
export async function findOpenOrders(db: DbOrTx, userId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        sql`(${orders.paymentStatus} = 'processing' or (${orders.status} = 'pending' and ${orders.paymentStatus} = 'unpaid'))`,
      ),
    );
}

/** Spec §3 Order stats of one buyer, money in cents. */
export async function orderStatsOfUser(db: DbOrTx, userId: string) {
  const [stats] = await db
    .select({
      total_orders: count(),
      completed_orders: sql<number>`count(*) filter (where ${orders.status} = 'completed')`.mapWith(Number),
      processing_orders: sql<number>`count(*) filter (where ${orders.status} in ('pending', 'processing'))`.mapWith(Number),
      total_spent_cents:
        sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.paymentStatus} = 'paid'), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(eq(orders.userId, userId));
  return stats;
}

/** Inserts the order's refund request; undefined when one exists already. */
export async function insertRefundRequest(
  db: DbOrTx,
  request: { orderId: string; userId: string; reason: string },
): Promise<RefundRow | undefined> {
  const [row] = await db
    .insert(refundRequests)
    .values(request)
    .onConflictDoNothing({ target: refundRequests.orderId })
    .returning();
  return row;
}

/**
 * Inserts an order and its items in one statement: the items are written only if the order was (a
 * data-modifying CTE reads the inserted order). Undefined, with nothing written, when this buyer
 * already has an order with the same idempotency key.
 */
export async function insertOrderWithItems(
  db: DbOrTx,
  order: typeof orders.$inferInsert,
  items: Omit<typeof orderItems.$inferInsert, 'id' | 'orderId'>[],
): Promise<OrderRow | undefined> {
  const created = db.$with('created').as(
    db
      .insert(orders)
      .values(order)
      .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
      .returning(),
  );
  const column = <T>(pick: (item: (typeof items)[number]) => T) => sql.param(items.map(pick));
  const lines = db
    .$with('lines')
    .as(
      db
        .insert(orderItems)
        .select(
          sql`select gen_random_uuid(), ${created.id}, line.product_id, line.product_title, line.seller_id, line.unit_price_cents, line.quantity, line.seller_discount_cents from ${created} cross join unnest(${column((i) => i.productId)}::uuid[], ${column((i) => i.productTitle)}::text[], ${column((i) => i.sellerId)}::uuid[], ${column((i) => i.unitPriceCents)}::int[], ${column((i) => i.quantity ?? 1)}::int[], ${column((i) => i.sellerDiscountCents ?? 0)}::int[]) as line(product_id, product_title, seller_id, unit_price_cents, quantity, seller_discount_cents)`,
        ),
    );
  const [inserted] = await db.with(created, lines).select().from(created);
  return inserted;
}

export async function insertPromoRedemption(
  db: DbOrTx,
  redemption: { promoCodeId: string; orderId: string; userId: string; discountCents?: number },
): Promise<void> {
  await db.insert(promoRedemptions).values(redemption);
}

export async function setPaymentIntent(db: DbOrTx, orderId: string, intentId: string): Promise<void> {
  await db.update(orders).set({ paymentIntentId: intentId }).where(eq(orders.id, orderId));
}

export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;

/** The order's sale entries in the ledger. */
export async function saleEntriesOf(db: DbOrTx, orderId: string) {
  return db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.reason, 'sale')));
}

/** Writes ledger entries; with `once`, an entry already written (by its unique key) is skipped. */
export async function insertLedgerEntries(db: DbOrTx, entries: NewLedgerEntry[], once = false): Promise<void> {
  const insert = db.insert(ledgerEntries).values(entries);
  await (once ? insert.onConflictDoNothing() : insert);
}

/** The order's items, each with its product as it is now (null when gone). */
export async function itemsWithCurrentProducts(db: DbOrTx, orderId: string) {
  return db
    .select({
      title: orderItems.productTitle,
      orderedCents: orderItems.unitPriceCents,
      sellerId: orderItems.sellerId,
      product: products,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId));
}

/** Pending orders that can never be charged: unpaid without an intent, or whose intent was voided. */
const neverChargeable = sql`(${orders.paymentStatus} = 'void' or (${orders.paymentStatus} = 'unpaid' and ${orders.paymentIntentId} is null))`;

/**
 * The order's items, each with its product as it is now (null when gone) and whether its seller is
 * active, read from the seller's row share-locked until the transaction ends (in seller id order).
 * Each row also carries the order's number of items, so a caller sees an item whose seller row is
 * missing, and with `refundOfIntent` whether a refund of that payment intent is recorded.
 */
export async function lockItemsWithCurrentProducts(tx: DbOrTx, orderId: string, refundOfIntent?: string) {
  return tx
    .select({
      item: orderItems,
      product: products,
      sellerActive: users.isActive,
      itemCount: sql<number>`(select count(*)::int from ${orderItems} counted where counted.order_id = ${orderId})`,
      // With an intent: whether money of that intent was sent back (settleCharge asks, in the same read).
      refunded: refundOfIntent
        ? sql<boolean>`exists (select 1 from ${paymentRefunds} refund where refund.payment_intent_id = ${refundOfIntent})`
        : sql<boolean>`false`,
    })
    .from(orderItems)
    .innerJoin(users, eq(users.id, orderItems.sellerId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(users.id), asc(orderItems.id))
    .for('share', { of: users });
}

/**
 * Everything a payment changes, in one statement (each data-modifying CTE runs once, on different
 * tables): the order becomes completed and paid with this intent (and the card's country), its ledger entries are written,
 * the products' sales counts grow, and the bought products and the cart's promo code leave the
 * buyer's cart. Returns the buyer's row (for the receipt).
 */
export async function recordPayment(
  tx: DbOrTx,
  payment: {
    order: OrderRow;
    intentId: string | null;
    /** The card's country and its flag, when known (see the tax module). */
    card?: { cardCountry: string; taxFlag?: 'card_country_mismatch' };
    ledger: NewLedgerEntry[];
    sales: { productId: string; units: number }[];
  },
) {
  const { order, intentId, card, ledger, sales } = payment;
  const productIds = sales.map((sale) => sale.productId);
  const paid = tx.$with('paid').as(
    tx
      .update(orders)
      .set({
        status: 'completed',
        paymentStatus: 'paid',
        paidAt: new Date(),
        paymentAttemptAt: null,
        paymentIntentId: intentId ?? order.paymentIntentId,
        ...card,
      })
      .where(eq(orders.id, order.id)),
  );
  const books = tx.$with('books').as(tx.insert(ledgerEntries).values(ledger));
  const sold = tx.$with('sold').as(
    tx
      .update(products)
      .set({
        salesCount: sql`${products.salesCount} + (case ${products.id} ${sql.join(
          sales.map((sale) => sql`when ${sale.productId}::uuid then ${sale.units}::int`),
          sql` `,
        )} else 0 end)`,
      })
      .where(inArray(products.id, productIds)),
  );
  const leftCart = tx
    .$with('left_cart')
    .as(tx.delete(cartItems).where(and(eq(cartItems.userId, order.userId), inArray(cartItems.productId, productIds))));
  const leftPromo = tx.$with('left_promo').as(tx.delete(cartPromos).where(eq(cartPromos.userId, order.userId)));
  const [buyer] = await tx
    .with(paid, books, sold, leftCart, leftPromo)
    .select()
    .from(users)
    .where(and(eq(users.id, order.userId), isNull(users.deletedAt)));
  return buyer;
}

/**
 * Closes these orders as cancelled or expired, only those still pending and unpaid without an
 * intent (or whose intent was voided); returns the ids it closed.
 */
export async function voidUnpaidOrders(db: DbOrTx, orderIds: string[], status: 'cancelled' | 'expired'): Promise<string[]> {
  const closed = await db
    .update(orders)
    .set({ status, paymentStatus: 'void' })
    .where(and(inArray(orders.id, orderIds), eq(orders.status, 'pending'), neverChargeable))
    .returning({ id: orders.id });
  return closed.map((o) => o.id);
}

/** voidUnpaidOrders for every such order of this buyer, found by the update itself; returns the ids it closed. */
export async function voidUnpaidOrdersOf(db: DbOrTx, userId: string): Promise<string[]> {
  const closed = await db
    .update(orders)
    .set({ status: 'cancelled', paymentStatus: 'void' })
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending'), neverChargeable))
    .returning({ id: orders.id });
  return closed.map((o) => o.id);
}

/** Deletes these orders' promo redemptions; returns the code of each one deleted. */
export async function deletePromoRedemptions(db: DbOrTx, orderIds: string[]): Promise<string[]> {
  const released = await db
    .delete(promoRedemptions)
    .where(inArray(promoRedemptions.orderId, orderIds))
    .returning({ promoCodeId: promoRedemptions.promoCodeId });
  return released.map((row) => row.promoCodeId);
}

/** Marks an unpaid order's intent as voided (closed at the provider, can never be charged). */
export async function markIntentVoided(db: DbOrTx, orderId: string): Promise<void> {
  await db
    .update(orders)
    .set({ paymentStatus: 'void' })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending'), eq(orders.paymentStatus, 'unpaid')));
}

/** Pending orders of a user with nothing charged, in the given payment states. */
export async function findUnchargedOrders(db: DbOrTx, userId: string, states: ('unpaid' | 'void')[] = ['unpaid']) {
  return db
    .select({ id: orders.id, paymentIntentId: orders.paymentIntentId })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending'), inArray(orders.paymentStatus, states)));
}

/**
 * True when the buyer owns the product in this column (as ownedProductIds counts it), as a column
 * of another query. Written with aliases and the column qualified by hand: a one-table select names
 * its fields unqualified.
 */
export function ownsProduct(userId: string, productId: AnyPgColumn): SQL<boolean> {
  const column = sql`${sql.identifier(getTableName(productId.table))}.${sql.identifier(productId.name)}`;
  return sql<boolean>`exists (select 1 from ${orderItems} owned_item inner join ${orders} owned_order on owned_order.id = owned_item.order_id where owned_order.user_id = ${userId} and owned_order.payment_status = 'paid' and owned_item.product_id = ${column})`;
}

/**
 * What a buyer owns: the products of their paid orders. A refunded order is no longer paid
 * (its payment status becomes 'refunded'), so its products stop counting, as their downloads do.
 */
export async function ownedProductIds(db: DbOrTx, userId: string, among?: string[]): Promise<string[]> {
  if (among && among.length === 0) return [];
  const rows = await db
    .selectDistinct({ productId: orderItems.productId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(eq(orders.userId, userId), eq(orders.paymentStatus, 'paid'), among ? inArray(orderItems.productId, among) : undefined),
    );
  return rows.map((row) => row.productId);
}
