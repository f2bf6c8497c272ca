import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerEntries, orderItems, orders, products } from '../../db/schema';
import type { ProductRow } from '../catalog/repository';
import { type ReviewStatus, sellerProductsWhere } from '../products/repository';

/** Units of each listed product in paid orders (a refunded order no longer counts): what its sales figure shows. */
const paidUnits = sql<number>`(select coalesce(sum(i.quantity), 0) from ${orderItems} i
    join ${orders} o on o.id = i.order_id
    where i.product_id = "products"."id" and o.payment_status = 'paid')`.mapWith(Number);

/**
 * A page of the seller's own live products, newest first, each with its units sold in paid
 * orders; `query` finds text in the title or description.
 */
export async function listOwnProductsWithSales(
  db: DbOrTx,
  sellerId: string,
  filter: { status?: ReviewStatus; query?: string },
  page: { limit: number; offset: number },
): Promise<{ rows: { product: ProductRow; paidUnits: number }[]; total: number }> {
  const text = filter.query
    ? (or(ilike(products.title, `%${filter.query}%`), ilike(products.description, `%${filter.query}%`)) as SQL)
    : undefined;
  const where = sellerProductsWhere(sellerId, filter.status, text);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ product: products, paidUnits })
      .from(products)
      .where(where)
      .orderBy(desc(products.createdAt))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return { rows: rows as { product: ProductRow; paidUnits: number }[], total: counted?.total ?? 0 };
}

/** How many of the seller's live products are in each review status. */
export async function countOwnProductsByStatus(db: DbOrTx, sellerId: string) {
  const [statuses] = await db
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where ${products.status} = 'pending')`.mapWith(Number),
      approved: sql<number>`count(*) filter (where ${products.status} = 'approved')`.mapWith(Number),
      rejected: sql<number>`count(*) filter (where ${products.status} = 'rejected')`.mapWith(Number),
    })
    .from(products)
    .where(sellerProductsWhere(sellerId));
  return statuses;
}

/** The seller's earnings so far, from the ledger, in cents. */
export async function sellerEarningsCents(db: DbOrTx, sellerId: string): Promise<number> {
  const [revenue] = await db
    .select({ cents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.sellerId, sellerId), eq(ledgerEntries.kind, 'seller')));
  return revenue?.cents ?? 0;
}

/** Units of the seller's products in paid orders. */
export async function sellerUnitsSold(db: DbOrTx, sellerId: string): Promise<number> {
  const [sales] = await db
    .select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)`.mapWith(Number) })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.sellerId, sellerId), eq(orders.paymentStatus, 'paid')));
  return sales?.units ?? 0;
}

/** Units sold and cents earned per UTC day over the last `days` days, today included. */
export async function sellerDailySales(db: DbOrTx, sellerId: string, days: number) {
  const rows = await db.execute<{ day: string; sales: number; revenue_cents: number }>(sql`
    with paid as (
      select (o.paid_at at time zone 'UTC')::date as day,
        (select coalesce(sum(i.quantity), 0) from ${orderItems} i where i.order_id = o.id and i.seller_id = ${sellerId}) as units,
        (select coalesce(sum(l.amount_cents), 0) from ${ledgerEntries} l
          where l.order_id = o.id and l.seller_id = ${sellerId} and l.kind = 'seller') as cents
      from ${orders} o
      where o.payment_status = 'paid'
        and o.paid_at >= ((now() at time zone 'UTC')::date - (${days - 1})::int) at time zone 'UTC'
    )
    select to_char(d.day, 'YYYY-MM-DD') as day,
      coalesce(sum(p.units), 0)::int as sales,
      coalesce(sum(p.cents), 0)::int as revenue_cents
    from generate_series((now() at time zone 'UTC')::date - (${days - 1})::int, (now() at time zone 'UTC')::date, interval '1 day') as d(day)
    left join paid p on p.day = d.day::date
    group by d.day order by d.day`);
  return rows.rows;
}
