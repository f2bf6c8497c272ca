import { randomBytes } from 'node:crypto';
import type { CheckoutResult } from '@app/shared';
import { aiPoolShareCents, CART_ITEMS_UNAVAILABLE, TAX_BILLING_CHANGED, TAX_COUNTRY_REQUIRED } from '@app/shared';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { centsToDollars } from '../../lib/money';
import { attributeOrder } from '../affiliates/service';
import { consumePromoUse } from '../cart/repository';
import {
  assertCartWithinLimit,
  cartPromoAllocation,
  cartPromos,
  lineAmountProblem,
  lineUnitCents,
  loadCart,
  type PricedCart,
} from '../cart/service';
import { announcePayment, payOrderInTx, releaseClaim, settleCharge } from '../payments/service';
import { type BillingPlace, taxForOrder } from '../tax/service';
import type { UserRow } from '../users/repository';
import type { PaidOrder } from './fulfil';
import { closeSupersededOrders, notPayableReason } from './lifecycle';
import { type OrderRow, orderTaxOf } from './present';
import {
  findOpenOrders,
  findOrder,
  findOrderByIdempotencyKey,
  findUnchargedOrders,
  insertOrderWithItems,
  insertPromoRedemption,
  lockBuyer,
  markIntentVoided,
  setPaymentIntent,
} from './repository';

class ExistingOrder extends Error {
  constructor(readonly order: OrderRow) {
    super('an order with this idempotency key exists');
  }
}

/** The buyer has earlier orders the provider must settle or close before a new checkout. */
class ProviderWorkFirst extends Error {
  constructor() {
    super('earlier orders need the payment provider first');
  }
}

/**
 * A checkout of lines that are not the signed-in buyer's cart (guest checkout, decision 0046):
 * `lines` prices them in the checkout's transaction; the buyer's other open orders stay as they are.
 */
export interface Placement {
  lines: (tx: Tx) => Promise<PricedCart>;
  guest: true;
}

/**
 * The order an Idempotency-Key already made, if it was placed for the billing place now asked for:
 * the key replays a checkout, it never moves an order to another country's tax (check out again).
 */
function sameBilling(order: OrderRow, billing: BillingPlace | undefined): OrderRow {
  const asked = billing ? `${billing.country}/${billing.country === 'US' ? (billing.region ?? '') : ''}` : null;
  const placed = order.taxCountry ? `${order.taxCountry}/${order.taxCountry === 'US' ? (order.taxRegion ?? '') : ''}` : null;
  if (asked !== null && asked !== placed && order.paymentStatus !== 'paid') {
    throw new AppError('CONFLICT', TAX_BILLING_CHANGED);
  }
  return order;
}

/**
 * Refuses a cart that can not become an order as it stands: an item of a suspended seller (it stays
 * in the cart, flagged, for the buyer to remove), nothing in it, a pay-what-you-want amount under the
 * minimum as it is now, a subtotal the order's columns can not hold, or a promo code gone since.
 */
function assertOrderable(cart: PricedCart): void {
  if ((cart.unavailable ?? []).length > 0) {
    throw new AppError('VALIDATION_FAILED', CART_ITEMS_UNAVAILABLE, [{ field: 'items', message: CART_ITEMS_UNAVAILABLE }]);
  }
  if (cart.lines.length === 0) throw new AppError('VALIDATION_FAILED', 'Your cart is empty');
  for (const line of cart.lines) {
    const problem = lineAmountProblem(line);
    if (problem) throw new AppError('VALIDATION_FAILED', problem, [{ field: 'amount', message: problem }]);
  }
  assertCartWithinLimit(cart.totals);
  if (cart.unavailablePromo) {
    // Never charge a different price than the one the buyer saw: make them look again.
    throw new AppError(
      'CONFLICT',
      `${cart.promoProblem ?? `Promo code ${cart.unavailablePromo} is no longer available`}. Remove it and try again.`,
    );
  }
}

/**
 * An order that costs anything after discounts needs the buyer's billing country: it picks the tax
 * rate, and leaving it out must not leave the order untaxed (decision 0044). A free order needs none.
 */
