import type { PayoutView, TriggerTransferInput } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { centsToDollars } from '../../lib/money';
import { pagedList, pageOffset } from '../../lib/paging';
import type { PeriodicJob } from '../../lib/scheduler';
import { isUuid } from '../../lib/validation';
import { suspendedAmong } from '../users/repository';
import type { Actor } from './accounts';
import { sellerBalanceCents } from './balances';
import { transferKey } from './providers/provider';
import { lockPayoutAccountOfSeller } from './repository';
import {
  claimDueScheduledRun,
  countPayouts,
  findOrderByIdOrIntent,
  findPayout,
  findPayoutRecipient,
  findPayoutStatus,
  finishProcessingPayout,
  finishReversingPayout,
  insertPayout,
  listPayoutAccountHolders,
  listPayoutPage,
  listSellersPaidByOrder,
  listStalePayouts,
  markPaidPayoutReversing,
  type PayoutFilter,
  type PayoutRow,
} from './repository-payouts';
import { readPayoutSettings } from './settings';

export type { PayoutRow };
export type PayoutTrigger = 'schedule' | 'admin' | 'payment';

export type PayoutOutcome =
  | { seller_id: string; status: 'paid' | 'failed' | 'processing'; payout: PayoutView }
  | { seller_id: string; status: 'skipped'; reason: SkipReason };

export type SkipReason =
  | 'no_account'
  | 'account_needs_setup'
  | 'in_transit'
  | 'below_minimum'
  | 'nothing_available'
  | 'seller_suspended';

/**
 * Pays a seller their available balance, at most once however many runs race: the seller's
 * account row is locked, the balance read under the lock, and the payout row (processing) is
 * written before the provider is called, so a concurrent run sees the money as already claimed.
 */
export async function payOutSeller(
  deps: AppDeps,
  sellerId: string,
  trigger: PayoutTrigger,
  actor: Actor | null,
): Promise<PayoutOutcome> {
  const claim = await claimPayout(deps, sellerId, trigger, actor);
  if ('reason' in claim) return { seller_id: sellerId, status: 'skipped', reason: claim.reason };
  const payout = await sendPayout(deps, claim.payout).catch(() => claim.payout);
  return {
    seller_id: sellerId,
    status: payout.status as 'paid' | 'failed' | 'processing',
    payout: await presentPayout(deps.db, payout),
  };
}

/** Step 1: under the seller's lock, decide the amount and record the payout before any money moves. */
async function claimPayout(
  deps: AppDeps,
  sellerId: string,
  trigger: PayoutTrigger,
  actor: Actor | null,
): Promise<{ payout: PayoutRow } | { reason: SkipReason }> {
  try {
    return await deps.db.transaction(async (tx) => {
      const account = await lockPayoutAccountOfSeller(tx, sellerId);
      if (!account) return { reason: 'no_account' as const };
      // A suspended seller's money stays on their balance until an admin reinstates them (the run after pays it).
      if ((await suspendedAmong(tx, [sellerId])).size > 0) return { reason: 'seller_suspended' as const };
      if (account.payoutProvider !== deps.payouts.name || !account.providerDestinationId) {
        return { reason: 'account_needs_setup' as const };
      }
      const settings = await readPayoutSettings(tx);
      const balance = await sellerBalanceCents(tx, sellerId, settings.holdDays);
      if (balance.inTransit > 0) return { reason: 'in_transit' as const };
      if (balance.available <= 0) return { reason: 'nothing_available' as const };
      if (balance.available < settings.minimumPayoutCents) return { reason: 'below_minimum' as const };
      const payout = await insertPayout(tx, {
        sellerId,
        amountCents: balance.available,
        provider: deps.payouts.name,
        bankAccountId: account.id,
        accountMasked: account.maskedNumber,
        destinationId: account.providerDestinationId,
        trigger,
        triggeredBy: actor?.id ?? null,
      });
      await recordAudit(tx, {
        actorId: actor?.id ?? null,
        ip: actor?.ip ?? null,
        action: 'payout.created',
        subjectType: 'payout',
        subjectId: payout.id,
        details: { seller_id: sellerId, amount_cents: payout.amountCents, trigger },
      });
      return { payout };
    });
  } catch (error) {
    // The one-in-flight index refused a second claim that slipped past the lock (no account row yet).
    const { code, cause } = error as { code?: string; cause?: { code?: string } };
    if ((cause?.code ?? code) === '23505') return { reason: 'in_transit' };
    throw error;
  }
}

/**
 * Step 2: asks the provider to transfer (idempotent per payout) and records the outcome. Safe to
 * repeat: the reconciler calls it again for a payout a crash left in flight. Throws when the
 * provider's answer is unknown; the payout then stays processing for the next try.
 */
