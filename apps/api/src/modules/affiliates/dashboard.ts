import type { AffiliateDashboard, AffiliateOverview, AffiliateSaleList, AffiliateSaleStatus } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { bankAccounts } from '../../db/schema';
import type { AppDeps } from '../../lib/context';
import { centsToDollars } from '../../lib/money';
import { pagedList } from '../../lib/paging';
import { sellerBalanceCents } from '../payouts/balances';
import { readPayoutSettings } from '../payouts/settings';
import { bpsToPercent } from './commission';
import { getOrCreateAffiliateLink } from './links';
import { readAffiliateSettings } from './settings';

const DAY_MS = 86_400_000;

interface CommissionCents {
  pending: number;
  released: number;
}

/**
 * A member's commission from the ledger alone: each affiliate entry (a sale's commission, or its
 * reversal on refund) is dated by its sale, pending while the sale is inside the refund hold,
 * released after it, exactly as seller money is (payouts/balances.ts).
 */
async function commissionCents(deps: AppDeps, userId: string, holdDays: number, now: Date): Promise<CommissionCents> {
  const cutoff = new Date(now.getTime() - holdDays * DAY_MS);
  const result = await deps.db.execute<{ pending: string; released: string }>(sql`
    select coalesce(sum(l.amount_cents) filter (where s.created_at > ${cutoff}), 0)::bigint as pending,
      coalesce(sum(l.amount_cents) filter (where s.created_at <= ${cutoff}), 0)::bigint as released
    from ledger_entries l
    join ledger_entries s on s.order_id = l.order_id and s.kind = 'affiliate' and s.reason = 'sale' and s.seller_id = l.seller_id
    where l.kind = 'affiliate' and l.seller_id = ${userId}`);
  const row = result.rows[0];
  return { pending: Number(row?.pending ?? 0), released: Number(row?.released ?? 0) };
}

/** GET /affiliates/me: the member's link (created on first visit), figures and payout balance. */
export async function getAffiliateDashboard(deps: AppDeps, userId: string, now = new Date()): Promise<AffiliateDashboard> {
  const [link, settings, payoutSettings] = await Promise.all([
    getOrCreateAffiliateLink(deps.db, userId),
    readAffiliateSettings(deps.db),
    readPayoutSettings(deps.db),
  ]);
  const [counts, commission, balance, account] = await Promise.all([
    deps.db.execute<{ clicks: number; orders: number; refunded: number; sales: string }>(sql`
      select (select count(*) from affiliate_clicks where affiliate_id = ${userId})::int as clicks,
        count(*) filter (where o.paid_at is not null)::int as orders,
        count(*) filter (where o.payment_status = 'refunded')::int as refunded,
        coalesce(sum(o.total_cents) filter (where o.payment_status = 'paid'), 0)::bigint as sales
      from orders o where o.affiliate_id = ${userId}`),
    commissionCents(deps, userId, payoutSettings.holdDays, now),
    sellerBalanceCents(deps.db, userId, payoutSettings.holdDays, now),
    deps.db.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.userId, userId)),
  ]);
  const figures = counts.rows[0];
  return {
    programme_enabled: settings.enabled,
    code: link.code,
    link: `${deps.config.publicUrl}/r/${link.code}`,
    commission_percent: bpsToPercent(settings.commissionBps),
    cookie_days: settings.cookieDays,
    hold_days: payoutSettings.holdDays,
    stats: {
      clicks: figures?.clicks ?? 0,
      orders: figures?.orders ?? 0,
      refunded_orders: figures?.refunded ?? 0,
      sales: centsToDollars(Number(figures?.sales ?? 0)),
      earnings_pending: centsToDollars(commission.pending),
      earnings_available: centsToDollars(commission.released),
    },
    payout: {
      has_account: account.length > 0,
      available: centsToDollars(balance.available),
      in_transit: centsToDollars(balance.inTransit),
      paid_out: centsToDollars(balance.paidOut),
      minimum_payout: centsToDollars(payoutSettings.minimumPayoutCents),
    },
  };
}

