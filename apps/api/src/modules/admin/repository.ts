import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** The admin console's figures, straight from the tables. */

/** Accounts not deleted: all, buyers, sellers, and those created in the last seven days. */
export async function countPeople(db: DbOrTx) {
  const [people] = (
    await db.execute<{ total: number; buyers: number; sellers: number; new_week: number }>(sql`
      select count(*)::int as total,
        count(*) filter (where lower(role) in ('buyer', 'user'))::int as buyers,
        count(*) filter (where lower(role) = 'seller')::int as sellers,
        count(*) filter (where created_at > now() - interval '7 days')::int as new_week
      from users where deleted_at is null`)
  ).rows;
  return people;
}

/** Orders, paid orders, paid revenue and AI pool in cents, and refunds awaiting a decision. */
export async function sumOrders(db: DbOrTx) {
  const [money] = (
    await db.execute<{ orders: number; paid: number; revenue: number; ai_pool: number; pending_refunds: number }>(sql`
      select count(*)::int as orders,
        count(*) filter (where payment_status = 'paid')::int as paid,
        -- Revenue is the net: the tax in a total is owed to the tax authority (decision 0044).
        coalesce(sum(total_cents - tax_cents) filter (where payment_status = 'paid'), 0)::bigint as revenue,
        coalesce(sum(ai_pool_cents) filter (where payment_status = 'paid'), 0)::bigint as ai_pool,
        (select count(*)::int from refund_requests where status = 'requested') as pending_refunds
      from orders`)
  ).rows;
  return money;
}

/** Paid revenue (cents), paid orders and new accounts per UTC day over the last `days` days, today included. */
export async function dailyTotals(db: DbOrTx, days: number) {
  const series = await db.execute<{ day: string; revenue: number; orders: number; new_users: number }>(sql`
    with range as (select (now() at time zone 'UTC')::date - (${days - 1})::int as first, (now() at time zone 'UTC')::date as last)
    select to_char(d.day, 'YYYY-MM-DD') as day,
      coalesce((select sum(total_cents - tax_cents) from orders o where o.payment_status = 'paid' and (o.paid_at at time zone 'UTC')::date = d.day::date), 0)::bigint as revenue,
      (select count(*) from orders o where o.payment_status = 'paid' and (o.paid_at at time zone 'UTC')::date = d.day::date)::int as orders,
      (select count(*) from users u where (u.created_at at time zone 'UTC')::date = d.day::date)::int as new_users
    from range, generate_series(range.first, range.last, interval '1 day') as d(day)
    order by d.day`);
  return series.rows;
}

/** The ten products that sold the most units in paid orders of the same days (revenue in cents). */
export async function topProducts(db: DbOrTx, days: number) {
  const top = await db.execute<{ product_id: string; title: string; units: number; revenue: number }>(sql`
    select i.product_id, max(i.product_title) as title, sum(i.quantity)::int as units, sum(i.unit_price_cents * i.quantity)::bigint as revenue
    from order_items i join orders o on o.id = i.order_id
    where o.payment_status = 'paid'
      and o.paid_at >= ((now() at time zone 'UTC')::date - (${days - 1})::int) at time zone 'UTC'
    group by i.product_id order by units desc, revenue desc limit 10`);
  return top.rows;
}

/** People with a session renewed in the last `windowMinutes` and not signed out. */
export async function countUsersOnline(db: DbOrTx, windowMinutes: number): Promise<number> {
  const [online] = (
    await db.execute<{ users: number }>(sql`
      select count(distinct user_id)::int as users from refresh_tokens
      where created_at > now() - make_interval(mins => ${windowMinutes}) and revoked_at is null`)
  ).rows;
  return online?.users ?? 0;
}
