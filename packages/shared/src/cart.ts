import { z } from 'zod';
import { moneySchema } from './api';
import { allocatePromos } from './promo-stacking';
import { taxCentsOf } from './tax';

/**
 * Cart maths (spec §9), in integer cents, shared by the server (which decides) and the client
 * (which shows the same numbers instantly).
 *
 * subtotal = Σ price × quantity
 * promo    = percent of the subtotal (or of the product or category it names), or a fixed amount capped at that base
 * discount = Σ original-price savings + promo
 * total    = subtotal − promo, floored at 0; tax and shipping are 0
 */

export interface CartLine {
  productId: string;
  priceCents: number;
  originalPriceCents: number | null;
  quantity: number;
  category?: string;
  /**
   * The least this line may cost per unit after a promo: a pay-what-you-want line's minimum (its
   * priceCents is then the amount the buyer chose). 0 or absent: a promo may take the whole price.
   */
  minimumCents?: number;
  /** The product's seller: a seller's code covers only that seller's lines (docs/decisions/0045). */
  sellerId?: string;
}

export interface PromoRule {
  code: string;
  kind: 'percent' | 'fixed';
  /** Percent (1–100) or cents. */
  value: number;
  /** Applies to this product only when set. */
  productId: string | null;
  /** Applies to products of this category only when set. */
  category?: string | null;
  /** A seller's code: applies to that seller's products only (docs/decisions/0045). */
  sellerId?: string | null;
  /** A seller's code naming products: applies to those only (none: all its seller's). */
  productIds?: string[] | null;
}

export interface CartTotals {
  subtotalCents: number;
  savingsCents: number;
  promoCents: number;
  discountCents: number;
  taxCents: 0;
  shippingCents: 0;
  totalCents: number;
  totalItems: number;
}

/** `promo`: the cart's code, or its codes (a platform code and sellers' codes, applied as allocatePromos says). */
export function computeCartTotals(lines: CartLine[], promo: PromoRule | PromoRule[] | null): CartTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const savingsCents = lines.reduce(
    (sum, line) => sum + Math.max(0, (line.originalPriceCents ?? line.priceCents) - line.priceCents) * line.quantity,
    0,
  );
  const promoCents = promo ? allocatePromos(lines, Array.isArray(promo) ? promo : [promo]).promoCents : 0;
  return {
    subtotalCents,
    savingsCents,
    promoCents,
    discountCents: savingsCents + promoCents,
    taxCents: 0,
    shippingCents: 0,
    totalCents: Math.max(0, subtotalCents - promoCents),
    totalItems: lines.reduce((sum, line) => sum + line.quantity, 0),
  };
}

/**
 * One row of a price summary. Cart, checkout, success page, order list and receipt e-mail all show
 * exactly these rows, built by `summaryLines` from the server's priced cart or order, so no surface
 * can show a figure another one leaves out. Original-price savings are not a row: they are already
 * in the unit prices (each line shows its struck-through original price).
 */
export type SummaryLine =
  | { kind: 'subtotal'; cents: number }
  | { kind: 'discount'; cents: number; code: string }
  | { kind: 'net'; cents: number }
  | { kind: 'tax'; cents: number; label: string; rateBps: number; country: string }
  | { kind: 'total'; cents: number };

/** The tax an order charged (or a checkout will charge), for its summary row (docs/decisions/0044). */
export interface SummaryTax {
  cents: number;
  label: string;
  rateBps: number;
  country: string;
}

export interface PricedAmounts {
  subtotalCents: number;
  /** The promo code the price includes, or null. */
  promoCode: string | null;
  /** What the promo took off (the only thing between subtotal and total: tax and shipping are 0). */
  promoCents: number;
  totalCents: number;
  /** The tax in totalCents, when a billing country is known (totalCents is then the gross). */
  tax?: SummaryTax | null;
}

/** Subtotal, the promo discount with its code (when a code applies), the net and tax when taxed, total. */
export function summaryLines(priced: PricedAmounts): SummaryLine[] {
  const lines: SummaryLine[] = [{ kind: 'subtotal', cents: priced.subtotalCents }];
  if (priced.promoCode) lines.push({ kind: 'discount', cents: priced.promoCents, code: priced.promoCode });
  // No tax row where the place has no rate (a US state without one): nothing to show.
  if (priced.tax && priced.tax.rateBps > 0) {
    // The net is only a row of its own when a discount stands between it and the subtotal.
    if (priced.promoCode) lines.push({ kind: 'net', cents: priced.totalCents - priced.tax.cents });
    lines.push({ kind: 'tax', ...priced.tax });
  }
  lines.push({ kind: 'total', cents: priced.totalCents });
  return lines;
}

