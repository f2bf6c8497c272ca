import { z } from 'zod';
import { emailField, passwordField } from './auth';
import { CART_MAX_QUANTITY, pwywAmountSchema } from './cart';
import { LANGUAGES } from './lean';
import { checkoutResultSchema } from './orders';
import { billingCountryField, billingRegionField, TAX_REGION_ONLY_US } from './tax';

/** How long the browser's order-scoped link (the guest's receipt page) keeps working. */
export const GUEST_ORDER_LINK_TTL_DAYS = 30;
/** How long the "claim your account" link of a guest purchase keeps working (single use). */
export const GUEST_CLAIM_LINK_TTL_DAYS = 14;
/** Guest checkouts allowed per hour from one IP address and for one e-mail address. */
export const GUEST_CHECKOUTS_PER_IP_HOUR = 20;
export const GUEST_CHECKOUTS_PER_EMAIL_HOUR = 5;
/** The most lines one guest checkout may carry. */
export const GUEST_MAX_LINES = 20;
/** The header that carries the order-scoped token. */
export const GUEST_ORDER_TOKEN_HEADER = 'x-order-token';

export const GUEST_TOO_MANY_FROM_ADDRESS = 'Too many guest purchases from your network. Please try again in an hour.';
export const GUEST_TOO_MANY_FOR_EMAIL = 'Too many guest purchases for this e-mail address. Please try again in an hour.';
export const GUEST_ORDER_LINK_EXPIRED = 'This order link has expired. Open the link in your latest e-mail from us.';
export const GUEST_CLAIM_LINK_INVALID = 'This link is invalid or has expired.';
export const GUEST_NO_ITEMS = 'Choose at least one product';
export const GUEST_TOO_MANY_LINES = `At most ${GUEST_MAX_LINES} different products per order`;
export const GUEST_DUPLICATE_LINE = 'Each product may appear only once';
export const GUEST_SIGN_UP_CONFIRM =
  'This e-mail address has purchases waiting. We sent it a link: open it to set your password and see them.';

const productId = z
  .string({ error: 'Invalid product data: missing required fields' })
  .trim()
  .pipe(z.uuid({ error: 'Invalid product data: missing required fields' }));

export const guestCheckoutItemSchema = z.object({
  product_id: productId,
  quantity: z.coerce
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(CART_MAX_QUANTITY, `Quantity must be at most ${CART_MAX_QUANTITY}`)
    .default(1),
  /** Pay-what-you-want only: the amount per unit in dollars (the suggested price when left out). */
  amount: pwywAmountSchema.optional(),
});

/** POST /guest/checkout: only an e-mail address and what to buy; prices are the server's. */
export const guestCheckoutRequestSchema = z
  .object({
    email: emailField(),
    items: z
      .array(guestCheckoutItemSchema, { error: GUEST_NO_ITEMS })
      .min(1, GUEST_NO_ITEMS)
      .max(GUEST_MAX_LINES, GUEST_TOO_MANY_LINES)
      .refine((items) => new Set(items.map((item) => item.product_id.toLowerCase())).size === items.length, GUEST_DUPLICATE_LINE),
    promo_code: z.string().trim().max(50).optional(),
    /** The language of the e-mails (the storefront's); English when left out. */
    language: z.enum(LANGUAGES).optional(),
    /** Where the buyer is billed, as for POST /orders/checkout: the server looks up the rate (decision 0044). */
    billing_country: billingCountryField,
    billing_region: billingRegionField,
  })
  .refine((body) => !body.billing_region || body.billing_country === 'US', {
    message: TAX_REGION_ONLY_US,
    path: ['billing_region'],
  });
export type GuestCheckoutRequest = z.input<typeof guestCheckoutRequestSchema>;

/** The order and its payment (as POST /orders/checkout) plus the browser's key to this one order. */
export const guestCheckoutResultSchema = checkoutResultSchema.extend({
  access_token: z.string(),
  access_expires_at: z.string(),
});
export type GuestCheckoutResult = z.output<typeof guestCheckoutResultSchema>;

/** POST /guest/claim: the claim link's token and the new password. */
export const guestClaimRequestSchema = z.object({
  token: z.string().min(1, GUEST_CLAIM_LINK_INVALID).max(200, GUEST_CLAIM_LINK_INVALID),
  password: passwordField,
  first_name: z.string().trim().max(50).optional(),
  last_name: z.string().trim().max(50).optional(),
});
export type GuestClaimRequest = z.input<typeof guestClaimRequestSchema>;
