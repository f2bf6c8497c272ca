import type { PaymentState } from '@app/shared';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { OrderRow } from '../orders/present';
import { closeUnpaidOrders, explainNotPayable, findStaleItems } from '../orders/service';
import type { UserRow } from '../users/repository';
import type { ChargeResult } from './providers/provider';
import {
  claimOpenOrderByIntent,
  findOrder,
  findUsersOrderByIntent,
  lockOrder,
  markOrderPaymentProcessing,
  markOrderPaymentVoid,
  releaseProcessingClaim,
} from './repository';
import { settleCharge } from './settle';

/**
 * Pays one of the caller's orders. The test processor charges the card here; with Stripe the
 * browser already confirmed the card, so the intent's state is only read. Only an open order is
 * charged, and the claim (payment status processing) is committed before the provider is called,
 * so a crash mid-way leaves a trace the reconciler resolves.
 */
export async function confirmPayment(deps: AppDeps, user: UserRow, intentId: string, card: unknown): Promise<PaymentState> {
  if (deps.payments.name !== 'stripe') {
    const claimed = await claimOwnOpenOrder(deps, user, intentId);
    if (claimed) return chargeClaimed(deps, claimed, intentId, card);
  }
  const order = await findOwnOrderByIntent(deps, user, intentId);
  if (order.paymentStatus === 'paid') return stateOf(order, 'succeeded');
  const reason = await explainNotPayable(deps.db, order);
  if (reason) throw new AppError('ORDER_NOT_PAYABLE', reason);
  if (deps.payments.name === 'stripe') return settleReadCharge(deps, order, await deps.payments.retrieve(intentId));

  const settledMeanwhile = await claimOrWait(deps, order);
  if (settledMeanwhile) return settledMeanwhile;
  return chargeClaimed(deps, order, intentId, card);
}

/** Charges the card for an order this request holds the claim of, gives the claim back if nothing was charged, settles. */
async function chargeClaimed(deps: AppDeps, order: OrderRow, intentId: string, card: unknown): Promise<PaymentState> {
  let charge: ChargeResult;
  try {
    charge = await deps.payments.confirm(intentId, card as never);
  } catch (error) {
    await releaseClaim(deps, order.id);
    throw error;
  }
  if (charge.status !== 'succeeded') await releaseClaim(deps, order.id);
  return settleReadCharge(deps, order, charge);
}

/** Turns what the provider says about an intent into the buyer's answer, settling a success. */
export async function settleReadCharge(deps: AppDeps, order: OrderRow, charge: ChargeResult): Promise<PaymentState> {
  switch (charge.status) {
    case 'succeeded': {
      const settled = await settleCharge(deps, {
        orderId: order.id,
        intentId: order.paymentIntentId,
        amountCents: charge.amountCents,
        currency: charge.currency,
        cardCountry: charge.cardCountry ?? null,
      });
      if (settled === 'refunded') {
        throw new AppError('ORDER_NOT_PAYABLE', 'This order could no longer be paid, so the charge was refunded in full.');
      }
      return stateOf(order, 'succeeded');
    }
    case 'failed':
      throw new AppError('PAYMENT_FAILED', charge.message);
    case 'processing':
      return stateOf(order, 'processing');
    case 'canceled':
      throw new AppError('ORDER_NOT_PAYABLE', 'This payment was cancelled. Please check out again.');
    case 'requires_payment':
      throw new AppError('PAYMENT_FAILED', 'The payment has not been completed yet.');
    default:
      throw new AppError('NOT_FOUND', 'Payment not found');
  }
}

async function findOwnOrderByIntent(deps: AppDeps, user: UserRow, intentId: string): Promise<OrderRow> {
  const order = await findUsersOrderByIntent(deps.db, intentId, user.id);
  if (!order) throw new AppError('NOT_FOUND', 'Payment not found');
  return order;
}

const WAIT_STEP_MS = 100;
const WAIT_LIMIT_MS = 15_000;

