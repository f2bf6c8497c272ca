import {
  CART_ITEMS_UNAVAILABLE,
  DEFAULT_PREFERENCES,
  type DownloadLinks,
  GUEST_CHECKOUTS_PER_EMAIL_HOUR,
  GUEST_CHECKOUTS_PER_IP_HOUR,
  GUEST_CLAIM_LINK_INVALID,
  GUEST_ORDER_LINK_EXPIRED,
  GUEST_TOO_MANY_FOR_EMAIL,
  GUEST_TOO_MANY_FROM_ADDRESS,
  type GuestCheckoutResult,
  type Language,
  type PaymentState,
} from '@app/shared';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { countRateLimitHit } from '../../lib/rate-limit-store';
import { verifyGuestOrder } from '../../lib/signed-links';
import { hashToken } from '../../lib/tokens';
import { isUuid } from '../../lib/validation';
import { claimResetToken, deleteFailedLoginsForEmail } from '../auth/repository';
import { assertPasswordNotCommon, revokeAllSessions, type SignedIn, startSession } from '../auth/service';
import {
  type CartLineRow,
  chosenAmountCents,
  findUsablePromo,
  lineUnitCents,
  type PricedCart,
  priceLines,
  promoProblemFor,
  requireUsablePromo,
} from '../cart/service';
import { issueDownloadLinks } from '../downloads/service';
import { assertBillingNotNeeded, checkout } from '../orders';
import type { OrderRow } from '../orders/present';
import { findOrderByIdempotencyKey } from '../orders/repository';
import { getOwnOrder } from '../orders/service';
import { confirmPayment } from '../payments/service';
import { bumpTokenVersion, findUserByEmail, findUserById, type UserRow, updateUser } from '../users/repository';
import { orderToken } from './mail';
import { findGuestOrder, findOrCreateGuestBuyer, lockProductsAndSellers } from './repository';

const HOUR_MS = 3_600_000;
const INVALID_PRODUCT = 'Invalid product data: missing required fields';
const ORDER_NOT_FOUND = 'Order not found';
/** The buyer of a guest checkout priced before the account exists: no orders and no promo uses, as a new account. */
const NO_ACCOUNT_YET = '00000000-0000-0000-0000-000000000000';

export interface GuestCheckoutInput {
  email: string;
  items: { product_id: string; quantity: number; amount?: number }[];
  promo_code?: string;
  language?: Language;
  billing_country?: string;
  billing_region?: string;
}

/**
 * Counts one guest checkout against the caller's address and the e-mail address (an hour each),
 * 429 past either limit. The answer is the same whether the e-mail has an account or not.
 */
async function assertWithinGuestLimits(deps: AppDeps, ip: string, email: string): Promise<void> {
  const byAddress = await countRateLimitHit(deps.db, `guest-checkout|ip|${ip}`, HOUR_MS);
  if (byAddress.current > GUEST_CHECKOUTS_PER_IP_HOUR) throw new AppError('RATE_LIMITED', GUEST_TOO_MANY_FROM_ADDRESS);
  const byEmail = await countRateLimitHit(deps.db, `guest-checkout|email|${email.toLowerCase()}`, HOUR_MS);
  if (byEmail.current > GUEST_CHECKOUTS_PER_EMAIL_HOUR) throw new AppError('RATE_LIMITED', GUEST_TOO_MANY_FOR_EMAIL);
}

/**
 * Prices the posted lines inside the checkout's transaction, from the stored products alone, as
 * loadCart prices a cart: the same amounts (a PWYW amount checked against the minimum, any amount
 * on a fixed price refused), the same promo rules for this buyer, the same totals.
 */
