import { z } from 'zod';
import { isoDateSchema, moneySchema } from './api';
import { pagedListSchema, pagingQueryFields, STANDARD_PAGING } from './paging';
import { PROMO_KINDS, PROMO_STATUSES, promoFields, promoValueProblem } from './promo';

/**
 * Sellers' discount codes (/api/v1/seller/promo-codes, docs/decisions/0045): one schema for the
 * seller dashboard's form and the API. Amounts are dollars here; the server stores cents. Codes
 * share one namespace with the platform's (upper-case, unique in any case).
 */

export const SELLER_PROMO_PRODUCTS_MAX = 100;
export const SELLER_PROMO_NOT_YOUR_PRODUCT = 'Choose only your own live products';
export const SELLER_PROMO_EXPIRY_PAST = 'The end must be in the future';
export const SELLER_PROMO_TOO_MANY_PRODUCTS = 'A code may name at most 100 products';
export const SELLER_PROMO_FIXED_ABOVE_PRICE = 'The amount off cannot be more than the price of the products it names';
export const SELLER_PROMO_NOT_FOUND = 'Discount code not found';
export const SELLER_PROMO_DUPLICATE = 'This code already exists';
export const SELLER_PROMO_NOTHING_TO_UPDATE = 'Nothing to update';

const productIds = z
  .array(
    z
      .string({ error: SELLER_PROMO_NOT_YOUR_PRODUCT })
      .trim()
      .pipe(z.uuid({ error: SELLER_PROMO_NOT_YOUR_PRODUCT })),
    {
      error: SELLER_PROMO_NOT_YOUR_PRODUCT,
    },
  )
  .max(SELLER_PROMO_PRODUCTS_MAX, SELLER_PROMO_TOO_MANY_PRODUCTS)
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

const notPast = (date: Date | null | undefined) => !date || date.getTime() > Date.now();

const sellerFields = promoFields
  .pick({ code: true, kind: true, value: true, description: true, expires_at: true, usage_limit: true, per_customer_limit: true })
  .extend({
    /** None: every product of the seller. */
    product_ids: productIds.optional(),
  });

/** The seller's form and POST /seller/promo-codes: a code, percent or fixed dollars, an optional end, limits and products. */
export const sellerPromoCodeFormSchema = sellerFields
  .refine((promo) => !promoValueProblem(promo.kind, promo.value), {
    path: ['value'],
    when: (payload) => sellerFields.pick({ kind: true, value: true }).safeParse(payload.value).success,
    error: (issue) => {
      const promo = issue.input as { kind: 'percent' | 'fixed'; value: number };
      return promoValueProblem(promo.kind, promo.value) ?? 'Invalid value';
    },
  })
  .refine((promo) => notPast(promo.expires_at), { path: ['expires_at'], message: SELLER_PROMO_EXPIRY_PAST });
export const sellerPromoCodeSchema = z.preprocess((body) => body ?? {}, sellerPromoCodeFormSchema);
export type SellerPromoCodeForm = z.input<typeof sellerFields>;
export type SellerPromoCodeInput = z.output<typeof sellerPromoCodeSchema>;

/** PUT /seller/promo-codes/{id}: switch on or off, a new end, new limits, other products (the code, kind and value stay). */
export const sellerPromoCodeUpdateSchema = z.preprocess(
  (body) => body ?? {},
  sellerFields
    .pick({ description: true, expires_at: true, usage_limit: true, per_customer_limit: true, product_ids: true })
    .extend({ active: promoFields.shape.active })
    .refine((promo) => notPast(promo.expires_at), { path: ['expires_at'], message: SELLER_PROMO_EXPIRY_PAST }),
);
export type SellerPromoCodeUpdate = z.output<typeof sellerPromoCodeUpdateSchema>;

/** GET /seller/promo-codes query. */
export const sellerPromoCodeListQuerySchema = z.object({ ...pagingQueryFields(STANDARD_PAGING) });

export const sellerPromoCodeViewSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  /** Percent, or dollars for a fixed amount. */
  value: z.number(),
  description: z.string(),
  active: z.boolean(),
  status: z.enum(PROMO_STATUSES),
  /** The products it names (none: all the seller's). */
  products: z.array(z.object({ id: z.string(), title: z.string() })),
  expires_at: isoDateSchema.nullable(),
  usage_limit: z.number().nullable(),
  used_count: z.number(),
  per_customer_limit: z.number().nullable(),
  /** Uses by paid orders. */
  redemptions: z.number(),
  /** Dollars this code took off paid orders (out of the seller's share). */
  revenue_discounted: moneySchema,
  created_at: isoDateSchema,
});
export type SellerPromoCodeView = z.output<typeof sellerPromoCodeViewSchema>;

export const sellerPromoCodeListSchema = pagedListSchema('promo_codes', sellerPromoCodeViewSchema);
export type SellerPromoCodeList = z.output<typeof sellerPromoCodeListSchema>;

export const sellerPromoCodeChangeSchema = z.object({ message: z.string(), promo_code: sellerPromoCodeViewSchema });
