import { z } from 'zod';
import { isoDateSchema, moneySchema } from './api';
import { findCategory, findLicense } from './lean';
import {
  PRODUCT_BROWSE_DEPTH,
  PRODUCT_BROWSE_DEPTH_MESSAGE,
  PRODUCT_PAGE_LIMIT_DEFAULT,
  PRODUCT_PAGE_LIMIT_MAX,
  PRODUCT_SORTS,
} from './lean-catalogue';
import { findFramework, findHostingFacet, type HOSTING_FACETS, listingCardSchema } from './listing-card';
import { blankToUndefined, type PagingQuery, pagedListSchema, pagingQueryFields } from './paging';

/** Catalogue contract: categories, licences, list filters (spec §5 Product queries) and shapes. */

export {
  CATEGORIES,
  type CategorySlug,
  DEFAULT_LICENSE,
  findCategory,
  findLicense,
  LEGACY_LICENSES,
  LICENSES,
  type LicenseSlug,
} from './lean';
// Defined without zod (./lean-catalogue): the storefront's catalogue page reads them.
export {
  PRICE_BANDS,
  PRODUCT_BROWSE_DEPTH,
  PRODUCT_BROWSE_DEPTH_MESSAGE,
  PRODUCT_PAGE_LIMIT_DEFAULT,
  PRODUCT_PAGE_LIMIT_MAX,
  PRODUCT_PRICE_MAX,
  PRODUCT_SORTS,
  PRODUCT_TOTAL_CAP,
  type ProductSort,
  RATING_THRESHOLDS,
} from './lean-catalogue';

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const price = (name: string) =>
  optional(
    z.coerce
      .number({ error: `${name} must be a number` })
      .min(0, `${name} must be 0 or more`)
      .max(1_000_000, `${name} is too large`),
  );

export const productListQuerySchema = z
  .object({
    search: optional(z.string().max(200, 'search must be at most 200 characters')),
    category: optional(z.string().refine((value) => Boolean(findCategory(value)), 'Unknown category')),
    min_price: price('min_price'),
    max_price: price('max_price'),
    license: optional(z.string().refine((value) => Boolean(findLicense(value)), 'Unknown license')),
    min_rating: optional(
      z.coerce
        .number({ error: 'min_rating must be a number' })
        .min(0, 'min_rating must be 0 to 5')
        .max(5, 'min_rating must be 0 to 5'),
    ),
    featured: optional(
      z
        .enum(['true', 'false', '1', '0'], { error: 'featured must be true or false' })
        .transform((v) => v === 'true' || v === '1'),
    ),
    seller_id: optional(z.uuid({ error: 'seller_id must be a valid id' })),
    // The AI listing card's facets.
    // Card facets by slug or display name, in any case ('PyTorch' or 'pytorch'); the slug is what filters.
    framework: optional(
      z
        .string({ error: 'Unknown framework' })
        .refine((value) => Boolean(findFramework(value)), 'Unknown framework')
        .transform((value): string => findFramework(value)?.slug ?? value),
    ),
    commercial_use: optional(
      z
        .string({ error: 'commercial_use can only be true' })
        .refine((value) => ['true', '1'].includes(value.trim().toLowerCase()), 'commercial_use can only be true')
        .transform(() => true as const),
    ),
    max_gpu_memory: optional(
      z.coerce
        .number({ error: 'max_gpu_memory must be a number of GB' })
        .min(0, 'max_gpu_memory must be a number of GB')
        .max(1024, 'max_gpu_memory must be a number of GB'),
    ),
    hosting: optional(
      z
        .string({ error: 'hosting must be hosted or self-hosted' })
        .refine((value) => Boolean(findHostingFacet(value)), 'hosting must be hosted or self-hosted')
        .transform((value) => findHostingFacet(value) as (typeof HOSTING_FACETS)[number]),
    ),
    status: optional(z.enum(['pending', 'approved', 'rejected', 'all'], { error: 'Unknown status' })),
    sort_by: optional(z.enum(PRODUCT_SORTS, { error: `sort_by must be one of ${PRODUCT_SORTS.join(', ')}` })),
    sort_order: optional(z.enum(['asc', 'desc'], { error: 'sort_order must be asc or desc' })),
    ...pagingQueryFields({ defaultLimit: PRODUCT_PAGE_LIMIT_DEFAULT, maxLimit: PRODUCT_PAGE_LIMIT_MAX }),
  })
  .refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
    path: ['min_price'],
    message: 'min_price must not be more than max_price',
  })
  .refine((q) => q.page * q.limit <= PRODUCT_BROWSE_DEPTH, { path: ['page'], message: PRODUCT_BROWSE_DEPTH_MESSAGE });
/** The route fills in page and limit; callers inside the API (the chatbot, the search index) may leave them out. */
export type ProductListQuery = Omit<z.output<typeof productListQuerySchema>, 'page' | 'limit'> & Partial<PagingQuery>;