const toCents = (dollars: number) => Math.round(dollars * 100);

/** The rows of a cart as the API answers it (its `discount` field also counts savings, so the promo's own amount is used). */
export function cartSummaryLines(
  cart: {
    subtotal: number;
    total: number;
    promoCode: { code: string; discount: number } | null;
  },
  /** The server's rate for the billing country the buyer chose: the total becomes net + tax, as checkout will charge. */
  quote?: { country: string; rate_bps: number; label: string | null } | null,
): SummaryLine[] {
  const netCents = toCents(cart.total);
  const taxCents = quote ? taxCentsOf(netCents, quote.rate_bps) : 0;
  return summaryLines({
    subtotalCents: toCents(cart.subtotal),
    promoCode: cart.promoCode?.code ?? null,
    promoCents: toCents(cart.promoCode?.discount ?? 0),
    totalCents: netCents + taxCents,
    tax: quote ? { cents: taxCents, label: quote.label ?? '', rateBps: quote.rate_bps, country: quote.country } : null,
  });
}

/** The rows of an order as the API answers it (its `discount` is the promo's amount). */
export function orderSummaryLines(order: {
  subtotal: number;
  discount: number;
  promo_code: string | null;
  total_amount: number;
  tax?: { country: string; rate_bps: number; label: string | null; amount: number } | null;
}): SummaryLine[] {
  const tax = order.tax;
  return summaryLines({
    subtotalCents: toCents(order.subtotal),
    promoCode: order.promo_code,
    promoCents: toCents(order.discount),
    totalCents: toCents(order.total_amount),
    tax: tax ? { cents: toCents(tax.amount), label: tax.label ?? '', rateBps: tax.rate_bps, country: tax.country } : null,
  });
}

/** The 10% of every order that feeds the AI token pool (spec §1, §9). */
export function aiPoolShareCents(totalCents: number): number {
  return Math.round(totalCents / 10);
}

/** The per-product code (spec §9: "derived from the product's name", 20%): e.g. 'CHATBOT20'. */
export function productPromoCode(title: string): string {
  const word = title
    .toUpperCase()
    .replace(/[^A-Z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length >= 3)[0];
  return `${(word ?? 'PRODUCT').slice(0, 12)}20`;
}

export const CART_MAX_QUANTITY = 99;

/** The most a buyer may choose to pay for one unit of a pay-what-you-want product, in cents ($100,000, the highest price). */
export const PWYW_MAX_AMOUNT_CENTS = 10_000_000;
export const PWYW_AMOUNT_NOT_NUMBER = 'Amount must be a number';
export const PWYW_AMOUNT_NEGATIVE = 'The amount cannot be negative';
export const PWYW_AMOUNT_FRACTION = 'The amount must be in whole cents (at most two decimals)';
export const PWYW_AMOUNT_TOO_LARGE = 'The amount cannot be more than $100,000';
export const PWYW_AMOUNT_BELOW_MINIMUM = 'The amount is below the minimum price the seller set for this product';
export const PWYW_AMOUNT_TOO_SMALL_TO_CHARGE = 'A card payment must be at least $0.50: pay $0 or at least $0.50';
export const PWYW_FIXED_PRICE = 'This product has a fixed price: there is no amount to choose';

/**
 * The amount a buyer chooses for a pay-what-you-want line, in dollars: a finite number (or its
 * text) of whole cents, 0 to $100,000. Whether it reaches the product's minimum is the server's
 * check against the product as stored (the client may not know the minimum changed).
 */
export const pwywAmountSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value),
  z
    .number({ error: PWYW_AMOUNT_NOT_NUMBER })
    .refine((value) => Number.isFinite(value), PWYW_AMOUNT_NOT_NUMBER)
    .refine((value) => value >= 0, PWYW_AMOUNT_NEGATIVE)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, PWYW_AMOUNT_FRACTION)
    .refine((value) => Math.round(value * 100) <= PWYW_MAX_AMOUNT_CENTS, PWYW_AMOUNT_TOO_LARGE),
);