function assertBillingCountry(billing: BillingPlace | undefined, netCents: number): void {
  if (!billing && netCents > 0) {
    throw new AppError('VALIDATION_FAILED', TAX_COUNTRY_REQUIRED, [{ field: 'billing_country', message: TAX_COUNTRY_REQUIRED }]);
  }
}

/**
 * For a checkout without a billing country, before anything is written: prices the lines (in a
 * transaction of its own that writes nothing) and refuses them as the checkout would when they cost
 * anything. The checkout's own transaction checks again on the rows it locks.
 */
export async function assertBillingNotNeeded(deps: AppDeps, lines: (tx: Tx) => Promise<PricedCart>): Promise<void> {
  const cart = await deps.db.transaction(lines);
  // A code whose last use an abandoned order of this buyer holds is freed by the checkout itself: it decides then.
  if (cart.unavailablePromo) return;
  assertOrderable(cart);
  assertBillingCountry(undefined, cart.totals.totalCents);
}

function newOrderNumber(): string {
  const date = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return `AIM-${date}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/**
 * Turns the caller's cart into a pending order priced by the server, then opens a payment intent
 * for exactly that amount. The same Idempotency-Key always yields the same order: the key is
 * claimed by a unique index before anything else in the transaction (no double orders, and a
 * promo use is taken only by the request that created the order). The buyer's row is locked for
 * the transaction, so promo limits per buyer hold against concurrent checkouts.
 */
export async function checkout(
  deps: AppDeps,
  user: UserRow,
  idempotencyKey: string | undefined,
  referralCookie?: string,
  placement?: Placement,
  billing?: BillingPlace,
): Promise<CheckoutResult> {
  const key = idempotencyKey?.trim().slice(0, 200) || undefined;
  if (key) {
    const existing = await findOrderByIdempotencyKey(deps.db, user.id, key);
    if (existing) return openPayment(deps, user, sameBilling(existing, billing));
  }
  // Refused before earlier orders' intents are closed below; a placement's caller checks before its own writes.
  if (!billing && !placement) await assertBillingNotNeeded(deps, (tx) => loadCart(tx, user.id));
  let placed: PlacedOrder;
  try {
    placed = await placeOrder(deps, user, key, referralCookie, false, placement, billing).catch(async (error: unknown) => {
      if (!(error instanceof ProviderWorkFirst)) throw error;
      // Earlier orders still hold a charge in flight or an open intent: bring them to rest, then once more.
      await voidSupersededIntents(deps, user.id);
      return placeOrder(deps, user, key, referralCookie, true, placement, billing);
    });
  } catch (error) {
    if (error instanceof ExistingOrder) return openPayment(deps, user, sameBilling(error.order, billing));
    throw error;
  }
  if (placed.paid) {
    // A free order was paid in the transaction that wrote it: no provider, no intent, no charge.
    await announcePayment(deps, placed.paid.order.id, placed.paid);
    return openPayment(deps, user, (await findOrder(deps.db, placed.paid.order.id)) ?? placed.order);
  }
  return openPayment(deps, user, placed.order);
}

/** The order a checkout wrote; `paid` when it cost nothing and was paid at once. */
interface PlacedOrder {
  order: OrderRow;
  paid?: PaidOrder;
}

/**
 * The checkout's transaction: under the buyer's row lock, closes superseded orders, prices the cart
 * and writes the order. The statement that takes the lock also tells whether an earlier order still
 * needs the provider (a charge in flight, an open intent); that work is done outside any
 * transaction, so then this one stops (ProviderWorkFirst) unless it already ran (`settled`).
 */
async function placeOrder(
  deps: AppDeps,
  user: UserRow,
  key: string | undefined,
  referralCookie: string | undefined,
  settled = false,
  placement?: Placement,
  billing?: BillingPlace,
): Promise<PlacedOrder> {
  return deps.db.transaction(async (tx) => {
    const { openCharges } = await lockBuyer(tx, user.id);
    if (openCharges && !settled && !placement) throw new ProviderWorkFirst();
    if (key) {
      // A concurrent request with the same key may have finished while we waited for the lock.
      const winner = await findOrderByIdempotencyKey(tx, user.id, key);
      if (winner) throw new ExistingOrder(winner);
    }
    // First, so that a promo use held by an abandoned order is free again for this one.
    // A guest order leaves the buyer's other orders alone: typing an e-mail must not cancel anyone's checkout.
    if (!placement) await closeSupersededOrders(tx, user.id);
    // The sellers' rows are share-locked with the lines, their state read from the locked rows.
    const cart = placement ? await placement.lines(tx) : await loadCart(tx, user.id, { lockSellers: true });
    assertOrderable(cart);
    // Nothing written so far survives this: the superseded orders above come back with the rollback.
    assertBillingCountry(billing, cart.totals.totalCents);
    // The rate as the admin's table has it now; the order keeps it, whatever the table says later (decision 0044).
    const tax = await taxForOrder(tx, billing, cart.totals.totalCents);
    const allocation = cartPromoAllocation(cart);
    const referral = await attributeOrder(
      tx,
      deps,
      referralCookie,
      user.id,
      cart.lines.map(({ product }) => product.sellerId),
    );
    const created = await insertOrderWithItems(
      tx,
      {
        orderNumber: newOrderNumber(),
        userId: user.id,
        status: 'pending',
        paymentStatus: 'unpaid',
        subtotalCents: cart.totals.subtotalCents,
        discountCents: cart.totals.promoCents,
        // The gross: net after discounts plus tax. The pool's 10% (and every share) comes from the net alone.
        totalCents: cart.totals.totalCents + tax.taxCents,
        aiPoolCents: aiPoolShareCents(cart.totals.totalCents),
        ...tax,
        // 'no_billing_country' is kept only by orders placed before a paid order needed a country.
        taxFlag: null,
        currency: 'usd',
        promoCode:
          cartPromos(cart)
            .map(({ code }) => code)
            .join(' + ') || null,
        customerEmail: user.email,
        idempotencyKey: key ?? null,
        paymentProvider: deps.payments.name,
        expiresAt: new Date(Date.now() + deps.config.payments.orderExpiryMinutes * 60_000),
        affiliateId: referral?.affiliateId ?? null,
        affiliateCommissionBps: referral?.commissionBps ?? null,
        guestCheckout: placement?.guest ?? false,
      },
      cart.lines.map((line, index) => ({
        productId: line.product.id,
        productTitle: line.product.title,
        sellerId: line.product.sellerId,
        unitPriceCents: lineUnitCents(line),
        quantity: line.quantity,
        // What sellers' codes took off this line: the ledger takes it from that seller's share (decision 0045).
        sellerDiscountCents: allocation.lineSellerCents[index] ?? 0,
      })),
    );
    if (!created) {
      // A concurrent request with the same key won: answer with its order.
      const winner = await findOrderByIdempotencyKey(tx, user.id, key as string);
      throw new ExistingOrder(winner as OrderRow);
    }
    // Each code's use is taken by a conditional update: of many checkouts racing for a last use, one wins.
    for (const promo of cartPromos(cart)) {
      if (!(await consumePromoUse(tx, promo.id))) {
        throw new AppError('CONFLICT', `Promo code ${promo.code} is no longer available. Remove it and try again.`);
      }
      const discountCents = allocation.parts.find((part) => part.code === promo.code)?.cents ?? 0;
      await insertPromoRedemption(tx, { promoCodeId: promo.id, orderId: created.id, userId: user.id, discountCents });
    }
    // Nothing to charge (free products, a $0 pay-what-you-want amount, a promo taking it all):
    // paid here, in the same transaction, so a double submit finds the cart already empty.
    if (created.totalCents === 0) return { order: created, paid: await payOrderInTx(deps, tx, created, { intentId: null }) };
    return { order: created };
  });
}

/**
 * A new checkout replaces the buyer's earlier unpaid orders (declined, abandoned). Before they
 * are cancelled, their intents are closed at the provider, so a charge can never land on a
 * cancelled order; a charge that already landed is settled as the payment it is, and a charge
 * still in flight keeps its order open.
 */
async function voidSupersededIntents(deps: AppDeps, userId: string): Promise<void> {
  // One read for both kinds; the unpaid ones are read again only if settling a charge changed them.
  const candidates = await findOpenOrders(deps.db, userId);
  const inFlight = candidates.filter((order) => order.paymentStatus === 'processing');
  await settleChargesInFlight(deps, inFlight);
  const unpaid =
    inFlight.length > 0
      ? await findUnchargedOrders(deps.db, userId)
      : candidates.filter((order) => order.status === 'pending' && order.paymentStatus === 'unpaid');
  for (const open of unpaid) {
    if (!open.paymentIntentId) continue;
    const state = await deps.payments.cancel(open.paymentIntentId);
    if (state.status === 'succeeded') {
      await settleCharge(deps, {
        orderId: open.id,
        intentId: open.paymentIntentId,
        amountCents: state.amountCents,
        currency: state.currency,
      });
    } else if (state.status !== 'processing') {
      await markIntentVoided(deps.db, open.id);
    }
  }
}

/**
 * An earlier order of this buyer whose charge was started (payment status processing) must come
 * to rest before a new checkout: settled if the money moved, given back to unpaid if it surely did
 * not; while the charge may still be running the new checkout waits, so nobody pays twice.
 */
async function settleChargesInFlight(deps: AppDeps, inFlight: OrderRow[]): Promise<void> {
  const staleBefore = Date.now() - deps.config.payments.staleSeconds * 1000;
  for (const order of inFlight) {
    const state = order.paymentIntentId ? await deps.payments.retrieve(order.paymentIntentId) : null;
    if (state?.status === 'succeeded') {
      await settleCharge(deps, {
        orderId: order.id,
        intentId: order.paymentIntentId,
        amountCents: state.amountCents,
        currency: state.currency,
      });
    } else if (state?.status !== 'processing' && (order.paymentAttemptAt?.getTime() ?? 0) <= staleBefore) {
      await releaseClaim(deps, order.id, new Date(staleBefore + 1));
    } else {
      throw new AppError(
        'CONFLICT',
        'Your previous payment is still being processed. Please wait a moment and check your orders.',
      );
    }
  }
}

/** Creates (or finds) the payment intent of an open order; a free order is paid at once. */
export async function openPayment(deps: AppDeps, user: UserRow, order: OrderRow): Promise<CheckoutResult> {
  const result = (intentId: string | null, clientSecret: string | null, current: OrderRow): CheckoutResult => ({
    order_id: current.id,
    order_number: current.orderNumber,
    payment_intent_id: intentId,
    client_secret: clientSecret,
    amount: centsToDollars(current.totalCents),
    currency: current.currency,
    provider: current.totalCents === 0 ? 'free' : deps.payments.name,
    status: current.status,
    payment_status: current.paymentStatus,
    net_amount: centsToDollars(current.totalCents - current.taxCents),
    tax: orderTaxOf(current),
  });
  if (order.paymentStatus === 'paid') return result(order.paymentIntentId, null, order);
  const reason = notPayableReason(order);
  if (reason) throw new AppError('ORDER_NOT_PAYABLE', reason);
  if (order.totalCents === 0) {
    const settled = await settleCharge(deps, { orderId: order.id, intentId: null, amountCents: 0, currency: order.currency });
    if (settled === 'refunded')
      throw new AppError('ORDER_NOT_PAYABLE', 'This order can no longer be placed. Please check out again.');
    const paid = await findOrder(deps.db, order.id);
    return result(null, null, paid ?? order);
  }
  const intent = await deps.payments.createIntent({
    orderId: order.id,
    amountCents: order.totalCents,
    currency: order.currency,
    customerEmail: user.email,
  });
  await setPaymentIntent(deps.db, order.id, intent.id);
  return result(intent.id, intent.clientSecret, order);
}
