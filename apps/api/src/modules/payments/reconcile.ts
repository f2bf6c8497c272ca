import type { AppDeps } from '../../lib/context';
import type { PeriodicJob } from '../../lib/scheduler';
import { markIntentVoided } from '../orders/repository';
import { closeUnpaidOrders } from '../orders/service';
import { releaseClaim } from './confirm';
import { finishApprovedRefund } from './refunds';
import { listOverdueUnpaidOrders, listStaleProcessingOrders, listStaleProcessingRefundRequests } from './repository';
import { settleCharge } from './settle';

const BATCH = 200;

export interface SweepReport {
  expired: number;
  settled: number;
  released: number;
  refundsFinished: number;
}

/**
 * Brings every money state to rest after crashes, abandoned checkouts and lost webhooks:
 * charges left "processing" are settled or released, refunds left "processing" are finished,
 * and unpaid orders past their expiry are closed (their intent cancelled at the provider first,
 * so a charge that landed meanwhile is settled instead). Each step is idempotent.
 */
export async function runPaymentSweep(deps: AppDeps): Promise<SweepReport> {
  const stale = new Date(Date.now() - deps.config.payments.staleSeconds * 1000);
  const report: SweepReport = { expired: 0, settled: 0, released: 0, refundsFinished: 0 };
  await resolveStaleCharges(deps, stale, report);
  await finishStaleRefunds(deps, stale, report);
  await expireOverdueOrders(deps, report);
  return report;
}

async function resolveStaleCharges(deps: AppDeps, staleBefore: Date, report: SweepReport): Promise<void> {
  const stuck = await listStaleProcessingOrders(deps.db, staleBefore, BATCH);
  for (const order of stuck) {
    const charge = order.paymentIntentId ? await deps.payments.retrieve(order.paymentIntentId) : { status: 'not_found' as const };
    if (charge.status === 'succeeded') {
      await settleCharge(deps, {
        orderId: order.id,
        intentId: order.paymentIntentId,
        amountCents: charge.amountCents,
        currency: charge.currency,
      });
      report.settled += 1;
    } else if (charge.status !== 'processing') {
      await releaseClaim(deps, order.id, new Date(staleBefore.getTime() + 1));
      report.released += 1;
    }
  }
}

async function finishStaleRefunds(deps: AppDeps, staleBefore: Date, report: SweepReport): Promise<void> {
  const stuck = await listStaleProcessingRefundRequests(deps.db, staleBefore, BATCH);
  for (const request of stuck) {
    await finishApprovedRefund(deps, request.id);
    report.refundsFinished += 1;
  }
}

async function expireOverdueOrders(deps: AppDeps, report: SweepReport): Promise<void> {
  const overdue = await listOverdueUnpaidOrders(deps.db, BATCH);
  for (const order of overdue) {
    if (order.paymentIntentId) {
      const state = await deps.payments.cancel(order.paymentIntentId);
      if (state.status === 'succeeded') {
        await settleCharge(deps, {
          orderId: order.id,
          intentId: order.paymentIntentId,
          amountCents: state.amountCents,
          currency: state.currency,
        });
        report.settled += 1;
        continue;
      }
      if (state.status === 'processing') continue;
      await markIntentVoided(deps.db, order.id);
    }
    const closed = await deps.db.transaction((tx) => closeUnpaidOrders(tx, [order.id], 'expired'));
    report.expired += closed.length;
  }
}

/** The sweep as a periodic job: at start, then every `sweepSeconds`. */
export function paymentSweepJob(deps: AppDeps, log: (message: string) => void): PeriodicJob {
  return {
    name: 'payment sweep',
    everyMs: deps.config.payments.sweepSeconds * 1000,
    run: async () => {
      const report = await runPaymentSweep(deps);
      const changed = report.expired + report.settled + report.released + report.refundsFinished;
      if (changed) log(`payment sweep: ${JSON.stringify(report)}`);
    },
  };
}