export async function sendPayout(deps: AppDeps, payout: PayoutRow): Promise<PayoutRow> {
  const result = await deps.payouts.transfer({
    payoutId: payout.id,
    amountCents: payout.amountCents,
    currency: payout.currency,
    destinationId: payout.destinationId,
  });
  return deps.db.transaction(async (tx) => {
    const updated = await finishProcessingPayout(
      tx,
      payout.id,
      result.status === 'paid'
        ? { status: 'paid', providerTransferId: result.id, paidAt: new Date() }
        : { status: 'failed', failureReason: result.reason.slice(0, 500) },
    );
    if (!updated) return (await findPayout(tx, payout.id)) ?? payout;
    await recordAudit(tx, {
      actorId: null,
      action: result.status === 'paid' ? 'payout.paid' : 'payout.failed',
      subjectType: 'payout',
      subjectId: payout.id,
      details:
        result.status === 'paid'
          ? { provider_transfer_id: result.id, amount_cents: payout.amountCents, idempotency_key: transferKey(payout.id) }
          : { reason: result.reason, amount_cents: payout.amountCents },
    });
    return updated;
  });
}

/**
 * Finishes payouts a crash or a lost answer left in flight for longer than `staleSeconds`: the same
 * idempotency key gives the same transfer, so each ends paid (or failed) exactly once.
 */
export async function reconcilePayouts(deps: AppDeps, staleSeconds: number): Promise<{ finished: number }> {
  const before = new Date(Date.now() - staleSeconds * 1000);
  const stale = await listStalePayouts(deps.db, before);
  let finished = 0;
  for (const payout of stale) {
    try {
      if (payout.status === 'processing') await sendPayout(deps, payout);
      else await finishReversal(deps, payout, null);
      finished += 1;
    } catch {
      // Still unknown: the next sweep tries again with the same key.
    }
  }
  return { finished };
}

/** Pays every seller with an account their available balance (the scheduled run and the admin's "run now"). */
export async function payOutAllSellers(deps: AppDeps, trigger: PayoutTrigger, actor: Actor | null): Promise<PayoutOutcome[]> {
  const sellers = await listPayoutAccountHolders(deps.db);
  const outcomes: PayoutOutcome[] = [];
  for (const seller of sellers) outcomes.push(await payOutSeller(deps, seller.id as string, trigger, actor));
  return outcomes;
}

const SCHEDULE_INTERVAL = { daily: '1 day', weekly: '7 days' } as const;

/**
 * The scheduled run: if the schedule says a run is due, one instance claims it (moving last_run_at
 * in one conditional update) and pays everyone. Returns null when no run was due.
 */
export async function runScheduledPayouts(deps: AppDeps): Promise<PayoutOutcome[] | null> {
  const settings = await readPayoutSettings(deps.db);
  if (settings.schedule === 'manual') return null;
  const interval = SCHEDULE_INTERVAL[settings.schedule];
  if (!(await claimDueScheduledRun(deps.db, settings.schedule, interval))) return null;
  return payOutAllSellers(deps, 'schedule', null);
}

/**
 * The admin's trigger (spec: trigger-transfer with payment_id): with a payment (order id or
 * payment intent id) pays out that sale's sellers, with a seller id that seller, else everyone.
 * Holds and the minimum still apply: money inside the refund window never leaves early.
 */
export async function triggerTransfer(deps: AppDeps, actor: Actor, input: TriggerTransferInput): Promise<PayoutOutcome[]> {
  let sellerIds: string[] | null = null;
  if (input.payment_id) {
    const paymentId = input.payment_id;
    const order = await findOrderByIdOrIntent(deps.db, paymentId, isUuid(paymentId));
    if (!order) throw new AppError('NOT_FOUND', 'Payment not found');
    if (order.paymentStatus !== 'paid') throw new AppError('CONFLICT', 'Only a paid payment can be paid out');
    const sellers = await listSellersPaidByOrder(deps.db, order.id);
    sellerIds = sellers.map((s) => s.id as string);
  } else if (input.seller_id) {
    sellerIds = [input.seller_id];
  }
  await recordAudit(deps.db, {
    actorId: actor.id,
    ip: actor.ip,
    action: 'payout.run_triggered',
    subjectType: input.payment_id ? 'payment' : input.seller_id ? 'seller' : 'payout_run',
    subjectId: input.payment_id ?? input.seller_id ?? null,
    details: { sellers: sellerIds },
  });
  if (!sellerIds) return payOutAllSellers(deps, 'admin', actor);
  const outcomes: PayoutOutcome[] = [];
  for (const sellerId of sellerIds) {
    outcomes.push(await payOutSeller(deps, sellerId, input.payment_id ? 'payment' : 'admin', actor));
  }
  return outcomes;
}

