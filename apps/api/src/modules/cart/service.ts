import {
  allocatePromos,
  CART_MAX_TOTAL_CENTS,
  CART_TOTAL_TOO_LARGE,
  type CartLine,
  type CartTotals,
  type CartView,
  computeCartTotals,
  PWYW_FIXED_PRICE,
  pwywAmountProblem,
  unitPriceCents,
} from '@app/shared';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { centsToDollars, dollarsToCents } from '../../lib/money';
import { isUuid } from '../../lib/validation';
import { presentProduct } from '../catalog/present';
import type { ProductRow } from '../catalog/repository';
import { alreadyOwned } from '../orders/service';
import type { UserRow } from '../users/repository';
import {
  type AppliedPromo,
  describePromo,
  findUsablePromo,
  type PromoCartFacts,
  type PromoRow,
  promoProblemFor,
  promoRule,
  requireUsablePromo,
} from './promos';

export { findUsablePromo, promoProblemFor, requireUsablePromo } from './promos';

import {
  addCartLineQuantity,
  deleteCartLine,
  deleteCartLines,
  deleteCartPromo,
  findCartPromoCodes,
  findPublicProduct,
  findPublicProductOwnedBy,
  listCartLines,
  lockCartLinesAndSellers,
  promoStackingAllowed,
  type SavedPromoCode,
  saveCartPromo,
  updateCartLine,
} from './repository';

const INVALID_PRODUCT = 'Invalid product data: missing required fields';

/** A cart line; `amountCents` is the amount per unit a buyer chose for a pay-what-you-want product. */
export interface CartLineRow {
  product: ProductRow;
  quantity: number;
  amountCents?: number | null;
}

export interface PricedCart {
  lines: CartLineRow[];
  /** Items whose seller an admin suspended: shown flagged, never priced or ordered. */
  unavailable?: CartLineRow[];
  /** The first of the cart's codes (or its only one). */
  promo: PromoRow | null;
  /** Every code the cart's price includes (docs/decisions/0045); absent: just `promo`. */
  promos?: AppliedPromo[];
  /** A code the user applied that can no longer be used (expired, used up, withdrawn, or its rules no longer met). */
  unavailablePromo: string | null;
  /** Why, in the buyer's words, when known. */
  promoProblem?: string | null;
  totals: CartTotals;
}

type Lines = CartLineRow[];

/** What one unit of a line costs: the chosen amount of a pay-what-you-want line, else the product's price. */
export function lineUnitCents(line: CartLineRow): number {
  return unitPriceCents(line.product, line.amountCents);
}

/** Why a line can not be ordered at its amount (a pay-what-you-want amount below the minimum now), or null. */
export function lineAmountProblem(line: CartLineRow): string | null {
  if (line.product.pwywSuggestedCents === null) return null;
  return pwywAmountProblem(lineUnitCents(line), line.product.priceCents);
}

function cartFacts(lines: Lines): PromoCartFacts {
  return {
    subtotalCents: lines.reduce((sum, line) => sum + lineUnitCents(line) * line.quantity, 0),
    productIds: lines.map(({ product }) => product.id),
    categories: lines.map(({ product }) => product.category),
    sellerIds: lines.map(({ product }) => product.sellerId),
  };
}

/** The promo if it applies to this buyer and these lines, else the reason it does not. */
async function applicablePromo(db: DbOrTx, userId: string, code: string, lines: Lines) {
  const promo = await findUsablePromo(db, code);
  if (!promo) return { promo: null, problem: null };
  const problem = await promoProblemFor(db, promo, userId, cartFacts(lines));
  return problem ? { promo: null, problem } : { promo, problem: null };
}

/** Every code a priced cart includes. */
export function cartPromos(cart: Pick<PricedCart, 'promo' | 'promos'>): PromoRow[] {
  return cart.promos ?? (cart.promo ? [cart.promo] : []);
}

/** What each code takes off each line of a priced cart (the order's lines and the ledger follow it). */
export function cartPromoAllocation(cart: Pick<PricedCart, 'lines' | 'promo' | 'promos'>) {
  return allocatePromos(pricingLines(cart.lines), cartPromos(cart).map(promoRule));
}

