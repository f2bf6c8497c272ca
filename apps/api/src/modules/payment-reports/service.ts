import type { BuyerPayment, BuyerPaymentList, PaymentAnalytics, PaymentAnalyticsDay } from '@app/shared';
import type { AppDeps } from '../../lib/context';
import type { DayRange } from '../../lib/date-range';
import { centsToDollars } from '../../lib/money';
import { pagedList, pageOffset } from '../../lib/paging';
import { countChargedOrders, type DayCents, listChargedOrders, listLedgerDays } from './repository';

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
  const rows = await listLedgerDays(deps.db, range);
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
  const daily = rows.map((row) => {
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
  const [rows, total] = await Promise.all([
    listChargedOrders(deps.db, userId, limit, pageOffset({ page, limit })),
    countChargedOrders(deps.db, userId),
  ]);
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  const payments = rows.map(
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
  return pagedList('payments', payments, total, { page, limit });
}
