import type { AffiliateDashboard, AffiliateOverview, AffiliateSaleList, AffiliateSaleStatus } from '@app/shared';
import type { AppDeps } from '../../lib/context';
import { centsToDollars } from '../../lib/money';
import { pagedList, pageOffset } from '../../lib/paging';
import { readPayoutSettings, sellerBalanceCents } from '../payouts/service';
import { bpsToPercent } from './commission';
import { getOrCreateAffiliateLink } from './links';
import {
  countReferralFigures,
  countReferredSales,
  hasBankAccount,
  listAffiliateFigures,
  listReferredSales,
  sumCommissionByHold,
  sumProgrammeTotals,
} from './repository';
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
  const row = await sumCommissionByHold(deps.db, userId, cutoff);
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
    countReferralFigures(deps.db, userId),
    commissionCents(deps, userId, payoutSettings.holdDays, now),
    sellerBalanceCents(deps.db, userId, payoutSettings.holdDays, now),
    hasBankAccount(deps.db, userId),
  ]);
  const figures = counts;
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
      has_account: account,
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
  const [rows, total] = await Promise.all([
    listReferredSales(deps.db, userId, limit, pageOffset({ page, limit })),
    countReferredSales(deps.db, userId),
  ]);
  const sales = rows.map((row) => {
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
  const [rows, sum] = await Promise.all([
    listAffiliateFigures(deps.db, cutoff, limit, pageOffset({ page, limit })),
    sumProgrammeTotals(deps.db),
  ]);
  const total = sum?.members ?? 0;
  const affiliates = rows.map((row) => ({
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
