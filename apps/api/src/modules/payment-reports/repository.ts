import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { DayRange } from '../../lib/date-range';

/** One UTC day of the ledger, in cents. */
export interface DayCents {
  gross: number;
  refunds: number;
  platform_fees: number;
  ai_pool: number;
  seller_share: number;
  affiliate_commissions: number;
  net: number;
  orders: number;
}

/** Every UTC day of the range (days without entries as zeros), oldest first; numbers come as strings. */
export async function listLedgerDays(db: DbOrTx, range: DayRange) {
  const result = await db.execute<Record<keyof DayCents | 'day', string>>(sql`
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
  return result.rows;
}

/** Orders of the buyer that were charged: paid, or with a charge sent back. */
const chargedBy = (userId: string) =>
  sql`o.user_id = ${userId} and (o.paid_at is not null or exists (select 1 from payment_refunds r where r.order_id = o.id))`;

/** The buyer's charged orders with what was refunded and when, newest first. */
export async function listChargedOrders(db: DbOrTx, userId: string, limit: number, offset: number) {
  const result = await db.execute<{
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
      where ${chargedBy(userId)}
      order by coalesce(o.paid_at, o.created_at) desc, o.id desc
      limit ${limit} offset ${offset}`);
  return result.rows;
}

export async function countChargedOrders(db: DbOrTx, userId: string): Promise<number> {
  const counted = await db.execute<{ total: number }>(
    sql`select count(*)::int as total from orders o where ${chargedBy(userId)}`,
  );
  return counted.rows[0]?.total ?? 0;
}