function pricingLines(lines: Lines): CartLine[] {
  return lines.map((line) => ({
    productId: line.product.id,
    priceCents: lineUnitCents(line),
    originalPriceCents: line.product.pwywSuggestedCents === null ? line.product.originalPriceCents : null,
    quantity: line.quantity,
    category: line.product.category,
    minimumCents: line.product.pwywSuggestedCents === null ? 0 : line.product.priceCents,
    sellerId: line.product.sellerId,
  }));
}

/** Prices a set of lines from the database alone, with an optional promo (or the cart's codes). */
export function priceLines(lines: Lines, promo: PromoRow | PromoRow[] | null): CartTotals {
  const promos = promo === null ? [] : Array.isArray(promo) ? promo : [promo];
  return computeCartTotals(pricingLines(lines), promos.map(promoRule));
}

/** Refuses a cart whose subtotal an order could not hold (422 with the quantity field named). */
export function assertCartWithinLimit(totals: CartTotals): void {
  if (totals.subtotalCents > CART_MAX_TOTAL_CENTS) {
    throw new AppError('VALIDATION_FAILED', CART_TOTAL_TOO_LARGE, [{ field: 'quantity', message: CART_TOTAL_TOO_LARGE }]);
  }
}

/**
 * The user's cart as it stands: only approved, live products; those of a suspended seller apart
 * (flagged unavailable); a promo that stopped being usable is dropped. With `lockSellers` (checkout)
 * the sellers' rows are share-locked until the transaction ends and their state read from them.
 */
export async function loadCart(db: DbOrTx, userId: string, options: { lockSellers?: boolean } = {}): Promise<PricedCart> {
  const rows = options.lockSellers ? await lockCartLinesAndSellers(db, userId) : await listCartLines(db, userId);
  const lines = rows
    .filter((row) => row.sellerActive)
    .map((row) => ({ product: row.product as ProductRow, quantity: row.quantity, amountCents: row.amountCents }));
  const unavailable = rows
    .filter((row) => !row.sellerActive)
    .map((row) => ({ product: row.product as ProductRow, quantity: row.quantity, amountCents: row.amountCents }));
  // The lines' statement read the saved codes too; with no line, they are read on their own.
  const saved = rows[0]?.savedCodes ?? (await findCartPromoCodes(db, userId));
  const { promos, unavailablePromo, promoProblem } = await usableCartPromos(db, userId, lines, saved);
  return {
    lines,
    unavailable,
    promo: promos[0] ?? null,
    promos,
    unavailablePromo,
    promoProblem,
    totals: priceLines(lines, promos),
  };
}

/**
 * The cart's saved codes that apply now, the one applied last first, and the first one that does
 * not (with why). When codes do not stack (the admin's setting) only the last one applied counts.
 */
async function usableCartPromos(db: DbOrTx, userId: string, lines: Lines, saved: SavedPromoCode[]) {
  const promos: AppliedPromo[] = [];
  let unavailablePromo: string | null = null;
  let promoProblem: string | null = null;
  const alone = saved.length > 1 && !(await promoStackingAllowed(db));
  for (const [position, { code }] of saved.entries()) {
    const { promo, problem } =
      alone && position > 0
        ? { promo: null, problem: `Only one code per order: ${saved[0]?.code} applies, remove ${code}` }
        : await applicablePromo(db, userId, code, lines);
    if (promo) promos.push(promo);
    else if (unavailablePromo === null) {
      unavailablePromo = code;
      promoProblem = problem;
    }
  }
  return { promos, unavailablePromo, promoProblem };
}

/** The cart's codes as the API shows them: one summary row (codes joined, discounts added) and each code apart. */
function presentPromos(cart: PricedCart, allocation: ReturnType<typeof cartPromoAllocation>) {
  const promos = cartPromos(cart);
  if (promos.length === 0) return { promoCode: null, promoCodes: [] };
  // The seller's shop name as the cart's lines show it (null: a platform code).
  const sellerName = (sellerId: string | null) => {
    const line = sellerId ? cart.lines.find(({ product }) => product.sellerId === sellerId) : undefined;
    return line ? presentProduct(line.product).seller || null : null;
  };
  const promoCodes = allocation.parts.map((part) => {
    const promo = promos.find(({ code }) => code === part.code) as PromoRow;
    return {
      code: promo.code,
      discount: centsToDollars(part.cents),
      type: promo.kind,
      description: describePromo(promo),
      seller: sellerName(promo.sellerId),
    };
  });
  const first = promoCodes[0] as (typeof promoCodes)[number];
  return {
    promoCodes,
    promoCode: {
      code: promoCodes.map(({ code }) => code).join(' + '),
      discount: centsToDollars(cart.totals.promoCents),
      type: first.type,
      description: promoCodes.map(({ description }) => description).join(' + '),
    },
  };
}

