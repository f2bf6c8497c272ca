import { randomUUID } from 'node:crypto';
import type { AiPoolTransfer, ExchangeRate } from '@app/shared';
import { recordAudit } from '../../lib/audit';
import type { AppDeps } from '../../lib/context';
import { AppError, fieldError } from '../../lib/errors';
import { centsToDollars } from '../../lib/money';
import type { PeriodicJob } from '../../lib/scheduler';
import { poolTotals, presentTransfer, type TransferRow } from './figures';
import { TokenTransferRefused } from './providers';
import {
  findLastScheduledTransfer,
  findTransfer,
  finishPendingTransfer,
  hasPendingTransfer,
  insertTransfer,
  listPendingTransfersCreatedBefore,
} from './repository';
import { loadPoolSettings } from './settings';

export const TRANSFER_IN_PROGRESS = 'A transfer from the AI pool is already in progress. Please wait for it to finish.';
export const NOTHING_TO_TRANSFER = 'The AI pool holds nothing to transfer';
export const NO_WALLET = 'Set the pool wallet address in the AI token settings before transferring';

/** GET /ai-token-payments/exchange-rate: the rate the pluggable source gives for a pair. */
export async function exchangeRate(deps: AppDeps, from: string, to: string): Promise<ExchangeRate> {
  const rate = await deps.exchangeRates.rate(from, to);
  if (rate === null) throw fieldError('to_currency', `No exchange rate from ${from} to ${to}`);
  return { from_currency: from, to_currency: to, rate, source: deps.exchangeRates.name, as_of: new Date().toISOString() };
}

/** Tokens for `cents` at `rate` (decimal text, ≤ 8 decimals), exact, as text with 6 decimals. */
export function tokenAmountFor(cents: number, rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const rateScaled = BigInt(whole + fraction.padEnd(8, '0').slice(0, 8)); // rate × 10^8
  const micro = (BigInt(cents) * rateScaled + 5_000n) / 10_000n; // cents/100 × rate × 10^6, rounded
  const text = micro.toString().padStart(7, '0');
  return `${text.slice(0, -6)}.${text.slice(-6)}`;
}

interface TransferRequest {
  trigger: 'manual' | 'scheduled';
  /** USD cents to send; the whole balance when omitted. */
  amountCents?: number;
  actorId: string | null;
  ip?: string | null;
}

/**
 * Sends money out of the pool exactly once. Step 1 claims a pending transfer row under the settings
 * row's lock, after checking the balance, so concurrent triggers queue and only one claims; step 2
 * calls the provider with the row's idempotency key; step 3 records the outcome. A crash between
 * 2 and 3 leaves the pending row for `finishPendingTransfers`, which repeats step 2 safely.
 */
export async function triggerPoolTransfer(deps: AppDeps, request: TransferRequest): Promise<AiPoolTransfer> {
  await finishPendingTransfers(deps, deps.config.payments.staleSeconds);
  const claimed = await claimTransfer(deps, request);
  return presentTransfer(await sendClaimedTransfer(deps, claimed));
}

/** Step 1: reserve the amount in a pending row, or refuse (409 in flight / empty pool, 422 too much). */
async function claimTransfer(deps: AppDeps, request: TransferRequest): Promise<TransferRow> {
  const settings = await loadPoolSettings(deps.db);
  const rate = await deps.exchangeRates.rate('USD', settings.tokenSymbol);
  if (rate === null) throw new AppError('CONFLICT', `No exchange rate from USD to ${settings.tokenSymbol}`);
  try {
    return await deps.db.transaction(async (tx) => {
      const locked = await loadPoolSettings(tx, true);
      if (!locked.walletAddress) throw new AppError('CONFLICT', NO_WALLET);
      if (await hasPendingTransfer(tx)) throw new AppError('CONFLICT', TRANSFER_IN_PROGRESS);
      const { balanceCents } = await poolTotals(tx);
      if (balanceCents <= 0) throw new AppError('CONFLICT', NOTHING_TO_TRANSFER);
      const amountCents = request.amountCents ?? balanceCents;
      if (amountCents < 1) throw fieldError('amount', 'The amount must be at least $0.01');
      if (amountCents > balanceCents) {
        throw fieldError('amount', `The amount exceeds the pool balance of $${centsToDollars(balanceCents).toFixed(2)}`);
      }
      const id = randomUUID();
      const row = await insertTransfer(tx, {
        id,
        trigger: request.trigger,
        amountCents,
        tokenSymbol: locked.tokenSymbol,
        exchangeRate: rate,
        tokenAmount: tokenAmountFor(amountCents, rate),
        walletAddress: locked.walletAddress,
        provider: deps.tokenTransfers.name,
        idempotencyKey: `ai-pool-transfer-${id}`,
        requestedBy: request.actorId,
      });
      await recordAudit(tx, {
        actorId: request.actorId,
        action: 'ai_pool.transfer_requested',
        subjectType: 'ai_pool_transfer',
        subjectId: row.id,
        details: {
          trigger: request.trigger,
          amount_cents: amountCents,
          wallet_address: row.walletAddress,
          token_amount: row.tokenAmount,
        },
        ip: request.ip ?? null,
      });
      return row;
    });
  } catch (error) {
    // The one-pending index caught a claim that raced past the lock (e.g. settings row created concurrently).
    if ((error as { code?: string }).code === '23505') throw new AppError('CONFLICT', TRANSFER_IN_PROGRESS);
    throw error;
  }
}

