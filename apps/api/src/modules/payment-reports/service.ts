import type { BuyerPayment, BuyerPaymentList, PaymentAnalytics, PaymentAnalyticsDay } from '@app/shared';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context';
import type { DayRange } from '../../lib/date-range';
import { centsToDollars } from '../../lib/money';

interface DayCents {
  gross: number;
  refunds: number;
  platform_fees: number;
  ai_pool: number;
  seller_share: number;
  affiliate_commissions: number;
  net: number;
  orders: number;
}

function inDollars(cents: DayCents): Omit<PaymentAnalyticsDay, 'date'> {
  return {
    gross: centsToDollars(cents.gross),
    refunds: centsToDollars(cents.refunds),
    platform_fees: centsToDollars(cents.platform_fees),
    ai_pool: centsToDollars(cents.ai_pool),
    seller_share: centsToDollars(cents.seller_share),
    affiliate_commissions: centsToDollars(cents.affiliate_commissions),
    net: centsToDollars(cents.net),
    orders: cents.orders,
  };
}

/**
 * GET /payments/admin/analytics, from the ledger by UTC day: gross = sales booked, refunds = sales
 * reversed; platform fees, AI pool, seller share and affiliate commissions are what each kept after
 * refunds, so net = gross − refunds = platform fees + AI pool + seller share + affiliate commissions.
 */
export async function paymentAnalytics(deps: AppDeps, range: DayRange): Promise<PaymentAnalytics> {
  const result = await deps.db.execute<Record<keyof DayCents | 'day', string>>(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day,
      coalesce(l.gross, 0)::bigint as gross,
      coalesce(l.refunds, 0)::bigint as refunds,
      coalesce(l.platform_fees, 0)::bigint as platform_fees,
      coalesce(l.ai_pool, 0)::bigint as ai_pool,
      coalesce(l.seller_share, 0)::bigint as seller_share,
      coalesce(l.affiliate_commissions, 0)::bigint as affiliate_commissions,
      coalesce(l.orders, 0)::int as orders
    from generate_series(${range.start}::date, ${range.end}::date, interval '1 day') as d(day)
    left join (
      select (created_at at time zone 'UTC')::date as day,
        sum(amount_cents) filter (where reason = 'sale') as gross,
        -sum(amount_cents) filter (where reason = 'refund') as refunds,
        sum(amount_cents) filter (where kind = 'platform') as platform_fees,
        sum(amount_cents) filter (where kind = 'ai_pool') as ai_pool,
        sum(amount_cents) filter (where kind = 'seller') as seller_share,
        sum(amount_cents) filter (where kind = 'affiliate') as affiliate_commissions,
        count(distinct order_id) filter (where reason = 'sale') as orders
      from ledger_entries
      where created_at >= ${range.start}::date at time zone 'UTC'
        and created_at < (${range.end}::date + 1) at time zone 'UTC'
      group by 1
    ) l on l.day = d.day::date
    order by d.day`);
  const totals: DayCents = {
    gross: 0,
    refunds: 0,
    platform_fees: 0,
    ai_pool: 0,
    seller_share: 0,
    affiliate_commissions: 0,
    net: 0,
    orders: 0,
  };
  const daily = result.rows.map((row) => {
    const cents: DayCents = {
      gross: Number(row.gross),
      refunds: Number(row.refunds),
      platform_fees: Number(row.platform_fees),
      ai_pool: Number(row.ai_pool),
      seller_share: Number(row.seller_share),
      affiliate_commissions: Number(row.affiliate_commissions),
      net: Number(row.gross) - Number(row.refunds),
      orders: Number(row.orders),
    };
    for (const key of Object.keys(totals) as (keyof DayCents)[]) totals[key] += cents[key];
    return { date: row.day, ...inDollars(cents) };
  });
  return { start_date: range.start, end_date: range.end, currency: 'USD', totals: inDollars(totals), daily };
}

/**
 * GET /payments/history: the signed-in buyer's own charges (paid orders, and charges sent back
 * because the order could no longer be paid) with what was refunded, newest first.
 */
export async function buyerPaymentHistory(deps: AppDeps, userId: string, page: number, limit: number): Promise<BuyerPaymentList> {
  const charged = sql`o.user_id = ${userId} and (o.paid_at is not null or exists (select 1 from payment_refunds r where r.order_id = o.id))`;
  const [rows, counted] = await Promise.all([
    deps.db.execute<{
      id: string;
      order_number: string;
      payment_status: string;
      total_cents: number;
      refunded_cents: string;
      provider: string | null;
      paid_at: Date | string | null;
      refunded_at: Date | string | null;
    }>(sql`
      select o.id, o.order_number, o.payment_status, o.total_cents, o.payment_provider as provider, o.paid_at,
        coalesce((select sum(r.amount_cents) from payment_refunds r where r.order_id = o.id), 0)::bigint as refunded_cents,
        coalesce((select max(r.created_at) from payment_refunds r where r.order_id = o.id),
          case when o.payment_status = 'refunded' then o.updated_at end) as refunded_at
      from orders o
      where ${charged}
      order by coalesce(o.paid_at, o.created_at) desc, o.id desc
      limit ${limit} offset ${(page - 1) * limit}`),
    deps.db.execute<{ total: number }>(sql`select count(*)::int as total from orders o where ${charged}`),
  ]);
  const total = counted.rows[0]?.total ?? 0;
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  const payments = rows.rows.map(
    (row): BuyerPayment => ({
      order_id: row.id,
      order_number: row.order_number,
      status: row.payment_status === 'refunded' ? 'refunded' : 'paid',
      amount: centsToDollars(row.total_cents),
      refunded_amount: centsToDollars(Number(row.refunded_cents)),
      currency: 'USD',
      provider: row.provider,
      paid_at: iso(row.paid_at),
      refunded_at: row.payment_status === 'refunded' ? iso(row.refunded_at) : null,
    }),
  );
  return { payments, total, page, pages: Math.ceil(total / limit) };
}