export function presentCart(cart: PricedCart, notice?: string | null): CartView & { promo_notice: string | null } {
  const allocation = cartPromoAllocation(cart);
  return {
    promo_notice: cart.unavailablePromo
      ? (cart.promoProblem ?? `Promo code ${cart.unavailablePromo} is no longer available`)
      : (notice ?? null),
    items: [
      ...cart.lines.map((line, index) => ({ ...line, available: true, parts: allocation.lineParts[index] ?? [] })),
      ...(cart.unavailable ?? []).map((line) => ({ ...line, available: false, parts: [] })),
    ].map((line) => {
      const { product, quantity, available } = line;
      const view = presentProduct(product);
      const pwyw = product.pwywSuggestedCents !== null;
      return {
        id: product.id,
        product_id: product.id,
        title: view.title,
        price: centsToDollars(lineUnitCents(line)),
        originalPrice: pwyw ? null : view.original_price,
        pay_what_you_want: pwyw,
        min_price: pwyw ? view.price : null,
        suggested_price: view.suggested_price,
        amount_below_minimum: lineAmountProblem(line) !== null,
        image: view.image,
        seller: view.seller || 'Unknown Seller',
        category: view.category || 'Uncategorized',
        license: view.license || 'Standard',
        description: view.short_description,
        status: view.status,
        quantity,
        available,
        promo_discounts: line.parts.map((part) => ({ code: part.code, amount: centsToDollars(part.cents) })),
      };
    }),
    totalItems: cart.totals.totalItems,
    subtotal: centsToDollars(cart.totals.subtotalCents),
    discount: centsToDollars(cart.totals.discountCents),
    tax: 0,
    shippingCost: 0,
    total: centsToDollars(cart.totals.totalCents),
    ...presentPromos(cart, allocation),
  };
}

function invalidProduct(): AppError {
  return new AppError('VALIDATION_FAILED', INVALID_PRODUCT, [{ field: 'product_id', message: INVALID_PRODUCT }]);
}

async function requireBuyableProduct(db: DbOrTx, productId: string): Promise<ProductRow> {
  const valid = isUuid(productId);
  const product = valid ? await findPublicProduct(db, productId) : undefined;
  if (!product || product.priceCents < 0) throw invalidProduct();
  return product;
}

/**
 * The amount (cents) a buyer chose for a product, checked against the product as stored: none
 * for a fixed price (an amount sent that differs from it is refused), else at least the minimum.
 */
export function chosenAmountCents(product: ProductRow, amount: number | undefined): number | undefined {
  if (amount === undefined) return undefined;
  const cents = dollarsToCents(amount);
  if (product.pwywSuggestedCents === null) {
    if (cents === product.priceCents) return undefined;
    throw new AppError('VALIDATION_FAILED', PWYW_FIXED_PRICE, [{ field: 'amount', message: PWYW_FIXED_PRICE }]);
  }
  const problem = pwywAmountProblem(cents, product.priceCents);
  if (problem) throw new AppError('VALIDATION_FAILED', problem, [{ field: 'amount', message: problem }]);
  return cents;
}

/**
 * Adds to the quantity of a product already in the cart; a quantity of 0 or less removes it. A
 * product the buyer already owns is added only with their explicit `buyAgain`. The answer is the
 * cart as read inside the transaction, right after the change.
 */
export async function addToCart(
  deps: AppDeps,
  user: UserRow,
  productId: string,
  quantity: number,
  buyAgain = false,
  amount?: number,
) {
  if (quantity <= 0) {
    const product = await requireBuyableProduct(deps.db, productId);
    await deleteCartLine(deps.db, user.id, product.id);
    return presentCart(await loadCart(deps.db, user.id));
  }
  const found = isUuid(productId) ? await findPublicProductOwnedBy(deps.db, productId, user.id) : undefined;
  if (!found || found.product.priceCents < 0) throw invalidProduct();
  const amountCents = chosenAmountCents(found.product, amount);
  if (found.owned && !buyAgain) throw alreadyOwned();
  const cart = await deps.db.transaction(async (tx) => {
    await addCartLineQuantity(tx, user.id, found.product.id, quantity, amountCents);
    const changed = await loadCart(tx, user.id);
    assertCartWithinLimit(changed.totals);
    return changed;
  });
  return presentCart(cart);
}