/** The price a buyer pays per unit of a product: the amount chosen on a pay-what-you-want line (its suggested price when none), else the price. */
export function unitPriceCents(
  product: { priceCents: number; pwywSuggestedCents: number | null },
  chosenCents: number | null | undefined,
): number {
  if (product.pwywSuggestedCents === null) return product.priceCents;
  return chosenCents ?? product.pwywSuggestedCents;
}

/** Whether an order line's unit price still holds for the product as it is now (its fixed price, or at least its minimum). */
export function unitPriceHolds(
  product: { priceCents: number; pwywSuggestedCents: number | null },
  orderedCents: number,
): boolean {
  if (product.pwywSuggestedCents === null) return product.priceCents === orderedCents;
  return pwywAmountProblem(orderedCents, product.priceCents) === null;
}

/** Why a chosen amount (cents) can not be paid for a product with this minimum (cents), or null. */
export function pwywAmountProblem(amountCents: number, minimumCents: number): string | null {
  if (amountCents < minimumCents) return PWYW_AMOUNT_BELOW_MINIMUM;
  if (amountCents > PWYW_MAX_AMOUNT_CENTS) return PWYW_AMOUNT_TOO_LARGE;
  if (amountCents > 0 && amountCents < 50) return PWYW_AMOUNT_TOO_SMALL_TO_CHARGE;
  return null;
}
/** The most one order may cost, in cents: what card processors take in one payment, and far inside the integer columns. */
export const CART_MAX_TOTAL_CENTS = 99_999_999;
export const CART_TOTAL_TOO_LARGE = 'Your cart total cannot exceed $999,999.99. Please lower a quantity or split the purchase.';

export const addToCartSchema = z.object({
  product_id: z
    .string({ error: 'Invalid product data: missing required fields' })
    .trim()
    .pipe(z.uuid({ error: 'Invalid product data: missing required fields' })),
  quantity: z.coerce
    .number()
    .int('Quantity must be a whole number')
    .max(CART_MAX_QUANTITY, `Quantity must be at most ${CART_MAX_QUANTITY}`)
    .default(1),
  /** The buyer confirmed buying a product they already own again (otherwise 409 ALREADY_OWNED). */
  buy_again: z.boolean({ error: 'buy_again must be true or false' }).optional().default(false),
  /** Pay-what-you-want only: the amount per unit in dollars (the suggested price when left out). */
  amount: pwywAmountSchema
    .optional()
    .describe(
      'Pay-what-you-want products only: the amount per unit in dollars (whole cents, at least the minimum, at most 100000; $0 or at least $0.50). Left out: the suggested price. Sent for a fixed-price product: 422 unless it equals the price',
    ),
});
/** What a client sends to POST /cart/add (quantity is coerced, so its input type is `unknown`). */
export type AddToCartRequest = z.input<typeof addToCartSchema>;

export const updateCartItemSchema = z
  .object({
    quantity: z.coerce
      .number({ error: 'Quantity must be a number' })
      .int('Quantity must be a whole number')
      .max(CART_MAX_QUANTITY, `Quantity must be at most ${CART_MAX_QUANTITY}`)
      .optional(),
    /** Pay-what-you-want only: a new amount per unit in dollars. */
    amount: pwywAmountSchema
      .optional()
      .describe('Pay-what-you-want products only: a new amount per unit in dollars, checked as on POST /cart/add'),
  })
  .refine((body) => body.quantity !== undefined || body.amount !== undefined, {
    path: ['quantity'],
    message: 'Quantity must be a number',
  });

export const applyPromoSchema = z.object({
  code: z.string({ error: 'Invalid promo code' }).trim().min(1, 'Invalid promo code').max(40, 'Invalid promo code'),
});

const cartItemId = z
  .string()
  .trim()
  .pipe(z.uuid({ error: 'Invalid product data: missing required fields' }));

export const validateCartSchema = z.object({
  cart_items: z
    .array(
      z
        .object({
          product_id: cartItemId.optional(),
          id: cartItemId.optional(),
          quantity: z.coerce.number().int().min(1).max(CART_MAX_QUANTITY).default(1),
        })
        .refine((item) => item.product_id || item.id, 'Invalid product data: missing required fields'),
    )
    .max(100),
  promo_code: z.string().trim().max(40).optional().nullable(),
});

