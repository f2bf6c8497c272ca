import type {
  AiPoolDashboard,
  AiPoolDay,
  AiPoolRevenueReport,
  AiPoolTransfer,
  AiPoolTransferStatus,
  PublicAiPoolSummary,
} from '@app/shared';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { aiPoolTransfers } from '../../db/schema';
import type { AppDeps } from '../../lib/context';
import { type DayRange, resolveDayRange } from '../../lib/date-range';
import { centsToDollars } from '../../lib/money';
import { loadPoolSettings, presentPoolSettings } from './settings';

export type TransferRow = typeof aiPoolTransfers.$inferSelect;

export interface PoolTotals {
  /** Σ of the ledger's ai_pool entries: 10% of every paid order, minus refunds. */
  contributedCents: number;
  transferredCents: number;
  pendingCents: number;
  /**
   * Contributions not yet free to leave: sales still inside the refund hold (the payout settings'
   * hold_days, the same rule as sellers' money) or under an open refund request.
   */
  heldCents: number;
  /** What may still be sent: released − transferred − in flight (negative only after a refund of released money). */
  balanceCents: number;
}

/**
 * The pool's totals, straight from the ledger and the transfers table, in one statement (one
 * snapshot: an approved refund's reversal and its request's status are seen together). A sale's
 * pool share is released like a seller's share: once older than the hold and with no open refund
 * request, so money a buyer may still get back never leaves the pool.
 */
export async function poolTotals(db: DbOrTx): Promise<PoolTotals> {
  const result = await db.execute<{ contributed: string; released: string; transferred: string; pending: string }>(sql`
    select
      (select coalesce(sum(amount_cents), 0) from ledger_entries where kind = 'ai_pool')::bigint as contributed,
      (select coalesce(sum(e.amount_cents), 0)
         from ledger_entries e
         join ledger_entries s on s.order_id = e.order_id and s.kind = 'ai_pool' and s.reason = 'sale'
         where e.kind = 'ai_pool'
           and s.created_at <= now() - make_interval(days => coalesce((select hold_days from payout_settings where id = 1), 30))
           and not exists (select 1 from refund_requests r where r.order_id = e.order_id and r.status in ('requested', 'processing'))
      )::bigint as released,
      (select coalesce(sum(amount_cents), 0) from ai_pool_transfers where status = 'completed')::bigint as transferred,
      (select coalesce(sum(amount_cents), 0) from ai_pool_transfers where status = 'pending')::bigint as pending`);
  const row = result.rows[0];
  const contributedCents = Number(row?.contributed ?? 0);
  const releasedCents = Number(row?.released ?? 0);
  const transferredCents = Number(row?.transferred ?? 0);
  const pendingCents = Number(row?.pending ?? 0);
  return {
    contributedCents,
    transferredCents,
    pendingCents,
    heldCents: contributedCents - releasedCents,
    balanceCents: releasedCents - transferredCents - pendingCents,
  };
}

