import { z } from 'zod';
import { isoDateSchema } from './api';
import { publicProductSchema } from './catalog';
import { COMPARE_MAX, COMPARE_MIN } from './lean-catalogue';

export { sellerSlug } from './slug';

/** Seller pages and product comparison: what anyone may see of a seller, and products side by side. */

export const SELLER_BIO_MAX = 500;
export const SELLER_LINKS_MAX = 5;

/** A link a seller shows on their page (a website, a repository, a profile elsewhere). */
export const sellerLinkSchema = z.object({
  label: z.string().trim().min(1, 'Give each link a label').max(40, 'Link labels are limited to 40 characters'),
  url: z
    .string()
    .trim()
    .max(300, 'Links are limited to 300 characters')
    .refine((value) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), 'Links must start with http:// or https://'),
});
export type SellerLink = z.output<typeof sellerLinkSchema>;

/** PUT /seller/profile: the seller's own bio and links. */
export const sellerProfileUpdateSchema = z.object({
  bio: z.string().trim().max(SELLER_BIO_MAX, 'The bio is limited to 500 characters').default(''),
  links: z.array(sellerLinkSchema).max(SELLER_LINKS_MAX, 'At most 5 links').default([]),
});
export type SellerProfileUpdate = z.input<typeof sellerProfileUpdateSchema>;

/**
 * GET /sellers/{id}: a seller's public page. Only what the seller shows the world: never their
 * e-mail, payout details, earnings or unpublished products.
 */
export const publicSellerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The name in a URL (`/sellers/{id}/{slug}`); the id alone finds the seller. */
  slug: z.string(),
  avatar: z.string().nullable(),
  bio: z.string(),
  links: z.array(sellerLinkSchema),
  member_since: isoDateSchema,
  /** Approved products the public can see. */
  product_count: z.number(),
  /** Units sold in paid orders. */
  sales_count: z.number(),
  /** Average over every review of the seller's public products; 0 without reviews. */
  average_rating: z.number(),
  review_count: z.number(),
});
export type PublicSeller = z.output<typeof publicSellerSchema>;

// Defined without zod (./lean-catalogue): every product card reads them.
export { COMPARE_MAX, COMPARE_MIN } from './lean-catalogue';
export const COMPARE_COUNT_MESSAGE = 'Choose 2 to 4 products to compare';

/** `?ids=a,b,c`: 2 to 4 distinct product ids. */
export const compareQuerySchema = z.object({
  ids: z
    .string({ error: COMPARE_COUNT_MESSAGE })
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.uuid({ error: 'Product not found' }))
        .min(COMPARE_MIN, COMPARE_COUNT_MESSAGE)
        .max(COMPARE_MAX, COMPARE_COUNT_MESSAGE),
    ),
});

/** GET /compare: the public products among the ids, in the order asked; the others are listed as missing. */
export const compareSchema = z.object({
  products: z.array(publicProductSchema),
  missing: z.array(z.string()),
});
export type CompareResult = z.output<typeof compareSchema>;