/**
 * Takes a paid payout back (Stripe: a transfer reversal): claimed paid → reversing first, so two
 * admins cannot reverse it twice; the money returns to the seller's available balance.
 */
export async function reversePayout(deps: AppDeps, actor: Actor, payoutId: string): Promise<PayoutView> {
  const claimed = await deps.db.transaction(async (tx) => {
    const row = await markPaidPayoutReversing(tx, payoutId);
    if (!row) {
      const existing = await findPayoutStatus(tx, payoutId);
      if (!existing) throw new AppError('NOT_FOUND', 'Transfer not found');
      throw new AppError('CONFLICT', `Only a paid transfer can be reversed (this one is ${existing.status})`);
    }
    await recordAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: 'payout.reversal_requested',
      subjectType: 'payout',
      subjectId: payoutId,
      details: { amount_cents: row.amountCents, seller_id: row.sellerId },
    });
    return row;
  });
  try {
    return presentPayout(deps.db, await finishReversal(deps, claimed, actor));
  } catch {
    throw new AppError('PROVIDER_ERROR', 'The payout provider could not reverse this transfer yet; it will be retried.');
  }
}

async function finishReversal(deps: AppDeps, payout: PayoutRow, actor: Actor | null): Promise<PayoutRow> {
  const reversal = await deps.payouts.reverseTransfer(
    payout.providerTransferId as string,
    payout.amountCents,
    `reverse-${payout.id}`,
  );
  return deps.db.transaction(async (tx) => {
    const updated = await finishReversingPayout(tx, payout.id, reversal.id);
    if (!updated) return payout;
    await recordAudit(tx, {
      actorId: actor?.id ?? null,
      ip: actor?.ip ?? null,
      action: 'payout.reversed',
      subjectType: 'payout',
      subjectId: payout.id,
      details: { provider_reversal_id: reversal.id, amount_cents: payout.amountCents },
    });
    return updated;
  });
}

export interface TransferFilters {
  status?: PayoutRow['status'];
  seller_id?: string;
  start_date?: Date;
  end_date?: Date;
  page: number;
  limit: number;
}

/** Payouts for the admin list, newest first, filtered and paginated. */
export async function listTransfers(db: DbOrTx, filters: TransferFilters) {
  const filter = {
    status: filters.status,
    sellerId: filters.seller_id,
    createdFrom: filters.start_date,
    createdBefore: filters.end_date,
  };
  return pagedPayouts(db, filter, filters.page, filters.limit, 'transfers');
}

/** A seller's own payouts, newest first. */
export async function listSellerPayouts(db: DbOrTx, sellerId: string, page: number, limit: number) {
  return pagedPayouts(db, { sellerId }, page, limit, 'payouts');
}

async function pagedPayouts<K extends string>(db: DbOrTx, filter: PayoutFilter, page: number, limit: number, key: K) {
  const total = await countPayouts(db, filter);
  const rows = await listPayoutPage(db, filter, limit, pageOffset({ page, limit }));
  const items = rows.map((row) => toView(row.payout, row.sellerName, row.sellerEmail));
  return pagedList(key, items, total, { page, limit });
}

async function presentPayout(db: DbOrTx, payout: PayoutRow): Promise<PayoutView> {
  const seller = await findPayoutRecipient(db, payout.sellerId);
  return toView(payout, seller?.name ?? '', seller?.email ?? '');
}

function toView(payout: PayoutRow, sellerName: string, sellerEmail: string): PayoutView {
  return {
    id: payout.id,
    seller_id: payout.sellerId,
    seller_name: sellerName,
    seller_email: sellerEmail,
    amount: centsToDollars(payout.amountCents),
    currency: payout.currency,
    status: payout.status,
    provider: payout.provider,
    provider_transfer_id: payout.providerTransferId,
    account: payout.accountMasked,
    failure_reason: payout.failureReason,
    trigger: payout.trigger,
    created_at: payout.createdAt.toISOString(),
    paid_at: payout.paidAt?.toISOString() ?? null,
  };
}

/** A periodic job, at start and every `checkSeconds`: finish payouts left in flight, then the scheduled run if due. */
export function payoutScheduleJob(deps: AppDeps, log: (message: string) => void): PeriodicJob {
  return {
    name: 'payout run',
    everyMs: deps.config.payouts.checkSeconds * 1000,
    run: async () => {
      const { finished } = await reconcilePayouts(deps, deps.config.payments.staleSeconds);
      if (finished) log(`payouts: finished ${finished} left in flight`);
      const outcomes = await runScheduledPayouts(deps);
      if (outcomes) log(`payouts: scheduled run paid ${outcomes.filter((o) => o.status === 'paid').length} sellers`);
    },
  };
}