/** Sets a line's quantity (0 or less removes the line) and/or its pay-what-you-want amount. */
export async function setCartQuantity(
  deps: AppDeps,
  user: UserRow,
  productId: string,
  quantity: number | undefined,
  amount?: number,
): Promise<ReturnType<typeof presentCart>> {
  if (quantity !== undefined && quantity <= 0) return removeFromCart(deps, user, productId);
  const product = amount !== undefined && isUuid(productId) ? await findPublicProduct(deps.db, productId) : undefined;
  if (amount !== undefined && !product) throw new AppError('NOT_FOUND', 'This product is not in your cart');
  const amountCents = product ? chosenAmountCents(product, amount) : undefined;
  await deps.db.transaction(async (tx) => {
    if (!isUuid(productId) || !(await updateCartLine(tx, user.id, productId, { quantity, amountCents })))
      throw new AppError('NOT_FOUND', 'This product is not in your cart');
    assertCartWithinLimit((await loadCart(tx, user.id)).totals);
  });
  return presentCart(await loadCart(deps.db, user.id));
}

export async function removeFromCart(deps: AppDeps, user: UserRow, productId: string): Promise<ReturnType<typeof presentCart>> {
  if (isUuid(productId)) {
    await deleteCartLine(deps.db, user.id, productId);
  }
  return presentCart(await loadCart(deps.db, user.id));
}

export async function clearCart(db: DbOrTx, userId: string): Promise<void> {
  await deleteCartLines(db, userId);
  await deleteCartPromo(db, userId);
}

/**
 * Applies a promo code to the cart. When codes do not stack (the admin's setting, off by default)
 * it replaces the cart's code, as most shops do, and the answer's notice says which it replaced;
 * when they stack it replaces only the code of the same seller (or the platform's code).
 */
export async function applyPromo(deps: AppDeps, user: UserRow, code: string): Promise<ReturnType<typeof presentCart>> {
  const promo = await requireUsablePromo(deps.db, code);
  const { lines } = await loadCart(deps.db, user.id);
  const problem = await promoProblemFor(deps.db, promo, user.id, cartFacts(lines));
  if (problem) throw new AppError('VALIDATION_FAILED', problem, [{ field: 'promo_code', message: problem }]);
  const alone = !(await promoStackingAllowed(deps.db));
  const replaced = await deps.db.transaction((tx) => saveCartPromo(tx, user.id, promo, alone));
  const notice =
    replaced.length > 0
      ? alone
        ? `${promo.code} replaced ${replaced.join(', ')}: one code per order`
        : `${promo.code} replaced ${replaced.join(', ')}: one code per seller`
      : null;
  return presentCart(await loadCart(deps.db, user.id), notice);
}

/** Takes one code off the cart (`code`), or every code. */
export async function removePromo(deps: AppDeps, user: UserRow, code?: string): Promise<ReturnType<typeof presentCart>> {
  await deleteCartPromo(deps.db, user.id, code);
  return presentCart(await loadCart(deps.db, user.id));
}

/** POST /orders/validate-cart: re-prices what the client holds from the database. Nothing is trusted. */
export async function validateCart(
  deps: AppDeps,
  user: UserRow,
  items: { product_id?: string; id?: string; quantity: number }[],
  promoCode: string | null | undefined,
): Promise<CartView & { valid: true; promo_notice: string | null }> {
  const merged = new Map<string, number>();
  for (const item of items) {
    const id = (item.product_id ?? item.id ?? '').trim();
    merged.set(id, (merged.get(id) ?? 0) + item.quantity);
  }
  const lines = [];
  for (const [id, quantity] of merged)
    lines.push({ product: await requireBuyableProduct(deps.db, id), quantity: Math.min(99, quantity) });
  const promo = promoCode?.trim() ? await requireUsablePromo(deps.db, promoCode) : null;
  const problem = promo ? await promoProblemFor(deps.db, promo, user.id, cartFacts(lines)) : null;
  if (problem) throw new AppError('VALIDATION_FAILED', problem, [{ field: 'promo_code', message: problem }]);
  const totals = priceLines(lines, promo);
  assertCartWithinLimit(totals);
  return { valid: true, ...presentCart({ lines, promo, unavailablePromo: null, totals }) };
}
