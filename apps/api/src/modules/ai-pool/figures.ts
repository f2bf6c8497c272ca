import type {
  AiPoolDashboard,
  AiPoolDay,
  AiPoolRevenueReport,
  AiPoolTransfer,
  AiPoolTransferStatus,
  PagingQuery,
  PublicAiPoolSummary,
} from '@app/shared';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { toCsv } from '../../lib/csv';
import { type DayRange, resolveDayRange } from '../../lib/date-range';
import { centsToDollars } from '../../lib/money';
import { pagedList, pageOffset } from '../../lib/paging';
import {
  countTransfers,
  listCompletedTransfers,
  listPoolDayRows,
  listTransfers,
  sumPoolMoney,
  type TransferRow,
} from './repository';
import { loadPoolSettings, presentPoolSettings } from './settings';

export type { TransferRow };

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
  const row = await sumPoolMoney(db);
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
  const rows = await listPoolDayRows(db, range);
  return rows.map((row) => {
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

/** GET /ai-token-payments/transfer-history: a page of transfers, newest first, and how many there are in all. */
export async function transferHistory(db: DbOrTx, paging: PagingQuery, status?: AiPoolTransferStatus) {
  const [rows, total] = await Promise.all([
    listTransfers(db, paging.limit, status, pageOffset(paging)),
    countTransfers(db, status),
  ]);
  // `limit` is the spec's field (§7), kept beside the standard ones.
  return { ...pagedList('transfers', rows.map(presentTransfer), total, paging), limit: paging.limit };
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

/** The report as CSV: one row per day, then a totals row. */
export function revenueReportCsv(report: AiPoolRevenueReport): string {
  const money = (value: number) => value.toFixed(2);
  const { totals } = report;
  return toCsv(
    ['date', 'inflow_usd', 'refunds_usd', 'net_usd', 'transferred_usd'],
    [
      ...report.days.map((d) => [d.date, money(d.inflow), money(d.refunds), money(d.net), money(d.transferred)]),
      ['total', ...[totals.inflow, totals.refunds, totals.net, totals.transferred].map(money)],
    ],
  );
}

/** The public page: the pool's totals and its completed transfers. Nothing about buyers or admins. */
export async function publicPoolSummary(deps: AppDeps, limit: number): Promise<PublicAiPoolSummary> {
  const [totals, settings, transfers] = await Promise.all([
    poolTotals(deps.db),
    loadPoolSettings(deps.db),
    listCompletedTransfers(deps.db, limit),
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