function guestLines(input: GuestCheckoutInput, buyerId: string) {
  return async (tx: Tx): Promise<PricedCart> => {
    const rows = await lockProductsAndSellers(
      tx,
      input.items.map((item) => item.product_id.toLowerCase()),
    );
    const byId = new Map(rows.map((row) => [row.product.id, row]));
    const lines: CartLineRow[] = [];
    const unavailable: CartLineRow[] = [];
    for (const item of input.items) {
      const row = byId.get(item.product_id.toLowerCase());
      if (!row || row.product.priceCents < 0) {
        throw new AppError('VALIDATION_FAILED', INVALID_PRODUCT, [{ field: 'product_id', message: INVALID_PRODUCT }]);
      }
      const line = { product: row.product, quantity: item.quantity, amountCents: chosenAmountCents(row.product, item.amount) };
      (row.sellerActive ? lines : unavailable).push(line);
    }
    if (unavailable.length > 0) {
      throw new AppError('VALIDATION_FAILED', CART_ITEMS_UNAVAILABLE, [{ field: 'items', message: CART_ITEMS_UNAVAILABLE }]);
    }
    const code = input.promo_code?.trim() || null;
    const found = code ? await findUsablePromo(tx, code) : undefined;
    const problem = found
      ? await promoProblemFor(tx, found, buyerId, {
          subtotalCents: lines.reduce((sum, line) => sum + lineUnitCents(line) * line.quantity, 0),
          productIds: lines.map(({ product }) => product.id),
          categories: lines.map(({ product }) => product.category),
        })
      : null;
    const promo = found && !problem ? found : null;
    return {
      lines,
      unavailable,
      promo,
      unavailablePromo: code && !promo ? code : null,
      promoProblem: problem,
      totals: priceLines(lines, promo),
    };
  };
}

/**
 * A visitor's order with only an e-mail address: the account with that address (claimed or not;
 * the guest never gets into it) or a new unclaimed one buys; everything is priced by the server
 * through the one checkout; the answer carries a token for this one order alone.
 */
export async function placeGuestOrder(
  deps: AppDeps,
  input: GuestCheckoutInput,
  caller: { ip: string; idempotencyKey?: string; referralCookie?: string },
): Promise<GuestCheckoutResult> {
  await assertWithinGuestLimits(deps, caller.ip, input.email);
  const key = caller.idempotencyKey?.trim().slice(0, 190);
  const billing = billingOf(input);
  // A replay of a key that already placed an order is answered by the checkout with that order, as
  // it was: its code may have no use left now (this order took the last one), its cart no country.
  if (!(await isReplay(deps, input, key))) {
    // An unknown code is refused before anything is written (a code that no longer applies: 409 from the checkout).
    if (input.promo_code?.trim()) await requireUsablePromo(deps.db, input.promo_code.trim());
    if (!billing) await assertGuestBillingNotNeeded(deps, input);
  }
  const buyer = await findOrCreateGuestBuyer(deps.db, input.email, input.email.split('@')[0]?.slice(0, 50) || 'Guest');
  if (buyer.unclaimedSince && !buyer.preferences && input.language) {
    await updateUser(deps.db, buyer.id, { preferences: { ...DEFAULT_PREFERENCES, language: input.language } });
  }
  const result = await checkout(
    deps,
    buyer,
    key ? `guest:${key}` : undefined,
    caller.referralCookie,
    {
      lines: guestLines(input, buyer.id),
      guest: true,
    },
    billing,
  );
  const { token, expiresAt } = orderToken(deps, result.order_id);
  return { ...result, access_token: token, access_expires_at: expiresAt.toISOString() };
}

/** The billing place the guest chose, as the signed-in checkout takes it (none: only a free order may be placed). */
function billingOf(input: GuestCheckoutInput) {
  return input.billing_country ? { country: input.billing_country, region: input.billing_region } : undefined;
}

/** True when the address's account already placed an order with this Idempotency-Key. */
async function isReplay(deps: AppDeps, input: GuestCheckoutInput, key: string | undefined): Promise<boolean> {
  if (!key) return false;
  const known = await findUserByEmail(deps.db, input.email.toLowerCase());
  return Boolean(known && (await findOrderByIdempotencyKey(deps.db, known.id, `guest:${key}`)));
}

