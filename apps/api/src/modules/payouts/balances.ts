import type { SellerBalanceView, StatementLine } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { toCsv } from '../../lib/csv';
import { centsToDollars } from '../../lib/money';
import { listStatementEntries, listStatementPayouts, sumPayoutsByStatus, sumSellerLedger } from './repository';
import { readPayoutSettings } from './settings';

const DAY_MS = 24 * 60 * 60 * 1000;
export interface BalanceCents {
  pending: number;
  /** Money of orders with an open refund request: never paid out until the request is decided. */
  held: number;
  /** May be negative: a refund of money already paid out, netted off by later payouts. */
  available: number;
  inTransit: number;
  paidOut: number;
  nextReleaseAt: Date | null;
}

/**
 * A seller's money, from the ledger alone (with any referral commission they earned as an
 * affiliate: one balance, one payout per user). Each seller entry (a sale, or a refund's reversal) is
 * dated by its sale: while the sale is younger than the hold it is pending, so a refund inside the
 * window cancels pending money; after that it is released. Money of an order with an open refund
 * request is held instead, whatever its age, until the request is decided (approved: reversed;
 * denied: pending or released again). Available is released money minus every payout that is paid
 * or on its way.
 */
export async function sellerBalanceCents(
  db: DbOrTx,
  sellerId: string,
  holdDays: number,
  now = new Date(),
): Promise<BalanceCents> {
  const cutoff = new Date(now.getTime() - holdDays * DAY_MS);
  const ledger = await sumSellerLedger(db, sellerId, cutoff);
  const sent = await sumPayoutsByStatus(db, sellerId);
  const byStatus = (status: string) => Number(sent.find((row) => row.status === status)?.total ?? 0);
  const inTransit = byStatus('processing');
  const paidOut = byStatus('paid') + byStatus('reversing');
  const oldest = ledger?.oldestPending ? new Date(ledger.oldestPending) : null;
  return {
    pending: Number(ledger?.pending ?? 0),
    held: Number(ledger?.held ?? 0),
    available: Number(ledger?.released ?? 0) - inTransit - paidOut,
    inTransit,
    paidOut,
    nextReleaseAt: oldest ? new Date(oldest.getTime() + holdDays * DAY_MS) : null,
  };
}

/** The seller's balance as the dashboard shows it (dollars). */
export async function getSellerBalance(db: DbOrTx, sellerId: string, now = new Date()): Promise<SellerBalanceView> {
  const settings = await readPayoutSettings(db);
  const balance = await sellerBalanceCents(db, sellerId, settings.holdDays, now);
  return {
    pending: centsToDollars(balance.pending),
    held: centsToDollars(balance.held),
    held_reason: balance.held > 0 ? 'refund_requested' : null,
    available: centsToDollars(balance.available),
    in_transit: centsToDollars(balance.inTransit),
    paid_out: centsToDollars(balance.paidOut),
    hold_days: settings.holdDays,
    minimum_payout: centsToDollars(settings.minimumPayoutCents),
    next_release_at: balance.nextReleaseAt?.toISOString() ?? null,
    currency: 'usd',
  };
}

const STATEMENT_MAX_LINES = 10_000;

/**
 * Every movement of a seller's money, newest first: sales and refunds from the ledger (with the
 * day each is released) and payouts (a reversed payout shows its money coming back).
 */
export async function getSellerStatement(
  db: DbOrTx,
  sellerId: string,
  range: { from?: Date; to?: Date },
  now = new Date(),
): Promise<StatementLine[]> {
  const settings = await readPayoutSettings(db);
  const holdMs = settings.holdDays * DAY_MS;
  const entries = await listStatementEntries(db, sellerId, range, STATEMENT_MAX_LINES);
  const sent = await listStatementPayouts(db, sellerId, range, STATEMENT_MAX_LINES);

  const lines: StatementLine[] = entries.map((entry) => {
    const availableOn = new Date(entry.soldAt.getTime() + holdMs);
    return {
      date: entry.createdAt.toISOString(),
      type: entry.reason,
      reference: entry.orderNumber,
      description: entry.kind === 'affiliate' ? `Referral commission: ${entry.orderNumber}` : (entry.titles ?? ''),
      amount: centsToDollars(entry.amountCents),
      available_on: availableOn.toISOString(),
      status: entry.held ? 'held' : availableOn <= now ? 'available' : 'pending',
    };
  });
  for (const payout of sent) {
    lines.push({
      date: payout.createdAt.toISOString(),
      type: 'payout',
      reference: payout.providerTransferId ?? payout.id,
      description: payout.accountMasked ? `Payout to ${payout.accountMasked}` : 'Payout',
      amount: -centsToDollars(payout.amountCents),
      available_on: null,
      status: payout.status === 'reversed' ? 'paid' : payout.status,
    });
    if (payout.status === 'reversed') {
      lines.push({
        date: payout.updatedAt.toISOString(),
        type: 'payout_reversed',
        reference: payout.providerReversalId ?? payout.id,
        description: 'Payout reversed',
        amount: centsToDollars(payout.amountCents),
        available_on: null,
        status: 'reversed',
      });
    }
  }
  return lines.sort((a, b) => b.date.localeCompare(a.date));
}

const CSV_COLUMNS = ['date', 'type', 'reference', 'description', 'amount_usd', 'available_on', 'status'] as const;

/** The statement as CSV (lib/csv: quoted, formulas defused). */
export function statementCsv(lines: StatementLine[]): string {
  const rows = lines.map((line) => [
    line.date,
    line.type,
    line.reference,
    line.description,
    line.amount.toFixed(2),
    line.available_on ?? '',
    line.status,
  ]);
  return toCsv(CSV_COLUMNS, rows);
}