/**
 * Claims the order for this request's charge. A double submit finds the first charge in flight
 * and waits for its outcome instead of charging again: it answers with the paid order, or takes
 * over the claim if the first attempt was declined.
 */
async function claimOrWait(deps: AppDeps, order: OrderRow): Promise<PaymentState | null> {
  const giveUpAt = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const claim = await claimPayment(deps, order);
    if (claim === 'claimed') return null;
    if (claim === 'busy' && Date.now() > giveUpAt) {
      throw new AppError('CONFLICT', 'A payment for this order is already in progress');
    }
    if (claim === 'busy') await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    const current = await findOrder(deps.db, order.id);
    // The charge in flight (or one that landed between our two reads) paid the order: say so, charge nothing.
    if (current?.paymentStatus === 'paid') return stateOf(current, 'succeeded');
  }
}

/**
 * Claims the order for one charge: it must be open, unexpired and its products still buyable at
 * the price ordered. An expired order is expired here and then, a withdrawn product cancels it.
 */
async function claimPayment(deps: AppDeps, order: OrderRow): Promise<'claimed' | 'busy' | 'paid'> {
  const problem = await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    if (!locked) return 'Payment not found';
    if (locked.paymentStatus === 'paid') return 'paid';
    const reason = await explainNotPayable(tx, locked);
    if (reason) return reason;
    if (locked.paymentStatus === 'processing') return 'busy';
    if (locked.expiresAt && locked.expiresAt <= new Date()) {
      await markOrderPaymentVoid(tx, locked.id);
      await closeUnpaidOrders(tx, [locked.id], 'expired');
      return 'This order expired before it was paid. Please check out again.';
    }
    const stale = await findStaleItems(tx, locked.id);
    if (stale) {
      await markOrderPaymentVoid(tx, locked.id);
      await closeUnpaidOrders(tx, [locked.id], 'cancelled');
      return stale;
    }
    await markOrderPaymentProcessing(tx, locked.id);
    return 'claimed';
  });
  if (problem === 'claimed' || problem === 'busy' || problem === 'paid') return problem;
  throw new AppError('ORDER_NOT_PAYABLE', problem);
}

/**
 * The common case of findOwnOrderByIntent + claimPayment in fewer statements: the caller's order
 * holding this intent, open, unpaid and not expired, takes the claim by one conditional update, then
 * its items are checked exactly as claimPayment checks them (a withdrawn product cancels it). Null
 * when the order is in any other state (or not the caller's): the full path finds out which and answers.
 *
 * The claim commits on its own, before the check (two statements, no transaction around them): the
 * check only spares the buyer a charge that would be refunded, since settling checks the items again
 * under the sellers' locks. A crash between the two leaves a claim with no charge, which the payment
 * sweep gives back (decision 7), as after any claim.
 */
async function claimOwnOpenOrder(deps: AppDeps, user: UserRow, intentId: string): Promise<OrderRow | null> {
  const claimed = await claimOpenOrderByIntent(deps.db, intentId, user.id, new Date());
  if (!claimed) return null;
  const stale = await findStaleItems(deps.db, claimed.id);
  if (!stale) return claimed;
  // Nobody else changes an order while this request holds its claim.
  await deps.db.transaction(async (tx) => {
    await markOrderPaymentVoid(tx, claimed.id);
    await closeUnpaidOrders(tx, [claimed.id], 'cancelled');
  });
  throw new AppError('ORDER_NOT_PAYABLE', stale);
}

/** Gives an order back to unpaid after a charge that did not happen (declined, bad card). */
export async function releaseClaim(deps: AppDeps, orderId: string, attemptedBefore?: Date): Promise<void> {
  await releaseProcessingClaim(deps.db, orderId, attemptedBefore);
}

function stateOf(order: OrderRow, status: PaymentState['status']): PaymentState {
  return {
    status,
    order_id: order.id,
    order_number: order.orderNumber,
    payment_status: status === 'succeeded' ? 'paid' : 'processing',
  };
}