/** A guest order without a billing country is refused before the address gets an account (or its language is kept) when it costs anything. */
async function assertGuestBillingNotNeeded(deps: AppDeps, input: GuestCheckoutInput) {
  const known = await findUserByEmail(deps.db, input.email.toLowerCase());
  await assertBillingNotNeeded(deps, guestLines(input, known?.id ?? NO_ACCOUNT_YET));
}

/**
 * The guest order a token opens: 404 for a forged token, one of another order, or a missing order
 * (all alike), 403 once it expired.
 */
export async function requireGuestOrder(deps: AppDeps, orderId: string, token: string | undefined): Promise<OrderRow> {
  const claims = token ? verifyGuestOrder(deps.downloadSigningKey, token) : null;
  if (claims === 'expired') throw new AppError('FORBIDDEN', GUEST_ORDER_LINK_EXPIRED);
  if (!claims || claims.g !== orderId || !isUuid(orderId)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const order = await findGuestOrder(deps.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return order;
}

async function buyerOf(deps: AppDeps, order: OrderRow): Promise<UserRow> {
  const buyer = await findUserById(deps.db, order.userId);
  if (!buyer) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return buyer;
}

/** The guest order as the buyer's own order page shows it. */
export async function getGuestOrder(deps: AppDeps, orderId: string, token: string | undefined) {
  const order = await requireGuestOrder(deps, orderId, token);
  return getOwnOrder(deps, await buyerOf(deps, order), order.id);
}

/** Pays the guest order through the one confirmation the signed-in checkout uses. */
export async function confirmGuestPayment(
  deps: AppDeps,
  orderId: string,
  token: string | undefined,
  card: unknown,
): Promise<PaymentState> {
  const order = await requireGuestOrder(deps, orderId, token);
  if (order.paymentStatus === 'paid' || !order.paymentIntentId) {
    if (order.paymentStatus !== 'paid')
      throw new AppError('ORDER_NOT_PAYABLE', 'This order can no longer be placed. Please check out again.');
    return { status: 'succeeded', order_id: order.id, order_number: order.orderNumber, payment_status: order.paymentStatus };
  }
  return confirmPayment(deps, await buyerOf(deps, order), order.paymentIntentId, card);
}

/** Signed links to the files of a paid guest order (no login; capped products count each download). */
export async function guestDownloadLinks(deps: AppDeps, orderId: string, token: string | undefined): Promise<DownloadLinks> {
  const order = await requireGuestOrder(deps, orderId, token);
  if (order.paymentStatus !== 'paid') throw new AppError('FORBIDDEN', 'Downloads are available once the order is paid');
  const { links, expiresAt } = await issueDownloadLinks(deps, order);
  return { order_id: order.id, links, expires_at: expiresAt.toISOString() };
}

/**
 * Claims an account from the e-mailed link: the password is set, the address counts as verified
 * (the link proved it), the account stops being unclaimed, and the buyer is signed in with every
 * order already there. The link works once; every earlier session ends.
 */
export async function claimGuestAccount(
  deps: AppDeps,
  input: { token: string; password: string; first_name?: string; last_name?: string },
  userAgent?: string,
): Promise<SignedIn> {
  assertPasswordNotCommon(input.password);
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    const userId = await claimResetToken(tx, hashToken(input.token));
    const current = userId ? await findUserById(tx, userId) : undefined;
    if (!current?.isActive) throw new AppError('BAD_REQUEST', GUEST_CLAIM_LINK_INVALID);
    await bumpTokenVersion(tx, current.id);
    await revokeAllSessions(tx, current.id);
    const user = (await updateUser(tx, current.id, {
      passwordHash,
      emailVerified: true,
      unclaimedSince: null,
      ...(current.unclaimedSince ? { authProvider: 'local' } : {}),
      ...(input.first_name ? { firstName: input.first_name } : {}),
      ...(input.last_name ? { lastName: input.last_name } : {}),
    })) as UserRow;
    await deleteFailedLoginsForEmail(tx, user.email);
    return { user, ...(await startSession(deps, user, userAgent, tx)) };
  });
}
