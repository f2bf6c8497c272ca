/**
 * The referring member's commission on an order, in cents: the order's rate (basis points, fixed
 * at checkout) of the total actually paid, rounded down, and never more than the platform's share,
 * which pays it (docs/decisions/0018-affiliates.md).
 */
export function affiliateCommissionCents(totalCents: number, commissionBps: number | null, platformCents: number): number {
  if (!commissionBps || commissionBps <= 0 || totalCents <= 0) return 0;
  const commission = Math.floor((totalCents * commissionBps) / 10_000);
  return Math.max(0, Math.min(commission, platformCents));
}

/** Basis points ↔ the percentage people read (5% = 500 bp). */
export const percentToBps = (percent: number): number => Math.round(percent * 100);
export const bpsToPercent = (bps: number): number => bps / 100;