/** Steps 2 and 3: the provider call and its outcome. Unreachable provider: the row stays pending for a retry. */
async function sendClaimedTransfer(deps: AppDeps, row: TransferRow): Promise<TransferRow> {
  let providerId: string;
  try {
    ({ id: providerId } = await deps.tokenTransfers.transfer({
      idempotencyKey: row.idempotencyKey,
      walletAddress: row.walletAddress,
      tokenSymbol: row.tokenSymbol,
      tokenAmount: row.tokenAmount,
      amountCents: row.amountCents,
    }));
  } catch (error) {
    if (error instanceof TokenTransferRefused) {
      await recordOutcome(deps, row, { status: 'failed', failureReason: error.message });
      throw new AppError('PROVIDER_ERROR', `The transfer was refused: ${error.message}`);
    }
    throw new AppError(
      'PROVIDER_ERROR',
      'The token transfer provider could not be reached. The transfer is kept and will be completed automatically; nothing is sent twice.',
    );
  }
  return recordOutcome(deps, row, { status: 'completed', providerTransferId: providerId });
}

/** Records how a pending transfer ended, once: a second caller finds it no longer pending. */
async function recordOutcome(
  deps: AppDeps,
  row: TransferRow,
  outcome: { status: 'completed'; providerTransferId: string } | { status: 'failed'; failureReason: string },
): Promise<TransferRow> {
  return deps.db.transaction(async (tx) => {
    const updated = await finishPendingTransfer(tx, row.id, outcome);
    if (!updated) {
      return (await findTransfer(tx, row.id)) ?? row;
    }
    await recordAudit(tx, {
      actorId: null,
      action: outcome.status === 'completed' ? 'ai_pool.transfer_completed' : 'ai_pool.transfer_failed',
      subjectType: 'ai_pool_transfer',
      subjectId: row.id,
      details: { amount_cents: row.amountCents, ...outcome },
    });
    return updated;
  });
}

/**
 * Finishes transfers left pending longer than `olderThanSeconds` (a crash, or an unreachable
 * provider): the provider is asked again with the same key, so money moves at most once.
 */
export async function finishPendingTransfers(deps: AppDeps, olderThanSeconds: number): Promise<number> {
  const stale = await listPendingTransfersCreatedBefore(deps.db, new Date(Date.now() - olderThanSeconds * 1000));
  let finished = 0;
  for (const row of stale) {
    try {
      await sendClaimedTransfer(deps, row);
      finished += 1;
    } catch {
      // Refused: recorded as failed. Unreachable: still pending, tried again on the next sweep.
    }
  }
  return finished;
}

const DAY_MS = 86_400_000;
const SCHEDULE_MS = { daily: DAY_MS, weekly: 7 * DAY_MS, monthly: 30 * DAY_MS } as const;
/** After a refused scheduled transfer, the next attempt waits this long (the sweep runs every few seconds). */
const RETRY_AFTER_FAILURE_MS = 60 * 60 * 1000;

/**
 * The automatic transfer: when enabled, the schedule's interval has passed since the last
 * scheduled transfer (an hour after a refused one), and the pool holds at least the threshold,
 * the whole balance is sent.
 */
export async function runScheduledPoolTransfer(deps: AppDeps, now = new Date()): Promise<AiPoolTransfer | null> {
  const settings = await loadPoolSettings(deps.db);
  if (!settings.autoTransferEnabled || !settings.walletAddress) return null;
  const last = await findLastScheduledTransfer(deps.db);
  const wait = last?.status === 'failed' ? RETRY_AFTER_FAILURE_MS : SCHEDULE_MS[settings.schedule];
  if (last && now.getTime() < last.createdAt.getTime() + wait) return null;
  const { balanceCents, pendingCents } = await poolTotals(deps.db);
  if (pendingCents > 0 || balanceCents < settings.autoTransferThresholdCents) return null;
  try {
    return await triggerPoolTransfer(deps, { trigger: 'scheduled', actorId: null });
  } catch (error) {
    // Another instance or an admin got there first.
    if (error instanceof AppError && error.code === 'CONFLICT') return null;
    throw error;
  }
}

/** A periodic job on the payment sweep's period: finishes stale transfers and runs the automatic one. */
export function aiPoolSweepJob(deps: AppDeps, log: (message: string) => void): PeriodicJob {
  return {
    name: 'ai pool sweep',
    everyMs: deps.config.payments.sweepSeconds * 1000,
    run: async () => {
      const finished = await finishPendingTransfers(deps, deps.config.payments.staleSeconds);
      if (finished) log(`ai pool: finished ${finished} interrupted transfer(s)`);
      const sent = await runScheduledPoolTransfer(deps);
      if (sent) log(`ai pool: scheduled transfer of $${sent.amount.toFixed(2)} (${sent.transfer_id})`);
    },
  };
}