/** Inflow (sales), refunds and completed transfers per UTC day, every day of the range present. */
async function poolDays(db: DbOrTx, range: DayRange): Promise<AiPoolDay[]> {
  const result = await db.execute<{ day: string; inflow: string; refunds: string; transferred: string }>(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day,
      coalesce(l.inflow, 0)::bigint as inflow,
      coalesce(l.refunds, 0)::bigint as refunds,
      coalesce(t.transferred, 0)::bigint as transferred
    from generate_series(${range.start}::date, ${range.end}::date, interval '1 day') as d(day)
    left join (
      select (created_at at time zone 'UTC')::date as day,
        sum(amount_cents) filter (where reason = 'sale') as inflow,
        -sum(amount_cents) filter (where reason = 'refund') as refunds
      from ledger_entries
      where kind = 'ai_pool'
        and created_at >= ${range.start}::date at time zone 'UTC'
        and created_at < (${range.end}::date + 1) at time zone 'UTC'
      group by 1
    ) l on l.day = d.day::date
    left join (
      select (completed_at at time zone 'UTC')::date as day, sum(amount_cents) as transferred
      from ai_pool_transfers
      where status = 'completed'
        and completed_at >= ${range.start}::date at time zone 'UTC'
        and completed_at < (${range.end}::date + 1) at time zone 'UTC'
      group by 1
    ) t on t.day = d.day::date
    order by d.day`);
  return result.rows.map((row) => {
    const inflow = Number(row.inflow);
    const refunds = Number(row.refunds);
    return {
      date: row.day,
      inflow: centsToDollars(inflow),
      refunds: centsToDollars(refunds),
      net: centsToDollars(inflow - refunds),
      transferred: centsToDollars(Number(row.transferred)),
    };
  });
}

export function presentTransfer(row: TransferRow): AiPoolTransfer {
  return {
    id: row.id,
    status: row.status,
    trigger: row.trigger,
    amount: centsToDollars(row.amountCents),
    token: row.tokenSymbol,
    token_amount: row.tokenAmount,
    exchange_rate: row.exchangeRate,
    wallet_address: row.walletAddress,
    provider: row.provider,
    transfer_id: row.providerTransferId,
    failure_reason: row.failureReason,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

/** Transfers newest first, optionally only those with one status. */
export async function listTransfers(db: DbOrTx, limit: number, status?: AiPoolTransferStatus): Promise<TransferRow[]> {
  return db
    .select()
    .from(aiPoolTransfers)
    .where(status ? eq(aiPoolTransfers.status, status) : undefined)
    .orderBy(desc(aiPoolTransfers.createdAt), desc(aiPoolTransfers.id))
    .limit(limit);
}

/** GET /ai-token-payments/transfer-history: the newest `limit` transfers and how many there are in all. */
export async function transferHistory(db: DbOrTx, limit: number, status?: AiPoolTransferStatus) {
  const [rows, [counted]] = await Promise.all([
    listTransfers(db, limit, status),
    db
      .select({ total: count() })
      .from(aiPoolTransfers)
      .where(status ? eq(aiPoolTransfers.status, status) : undefined),
  ]);
  return { transfers: rows.map(presentTransfer), total: counted?.total ?? 0, limit };
}

const sumOf = (days: AiPoolDay[], field: keyof Omit<AiPoolDay, 'date'>) =>
  centsToDollars(days.reduce((total, day) => total + Math.round(day[field] * 100), 0));

/** GET /ai-token-payments/dashboard: balance, inflow by day over the last `days`, recent transfers. */
export async function poolDashboard(deps: AppDeps, days: number): Promise<AiPoolDashboard> {
  const range = resolveDayRange({ days }, days);
  const [totals, daily, recent, settings] = await Promise.all([
    poolTotals(deps.db),
    poolDays(deps.db, range),
    listTransfers(deps.db, 10),
    loadPoolSettings(deps.db),
  ]);
  return {
    days,
    pool_balance: centsToDollars(totals.balanceCents),
    held: centsToDollars(totals.heldCents),
    total_contributed: centsToDollars(totals.contributedCents),
    total_transferred: centsToDollars(totals.transferredCents),
    pending_transfer: centsToDollars(totals.pendingCents),
    inflow_in_period: sumOf(daily, 'net'),
    transferred_in_period: sumOf(daily, 'transferred'),
    daily,
    recent_transfers: recent.map(presentTransfer),
    settings: presentPoolSettings(settings),
  };
}

/** GET /ai-token-payments/revenue-report: the pool's money per day of a range, with totals. */
export async function poolRevenueReport(deps: AppDeps, range: DayRange): Promise<AiPoolRevenueReport> {
  const days = await poolDays(deps.db, range);
  return {
    start_date: range.start,
    end_date: range.end,
    totals: {
      inflow: sumOf(days, 'inflow'),
      refunds: sumOf(days, 'refunds'),
      net: sumOf(days, 'net'),
      transferred: sumOf(days, 'transferred'),
    },
    days,
  };
}

/** The report as CSV: one row per day, then a totals row. Every field is a date or a number. */
export function revenueReportCsv(report: AiPoolRevenueReport): string {
  const money = (value: number) => value.toFixed(2);
  const lines = [
    'date,inflow_usd,refunds_usd,net_usd,transferred_usd',
    ...report.days.map((d) => [d.date, money(d.inflow), money(d.refunds), money(d.net), money(d.transferred)].join(',')),
    ['total', ...[report.totals.inflow, report.totals.refunds, report.totals.net, report.totals.transferred].map(money)].join(
      ',',
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** The public page: the pool's totals and its completed transfers. Nothing about buyers or admins. */
export async function publicPoolSummary(deps: AppDeps, limit: number): Promise<PublicAiPoolSummary> {
  const [totals, settings, transfers] = await Promise.all([
    poolTotals(deps.db),
    loadPoolSettings(deps.db),
    deps.db
      .select()
      .from(aiPoolTransfers)
      .where(eq(aiPoolTransfers.status, 'completed'))
      .orderBy(desc(aiPoolTransfers.completedAt), desc(aiPoolTransfers.id))
      .limit(limit),
  ]);
  return {
    total_contributed: centsToDollars(totals.contributedCents),
    total_transferred: centsToDollars(totals.transferredCents),
    pool_balance: centsToDollars(totals.balanceCents + totals.pendingCents + totals.heldCents),
    token: settings.tokenSymbol,
    transfers: transfers.map((row) => ({
      id: row.id,
      amount: centsToDollars(row.amountCents),
      token: row.tokenSymbol,
      token_amount: row.tokenAmount,
      wallet_address: row.walletAddress,
      transfer_id: row.providerTransferId,
      completed_at: row.completedAt?.toISOString() ?? null,
    })),
  };
}
