import type { Tx } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { sendGuestOrderMail } from '../guest-checkout';
import { issueLicenseKeysInTx } from '../licenses/service';
import type { OrderRow } from '../orders/present';
import { checkItemsStillBuyable, isOpen, markPaidInTx, type PaidOrder, type Payment, sendReceipt } from '../orders/service';
import { queueSaleAlertsInTx, sendSaleAlerts } from '../sale-alerts';
import { cardCountryFields } from '../tax/service';
import { findPaymentRefundForIntent, insertPaymentRefund, lockOrder, markUnpayableOrderRefunded } from './repository';

export interface SucceededCharge {
  orderId: string;
  /** null for a free order (nothing to charge). */
  intentId: string | null;
  amountCents: number;
  currency: string;
  /** The card's country when the provider reported it: compared with the billing country (decision 0044). */
  cardCountry?: string | null;
}

export type Settlement = 'paid' | 'already_paid' | 'refunded';

/**
 * The one place a charge the provider accepted becomes money we keep. Every succeeded charge
 * ends in exactly one of: the order marked paid (once, under the order's row lock), or the
 * charge refunded because the order could no longer be paid (cancelled, expired, refunded,
 * products withdrawn or repriced, amount not matching). Safe to call again after a crash.
 */
export async function settleCharge(deps: AppDeps, charge: SucceededCharge): Promise<Settlement> {
  let paid: PaidOrder | undefined;
  const outcome = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, charge.orderId);
    if (!order) return 'refund' as const;
    // With an intent, one read after the lock tells whether it was refunded and how the items stand.
    const checked = charge.intentId ? await checkItemsStillBuyable(tx, order.id, charge.intentId) : undefined;
    if (charge.intentId) {
      const refunded = checked?.refunded ?? Boolean(await findPaymentRefundForIntent(tx, charge.intentId));
      if (refunded) return 'refunded' as const;
    }
    const sameIntent = !charge.intentId || !order.paymentIntentId || order.paymentIntentId === charge.intentId;
    if (order.paymentStatus === 'paid' && sameIntent) return 'already_paid' as const;
    const matches = sameIntent && charge.amountCents === order.totalCents && charge.currency.toLowerCase() === order.currency;
    if (matches && isOpen(order)) {
      const { problem, items } = checked ?? (await checkItemsStillBuyable(tx, order.id));
      if (!problem) {
        // Evidence for the tax report, written with the payment: the amount charged stands, a card from elsewhere is flagged, never refused.
        const card = charge.cardCountry ? cardCountryFields(order, charge.cardCountry) : undefined;
        paid = await payOrderInTx(deps, tx, order, { intentId: charge.intentId, items, card });
        return 'paid' as const;
      }
    }
    return 'refund' as const;
  });
  if (outcome === 'paid') {
    await announcePayment(deps, charge.orderId, paid);
    return 'paid';
  }
  if (outcome === 'refund') {
    await refundUnpayableCharge(deps, charge);
    return 'refunded';
  }
  return outcome;
}

/**
 * Everything paying an order changes, in the caller's transaction with the order row locked (or
 * just written): the order paid with its ledger split, licence keys, and the sale alerts queued.
 * A charge's settlement and a free order's checkout both pay through here, so both split alike.
 */
export async function payOrderInTx(
  deps: AppDeps,
  tx: Tx,
  order: OrderRow,
  payment: Omit<Payment, 'platformFeePercent'>,
): Promise<PaidOrder> {
  const paid = await markPaidInTx(tx, order, { ...payment, platformFeePercent: deps.config.platformFeePercent });
  // In the same transaction, under the same lock: a replayed or concurrent confirmation never issues twice.
  paid.licenseKeys = (await issueLicenseKeysInTx(tx, deps.licenseKeySecret, order, paid.items)) > 0;
  // The sellers' "you made a sale" alerts, from the ledger just written: committed with the payment or not at all.
  paid.webhookDeliveries = (await queueSaleAlertsInTx(tx, order, 'sale')).webhookDeliveries;
  return paid;
}

/** After the commit that paid an order: the receipt and the sale alerts (the alerts job retries what fails). */
export async function announcePayment(deps: AppDeps, orderId: string, paid: PaidOrder | undefined): Promise<void> {
  await sendReceipt(deps, orderId, paid).catch(() => {});
  // A guest order: its receipt page link and, for an unclaimed account, the link to claim it (decision 0046).
  if (paid?.order.guestCheckout !== false) await sendGuestOrderMail(deps, orderId).catch(() => {});
  await sendSaleAlerts(deps, { orderId, webhookDeliveries: paid?.webhookDeliveries }).catch(() => {});
}

/**
 * Sends back a charge for an order that can not be paid. The provider call is idempotent per
 * intent, so a retry after a crash finds the same refund and only records it.
 */
async function refundUnpayableCharge(deps: AppDeps, charge: SucceededCharge): Promise<void> {
  const intentId = charge.intentId;
  if (!intentId || charge.amountCents === 0) return;
  const refund = await deps.payments.refund(intentId, charge.amountCents, `void-${intentId}`);
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, charge.orderId);
    if (!order) return;
    await insertPaymentRefund(tx, {
      orderId: order.id,
      reason: 'order_not_payable',
      provider: deps.payments.name,
      providerRefundId: refund.id,
      paymentIntentId: intentId,
      amountCents: charge.amountCents,
    });
    if (order.paymentStatus !== 'paid' && order.paymentStatus !== 'refunded') {
      await markUnpayableOrderRefunded(tx, order.id, order.status === 'pending' ? 'cancelled' : order.status);
    }
  });
}