/** GET /affiliates/me/sales: referred paid orders, newest first, with nothing about the buyer. */
export async function listAffiliateSales(
  deps: AppDeps,
  userId: string,
  page: number,
  limit: number,
  now = new Date(),
): Promise<AffiliateSaleList> {
  const { holdDays } = await readPayoutSettings(deps.db);
  const [rows, counted] = await Promise.all([
    deps.db.execute<{
      reference: string;
      paid_at: Date | string;
      total_cents: number;
      payment_status: string;
      commission: string;
    }>(sql`
      select left(encode(sha256(convert_to('affiliate-sale:' || o.id::text, 'UTF8')), 'hex'), 16) as reference, o.paid_at, o.total_cents, o.payment_status,
        coalesce((select l.amount_cents from ledger_entries l
          where l.order_id = o.id and l.kind = 'affiliate' and l.reason = 'sale' and l.seller_id = ${userId}), 0)::bigint as commission
      from orders o
      where o.affiliate_id = ${userId} and o.paid_at is not null
      order by o.paid_at desc, o.id desc
      limit ${limit} offset ${(page - 1) * limit}`),
    deps.db.execute<{ total: number }>(
      sql`select count(*)::int as total from orders where affiliate_id = ${userId} and paid_at is not null`,
    ),
  ]);
  const total = counted.rows[0]?.total ?? 0;
  const sales = rows.rows.map((row) => {
    const paidAt = new Date(row.paid_at);
    const availableOn = new Date(paidAt.getTime() + holdDays * DAY_MS);
    const status: AffiliateSaleStatus =
      row.payment_status === 'refunded' ? 'refunded' : availableOn <= now ? 'available' : 'pending';
    return {
      reference: row.reference,
      date: paidAt.toISOString(),
      amount: centsToDollars(row.total_cents),
      commission: centsToDollars(Number(row.commission)),
      status,
      available_on: availableOn.toISOString(),
    };
  });
  return pagedList('sales', sales, total, { page, limit });
}

/** GET /affiliates/admin/affiliates: every member with a link, most earning first, and the totals. */
export async function affiliateOverview(
  deps: AppDeps,
  page: number,
  limit: number,
  now = new Date(),
): Promise<AffiliateOverview> {
  const { holdDays } = await readPayoutSettings(deps.db);
  const cutoff = new Date(now.getTime() - holdDays * DAY_MS);
  const figures = sql`
    select a.user_id, a.code, a.created_at, u.first_name || ' ' || u.last_name as name, u.email,
      (select count(*) from affiliate_clicks c where c.affiliate_id = a.user_id)::int as clicks,
      (select count(*) from orders o where o.affiliate_id = a.user_id and o.paid_at is not null)::int as orders,
      (select coalesce(sum(o.total_cents), 0) from orders o where o.affiliate_id = a.user_id and o.payment_status = 'paid')::bigint as sales,
      (select coalesce(sum(l.amount_cents), 0) from ledger_entries l where l.kind = 'affiliate' and l.seller_id = a.user_id)::bigint as earnings,
      (select coalesce(sum(l.amount_cents), 0) from ledger_entries l
        join ledger_entries s on s.order_id = l.order_id and s.kind = 'affiliate' and s.reason = 'sale' and s.seller_id = l.seller_id
        where l.kind = 'affiliate' and l.seller_id = a.user_id and s.created_at > ${cutoff})::bigint as pending
    from affiliate_links a join users u on u.id = a.user_id`;
  const [rows, totals] = await Promise.all([
    deps.db.execute<{
      user_id: string;
      code: string;
      created_at: Date | string;
      name: string;
      email: string;
      clicks: number;
      orders: number;
      sales: string;
      earnings: string;
      pending: string;
    }>(sql`select * from (${figures}) f order by f.earnings desc, f.clicks desc, f.created_at desc, f.user_id
      limit ${limit} offset ${(page - 1) * limit}`),
    deps.db.execute<{ members: number; clicks: number; orders: number; sales: string; earnings: string }>(sql`
      select (select count(*) from affiliate_links)::int as members,
        (select count(*) from affiliate_clicks)::int as clicks,
        (select count(*) from orders where affiliate_id is not null and paid_at is not null)::int as orders,
        (select coalesce(sum(total_cents), 0) from orders where affiliate_id is not null and payment_status = 'paid')::bigint as sales,
        (select coalesce(sum(amount_cents), 0) from ledger_entries where kind = 'affiliate')::bigint as earnings`),
  ]);
  const sum = totals.rows[0];
  const total = sum?.members ?? 0;
  const affiliates = rows.rows.map((row) => ({
    user_id: row.user_id,
    name: row.name,
    email: row.email,
    code: row.code,
    joined_at: new Date(row.created_at).toISOString(),
    clicks: row.clicks,
    orders: row.orders,
    sales: centsToDollars(Number(row.sales)),
    earnings: centsToDollars(Number(row.earnings)),
    earnings_pending: centsToDollars(Number(row.pending)),
  }));
  return {
    ...pagedList('affiliates', affiliates, total, { page, limit }),
    totals: {
      clicks: sum?.clicks ?? 0,
      orders: sum?.orders ?? 0,
      sales: centsToDollars(Number(sum?.sales ?? 0)),
      earnings: centsToDollars(Number(sum?.earnings ?? 0)),
    },
  };
}
