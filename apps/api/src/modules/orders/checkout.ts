import { randomBytes } from 'node:crypto';
import { aiPoolShareCents } from '@app/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderItems, orders, promoCodes, promoRedemptions } from '../../db/schema';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { centsToDollars } from '../../lib/money';
import { consumePromoUse } from '../cart/promos';
import { assertCartWithinLimit, loadCart } from '../cart/service';
import type { UserRow } from '../users/repository';
import { markOrderPaid } from './fulfil';
import type { OrderRow } from './present';

export interface CheckoutResult {
  order_id: string;
  order_number: string;
  payment_intent_id: string | null;
  client_secret: string | null;
  amount: number;
  currency: string;
  provider: string;
  status: string;
  payment_status: string;
}

class ExistingOrder extends Error {
  constructor(readonly order: OrderRow) {
    super('an order with this idempotency key exists');
  }
}

function newOrderNumber(): string {
  const date = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return `AIM-${date}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/**
 * Turns the caller's cart into a pending order priced by the server, then opens a payment intent
 * for exactly that amount. The same Idempotency-Key always yields the same order: the key is
 * claimed by a unique index before anything else in the transaction (no double orders, and a
 * promo use is taken only by the request that created the order).
 */
export async function checkout(deps: AppDeps, user: UserRow, idempotencyKey: string | undefined): Promise<CheckoutResult> {
  const key = idempotencyKey?.trim().slice(0, 200) || undefined;
  if (key) {
    const [existing] = await deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, user.id), eq(orders.idempotencyKey, key)));
    if (existing) return openPayment(deps, user, existing);
  }
  let order: OrderRow;
  try {
    order = await deps.db.transaction(async (tx) => {
      // First, so that a promo use held by an abandoned order is free again for this one.
      await cancelAbandonedOrders(tx, user.id);
      const cart = await loadCart(tx, user.id);
      if (cart.lines.length === 0) throw new AppError('VALIDATION_FAILED', 'Your cart is empty');
      // Prices may have risen since the items were added: the order's integer columns must hold it.
      assertCartWithinLimit(cart.totals);
      if (cart.unavailablePromo) {
        // Never charge a different price than the one the buyer saw: make them look again.
        throw new AppError('CONFLICT', `Promo code ${cart.unavailablePromo} is no longer available. Remove it and try again.`);
      }
      const [created] = await tx
        .insert(orders)
        .values({
          orderNumber: newOrderNumber(),
          userId: user.id,
          status: 'pending',
          paymentStatus: 'unpaid',
          subtotalCents: cart.totals.subtotalCents,
          discountCents: cart.totals.promoCents,
          totalCents: cart.totals.totalCents,
          aiPoolCents: aiPoolShareCents(cart.totals.totalCents),
          currency: 'usd',
          promoCode: cart.promo?.code ?? null,
          customerEmail: user.email,
          idempotencyKey: key ?? null,
          paymentProvider: deps.payments.name,
        })
        .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
        .returning();
      if (!created) {
        // A concurrent request with the same key won: answer with its order.
        const [winner] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.userId, user.id), eq(orders.idempotencyKey, key as string)));
        throw new ExistingOrder(winner as OrderRow);
      }
      await tx.insert(orderItems).values(
        cart.lines.map(({ product, quantity }) => ({
          orderId: created.id,
          productId: product.id,
          productTitle: product.title,
          sellerId: product.sellerId,
          unitPriceCents: product.priceCents,
          quantity,
        })),
      );
      if (cart.promo) {
        if (!(await consumePromoUse(tx, cart.promo.id))) {
          throw new AppError('CONFLICT', `Promo code ${cart.promo.code} is no longer available. Remove it and try again.`);
        }
        await tx.insert(promoRedemptions).values({ promoCodeId: cart.promo.id, orderId: created.id, userId: user.id });
      }
      return created;
    });
  } catch (error) {
    if (error instanceof ExistingOrder) return openPayment(deps, user, error.order);
    throw error;
  }
  return openPayment(deps, user, order);
}

/**
 * A new checkout supersedes the buyer's earlier unpaid ones (declined, abandoned): they are
 * cancelled and any promo use they took is given back. A payment that still lands on one of
 * them is honoured: marking paid does not depend on the order's status.
 */
async function cancelAbandonedOrders(tx: Tx, userId: string): Promise<void> {
  const cancelled = await tx
    .update(orders)
    .set({ status: 'cancelled' })
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending'), eq(orders.paymentStatus, 'unpaid')))
    .returning({ id: orders.id });
  if (cancelled.length === 0) return;
  const released = await tx
    .delete(promoRedemptions)
    .where(
      inArray(
        promoRedemptions.orderId,
        cancelled.map((o) => o.id),
      ),
    )
    .returning({ promoCodeId: promoRedemptions.promoCodeId });
  for (const { promoCodeId } of released) {
    await tx
      .update(promoCodes)
      .set({ usedCount: sql`greatest(${promoCodes.usedCount} - 1, 0)` })
      .where(eq(promoCodes.id, promoCodeId));
  }
}

/** Creates (or finds) the payment intent of a pending order; a free order is paid at once. */
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
  });
  if (order.totalCents === 0) {
    await markOrderPaid(deps, { orderId: order.id, intentId: null, amountCents: 0, currency: order.currency });
    const [paid] = await deps.db.select().from(orders).where(eq(orders.id, order.id));
    return result(null, null, paid ?? order);
  }
  if (order.paymentStatus === 'paid') return result(order.paymentIntentId, null, order);
  const intent = await deps.payments.createIntent({
    orderId: order.id,
    amountCents: order.totalCents,
    currency: order.currency,
    customerEmail: user.email,
  });
  await deps.db.update(orders).set({ paymentIntentId: intent.id }).where(eq(orders.id, order.id));
  return result(intent.id, intent.clientSecret, order);
}
