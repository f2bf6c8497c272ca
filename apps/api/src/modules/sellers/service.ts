import { hasRole, type SellerStats } from '@app/shared';
import { and, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { ledgerEntries, orderItems, orders, products } from '../../db/schema';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { centsToDollars } from '../../lib/money';
import { presentProduct } from '../catalog/present';
import type { ProductRow } from '../catalog/repository';
import { type UserRow, updateUser } from '../users/repository';

/** A buyer accepts the seller terms and becomes a seller. */
export async function becomeSeller(deps: AppDeps, user: UserRow): Promise<UserRow> {
  if (hasRole(user.role, ['seller', 'admin', 'simple_admin'])) return user;
  const updated = await updateUser(deps.db, user.id, { role: 'seller' });
  if (!updated) throw new AppError('NOT_FOUND', 'User not found');
  return updated;
}

export async function listOwnProducts(
  deps: AppDeps,
  owner: UserRow,
  query: { page: number; limit: number; status?: 'pending' | 'approved' | 'rejected'; query?: string },
) {
  const conditions: SQL[] = [eq(products.sellerId, owner.id), isNull(products.deletedAt)];
  if (query.status) conditions.push(eq(products.status, query.status));
  if (query.query)
    conditions.push(or(ilike(products.title, `%${query.query}%`), ilike(products.description, `%${query.query}%`)) as SQL);
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select({ product: products, paidUnits })
      .from(products)
      .where(where)
      .orderBy(desc(products.createdAt))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    deps.db.select({ total: count() }).from(products).where(where),
  ]);
  const total = counted?.total ?? 0;
  // Each row's sales come from the paid orders, the same source as the dashboard's total.
  const items = rows.map((row) => presentProduct({ ...(row.product as ProductRow), salesCount: row.paidUnits }));
  return {
    products: items,
    data: items,
    total,
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
  };
}

/** Units of each listed product in paid orders (a refunded order no longer counts): what its sales figure shows. */
const paidUnits = sql<number>`(select coalesce(sum(i.quantity), 0) from ${orderItems} i
    join ${orders} o on o.id = i.order_id
    where i.product_id = "products"."id" and o.payment_status = 'paid')`.mapWith(Number);

/** Spec §3 Seller stats, from the seller's own products and the ledger. */
export async function sellerStats(deps: AppDeps, owner: UserRow): Promise<SellerStats> {
  const [statuses] = await deps.db
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where ${products.status} = 'pending')`.mapWith(Number),
      approved: sql<number>`count(*) filter (where ${products.status} = 'approved')`.mapWith(Number),
      rejected: sql<number>`count(*) filter (where ${products.status} = 'rejected')`.mapWith(Number),
    })
    .from(products)
    .where(and(eq(products.sellerId, owner.id), isNull(products.deletedAt)));
  const [revenue] = await deps.db
    .select({ cents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.sellerId, owner.id), eq(ledgerEntries.kind, 'seller')));
  const [sales] = await deps.db
    .select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)`.mapWith(Number) })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.sellerId, owner.id), eq(orders.paymentStatus, 'paid')));
  return {
    total_products: statuses?.total ?? 0,
    pending: statuses?.pending ?? 0,
    approved: statuses?.approved ?? 0,
    rejected: statuses?.rejected ?? 0,
    total_revenue: centsToDollars(revenue?.cents ?? 0),
    total_sales: sales?.units ?? 0,
  };
}

/** Daily sales and earnings for the seller's chart, by UTC day like every other chart (see statsOverTime). */
export async function sellerSalesSeries(deps: AppDeps, owner: UserRow, days: number) {
  const rows = await deps.db.execute<{ day: string; sales: number; revenue_cents: number }>(sql`
    with paid as (
      select (o.paid_at at time zone 'UTC')::date as day,
        (select coalesce(sum(i.quantity), 0) from ${orderItems} i where i.order_id = o.id and i.seller_id = ${owner.id}) as units,
        (select coalesce(sum(l.amount_cents), 0) from ${ledgerEntries} l
          where l.order_id = o.id and l.seller_id = ${owner.id} and l.kind = 'seller') as cents
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
  return rows.rows.map((row) => ({
    date: row.day,
    sales: Number(row.sales),
    revenue: centsToDollars(Number(row.revenue_cents)),
  }));
}
