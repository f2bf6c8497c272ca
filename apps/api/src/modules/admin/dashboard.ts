import type { AppDeps } from '../../lib/context';
import { centsToDollars } from '../../lib/money';
import { countByStatus } from '../catalog/repository';
import { countPeople, countUsersOnline, dailyTotals, sumOrders, topProducts } from './repository';

/** Headline figures of the admin dashboard. */
export async function dashboardStats(deps: AppDeps) {
  const people = await countPeople(deps.db);
  const money = await sumOrders(deps.db);
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
  const series = await dailyTotals(deps.db, days);
  const top = await topProducts(deps.db, days);
  return {
    series: series.map((r) => ({
      date: r.day,
      revenue: centsToDollars(Number(r.revenue)),
      orders: Number(r.orders),
      new_users: Number(r.new_users),
    })),
    top_products: top.map((r) => ({
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
  const usersOnline = await countUsersOnline(deps.db, windowMinutes);
  const uptimeSeconds = Math.floor(process.uptime());
  return {
    started_at: new Date(Date.now() - uptimeSeconds * 1000).toISOString(),
    uptime_seconds: uptimeSeconds,
    users_online: usersOnline,
    online_window_minutes: windowMinutes,
  };
}
