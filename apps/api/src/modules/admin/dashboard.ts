import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context';
import { centsToDollars } from '../../lib/money';
import { countByStatus } from '../catalog/repository';

/** Headline figures of the admin dashboard. */
export async function dashboardStats(deps: AppDeps) {
  const [people] = (
    await deps.db.execute<{ total: number; buyers: number; sellers: number; new_week: number }>(sql`
      select count(*)::int as total,
        count(*) filter (where lower(role) in ('buyer', 'user'))::int as buyers,
        count(*) filter (where lower(role) = 'seller')::int as sellers,
        count(*) filter (where created_at > now() - interval '7 days')::int as new_week
      from users where deleted_at is null`)
  ).rows;
  const [money] = (
    await deps.db.execute<{ orders: number; paid: number; revenue: number; ai_pool: number; pending_refunds: number }>(sql`
      select count(*)::int as orders,
        count(*) filter (where payment_status = 'paid')::int as paid,
        coalesce(sum(total_cents) filter (where payment_status = 'paid'), 0)::bigint as revenue,
        coalesce(sum(ai_pool_cents) filter (where payment_status = 'paid'), 0)::bigint as ai_pool,
        (select count(*)::int from refund_requests where status = 'requested') as pending_refunds
      from orders`)
  ).rows;
  const byStatus = await countByStatus(deps.db);
  return {
    total_users: people?.total ?? 0,
    total_buyers: people?.buyers ?? 0,
    total_sellers: people?.sellers ?? 0,
    new_users_this_week: people?.new_week ?? 0,
    total_products: (byStatus.pending ?? 0) + (byStatus.approved ?? 0) + (byStatus.rejected ?? 0),
    pending_products: byStatus.pending ?? 0,
    approved_products: byStatus.approved ?? 0,
    rejected_products: byStatus.rejected ?? 0,
    total_orders: money?.orders ?? 0,
    paid_orders: money?.paid ?? 0,
    total_revenue: centsToDollars(Number(money?.revenue ?? 0)),
    ai_pool_total: centsToDollars(Number(money?.ai_pool ?? 0)),
    pending_refunds: money?.pending_refunds ?? 0,
  };
}

/**
 * Daily revenue, orders and new users, plus the best-selling products of the same days, for
 * /admin/stats. Days are UTC days, as in the payment and AI pool reports, whatever the database
 * server's time zone (a server east of UTC would otherwise show today's orders on "tomorrow").
 */
export async function statsOverTime(deps: AppDeps, days: number) {
  const series = await deps.db.execute<{ day: string; revenue: number; orders: number; new_users: number }>(sql`
    with range as (select (now() at time zone 'UTC')::date - (${days - 1})::int as first, (now() at time zone 'UTC')::date as last)
    select to_char(d.day, 'YYYY-MM-DD') as day,
      coalesce((select sum(total_cents) from orders o where o.payment_status = 'paid' and (o.paid_at at time zone 'UTC')::date = d.day::date), 0)::bigint as revenue,
      (select count(*) from orders o where o.payment_status = 'paid' and (o.paid_at at time zone 'UTC')::date = d.day::date)::int as orders,
      (select count(*) from users u where (u.created_at at time zone 'UTC')::date = d.day::date)::int as new_users
    from range, generate_series(range.first, range.last, interval '1 day') as d(day)
    order by d.day`);
  const top = await deps.db.execute<{ product_id: string; title: string; units: number; revenue: number }>(sql`
    select i.product_id, max(i.product_title) as title, sum(i.quantity)::int as units, sum(i.unit_price_cents * i.quantity)::bigint as revenue
    from order_items i join orders o on o.id = i.order_id
    where o.payment_status = 'paid'
      and o.paid_at >= ((now() at time zone 'UTC')::date - (${days - 1})::int) at time zone 'UTC'
    group by i.product_id order by units desc, revenue desc limit 10`);
  return {
    series: series.rows.map((r) => ({
      date: r.day,
      revenue: centsToDollars(Number(r.revenue)),
      orders: Number(r.orders),
      new_users: Number(r.new_users),
    })),
    top_products: top.rows.map((r) => ({
      product_id: r.product_id,
      title: r.title,
      units: Number(r.units),
      revenue: centsToDollars(Number(r.revenue)),
    })),
  };
}

/**
 * The admin console's footer: how long this server has been up, and how many people are signed in
 * and active (a signed-in browser renews its session at least once per access-token lifetime).
 */
export async function systemStatus(deps: AppDeps) {
  const windowMinutes = deps.config.accessTokenTtlMinutes;
  const [online] = (
    await deps.db.execute<{ users: number }>(sql`
      select count(distinct user_id)::int as users from refresh_tokens
      where created_at > now() - make_interval(mins => ${windowMinutes}) and revoked_at is null`)
  ).rows;
  const uptimeSeconds = Math.floor(process.uptime());
  return {
    started_at: new Date(Date.now() - uptimeSeconds * 1000).toISOString(),
    uptime_seconds: uptimeSeconds,
    users_online: online?.users ?? 0,
    online_window_minutes: windowMinutes,
  };
}