export const cartItemViewSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  title: z.string(),
  price: moneySchema,
  originalPrice: moneySchema.nullable(),
  image: z.string().nullable(),
  seller: z.string(),
  category: z.string(),
  license: z.string(),
  description: z.string(),
  status: z.string(),
  quantity: z.number(),
  /** Pay-what-you-want: `price` is the amount chosen per unit; `min_price` the seller's minimum, `suggested_price` theirs. */
  pay_what_you_want: z.boolean().optional(),
  min_price: moneySchema.nullable().optional(),
  suggested_price: moneySchema.nullable().optional(),
  /** The chosen amount is below the product's minimum now (the seller raised it): checkout refuses until it is raised. */
  amount_below_minimum: z.boolean().optional(),
  /** false: its seller's account is suspended; it stays in the cart, flagged, and blocks checkout until removed. */
  available: z.boolean().optional(),
  /** What each of the cart's codes took off this line (dollars, for the whole line; docs/decisions/0045). */
  promo_discounts: z.array(z.object({ code: z.string(), amount: moneySchema })).optional(),
});
export type CartItemView = z.output<typeof cartItemViewSchema>;

export const cartViewSchema = z.object({
  items: z.array(cartItemViewSchema),
  totalItems: z.number(),
  subtotal: moneySchema,
  discount: moneySchema,
  tax: moneySchema,
  shippingCost: moneySchema,
  total: moneySchema,
  /** The cart's codes as one (several are joined with ' + ' and their discounts added), for one summary row. */
  promoCode: z
    .object({ code: z.string(), discount: moneySchema, type: z.enum(['percent', 'fixed']), description: z.string() })
    .nullable(),
  /** Each code apart, in the order applied; `seller` names a seller's code's seller (null: a platform code). */
  promoCodes: z
    .array(
      z.object({
        code: z.string(),
        discount: moneySchema,
        type: z.enum(['percent', 'fixed']),
        description: z.string(),
        seller: z.string().nullable(),
      }),
    )
    .optional(),
});
export type CartView = z.output<typeof cartViewSchema>;

/** Checkout refuses a cart holding an item that can not be bought now (its seller is suspended). */
export const CART_ITEMS_UNAVAILABLE = 'Some items in your cart are no longer available. Remove them to check out.';

/** Every cart route's answer: the cart, and why a saved promo code no longer applies (or null). */
export const cartResponseSchema = z.object({ promo_notice: z.string().nullable(), ...cartViewSchema.shape });
export type CartResponse = z.output<typeof cartResponseSchema>;

/** POST /orders/validate-cart: the client's items re-priced by the server. */
export const validatedCartSchema = z.object({ valid: z.literal(true), ...cartResponseSchema.shape });

/** Card details for the built-in test processor. */
export const cardPaymentSchema = z.object({
  card_number: z
    .string({ error: 'Card number is required' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is invalid.')),
  exp_month: z.coerce
    .number({ error: 'Expiry month is required' })
    .int()
    .min(1, 'Your card’s expiration month is invalid.')
    .max(12, 'Your card’s expiration month is invalid.'),
  exp_year: z.coerce
    .number({ error: 'Expiry year is required' })
    .int()
    .min(2000, 'Your card’s expiration year is invalid.')
    .max(2100, 'Your card’s expiration year is invalid.'),
  cvc: z
    .string({ error: 'CVC is required' })
    .trim()
    .regex(/^\d{3,4}$/, 'Your card’s security code is invalid.'),
});
export type CardPayment = z.input<typeof cardPaymentSchema>;

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export const refundRequestSchema = z.object({
  reason: z
    .string({ error: 'Please tell us why you want a refund' })
    .trim()
    .min(10, 'Please tell us why you want a refund (at least 10 characters)')
    .max(2000),
});

// Defined without zod (./lean-catalogue): the storefront's first pages read it.
export { REFUND_WINDOW_DAYS } from './lean-catalogue';

/** A refund request on an order that cost $0: nothing was charged, so nothing is sent back or changed. */
export const FREE_ORDER_NOTHING_TO_REFUND = 'This order was free: there is nothing to refund';