/** The product as every catalogue route returns it (spec §3 Product, with its aliases). */
export const publicProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  name: z.string(),
  short_description: z.string(),
  description: z.string(),
  /** The price; for a pay-what-you-want product the minimum ("from $X"). 0 is free. */
  price: moneySchema,
  /** The buyer chooses the amount (at least `price`); the field is prefilled with `suggested_price`. */
  pay_what_you_want: z.boolean().describe('The buyer chooses the amount, at least `price` (the minimum, may be 0)'),
  suggested_price: moneySchema.nullable().describe('Pay what you want: the amount the buyer sees first; null otherwise'),
  original_price: moneySchema.nullable(),
  originalPrice: moneySchema.nullable(),
  images: z.array(z.string()),
  image: z.string().nullable(),
  image_url: z.string().nullable(),
  seller: z.string(),
  seller_name: z.string(),
  seller_id: z.string(),
  category: z.string(),
  category_slug: z.string(),
  license: z.string(),
  license_type: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  featured: z.boolean(),
  rejection_reason: z.string().nullable(),
  rating: z.number(),
  review_count: z.number(),
  sales_count: z.number(),
  tags: z.array(z.string()),
  created_at: isoDateSchema,
  updated_at: isoDateSchema,
  /**
   * When every file of the product was last scanned for safety (the "scanned" badge); null when
   * any is not scanned yet. Absent only from rows serialised before it existed (a search index snapshot).
   */
  scanned_at: isoDateSchema.nullable().optional(),
  /**
   * The AI listing card: the category's structured fields and the licence's plain-language summary.
   * Absent only from rows serialised before it existed.
   */
  card: listingCardSchema.optional(),
});
export type PublicProduct = z.output<typeof publicProductSchema>;

export const facetCountSchema = z.object({ value: z.string(), label: z.string(), count: z.number() });
export type FacetCount = z.output<typeof facetCountSchema>;

/** Counts over the matches (over the first PRODUCT_TOTAL_CAP of them when the total is capped). */
export const productFacetsSchema = z.object({
  category: z.array(facetCountSchema),
  license: z.array(facetCountSchema),
  price: z.array(facetCountSchema),
  /** Cumulative: "4" counts products rated 4 and up. */
  rating: z.array(facetCountSchema),
  /** The AI listing card's facets: framework (models), licence allows commercial use, GPU memory (cumulative: "8" counts ≤ 8 GB), hosting. */
  framework: z.array(facetCountSchema),
  commercial_use: z.array(facetCountSchema),
  gpu_memory: z.array(facetCountSchema),
  hosting: z.array(facetCountSchema),
});
export type ProductFacets = z.output<typeof productFacetsSchema>;

export const productListSchema = z.object({
  products: z.array(publicProductSchema),
  /** Exact up to PRODUCT_TOTAL_CAP; when `total_capped`, there are more. */
  total: z.number(),
  total_capped: z.boolean(),
  page: z.number(),
  pages: z.number(),
  facets: productFacetsSchema,
  /** The query as typo correction read it, when a word was corrected ("Did you mean"). */
  did_you_mean: z.string().nullable(),
});
export type ProductList = z.output<typeof productListSchema>;

/** GET /products/{id}: the product and a few related ones from its category. */
export const productDetailSchema = publicProductSchema.extend({ related: z.array(publicProductSchema) });
export type ProductDetail = z.output<typeof productDetailSchema>;

/**
 * A file a buyer gets with a product, as anyone may see it before buying: its name, content type
 * and size, never where it is stored or what its safety scan found.
 */
export const productFileInfoSchema = z.object({
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number(),
});
export type ProductFileInfo = z.output<typeof productFileInfoSchema>;

/**
 * GET /products/{id}/files: every file of a public product, in upload order. Kept out of the
 * product itself: catalogue rows stay small, and a product page is answered from the search index.
 */
export const productFilesSchema = z.object({
  product_id: z.string(),
  files: z.array(productFileInfoSchema),
  /** How many times each purchase may be downloaded (the seller's cap; null: unlimited). */
  download_limit: z.number().nullable().optional(),
});
export type ProductFiles = z.output<typeof productFilesSchema>;

export const categoryCountSchema = z.object({ slug: z.string(), name: z.string(), count: z.number() });
export type CategoryCount = z.output<typeof categoryCountSchema>;
export const categoryListSchema = z.object({ categories: z.array(categoryCountSchema) });
export type CategoryList = z.output<typeof categoryListSchema>;

/** GET /products/debug/count (admins). */
export const productCountSchema = z.object({
  total: z.number(),
  approved: z.number(),
  pending: z.number(),
  rejected: z.number(),
});

export const reviewRequestSchema = z.object({
  rating: z.coerce
    .number({ error: 'Rating must be a number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be a number from 1 to 5')
    .max(5, 'Rating must be a number from 1 to 5'),
  comment: z
    .string({ error: 'Please write a short review' })
    .trim()
    .min(3, 'Please write a short review (at least 3 characters)')
    .max(2000, 'Reviews are limited to 2000 characters'),
});
export type ReviewRequest = z.input<typeof reviewRequestSchema>;

export const publicReviewSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  rating: z.number(),
  comment: z.string(),
  created_at: isoDateSchema,
  updated_at: isoDateSchema,
});
export type PublicReview = z.output<typeof publicReviewSchema>;

/** A product's reviews: 10 a page, at most 50. */
export const REVIEW_PAGING = { defaultLimit: 10, maxLimit: 50 };

export const reviewListSchema = pagedListSchema('reviews', publicReviewSchema).extend({
  average_rating: z.number(),
  review_count: z.number(),
  can_review: z.boolean(),
});
export type ReviewList = z.output<typeof reviewListSchema>;

export const wishlistAddSchema = z.object({
  product_id: z.uuid({ error: 'Product not found' }),
});

export const wishlistItemSchema = publicProductSchema.extend({ added_at: isoDateSchema });
export type WishlistItem = z.output<typeof wishlistItemSchema>;
/** The wishlist (`items` and its alias `products`); add and remove answer it with a message. */
export const wishlistSchema = z.object({
  items: z.array(wishlistItemSchema),
  products: z.array(wishlistItemSchema),
  total: z.number(),
});
export type Wishlist = z.output<typeof wishlistSchema>;
export const wishlistChangeSchema = z.object({ message: z.string(), ...wishlistSchema.shape });
