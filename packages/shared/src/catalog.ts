import { z } from 'zod';

/** Catalogue contract: categories, licences, list filters (spec §5 Product queries) and shapes. */

export const CATEGORIES = [
  { slug: 'ai-tools', name: 'AI Tools' },
  { slug: 'scripts', name: 'Scripts' },
  { slug: 'datasets', name: 'Datasets' },
  { slug: 'apis', name: 'APIs' },
  { slug: 'ml-modules', name: 'ML Modules' },
  { slug: 'prompt-packs', name: 'Prompt Packs' },
  { slug: 'models', name: 'Models' },
] as const;
export type CategorySlug = (typeof CATEGORIES)[number]['slug'];

export const LICENSES = [
  { slug: 'standard', name: 'Standard' },
  { slug: 'extended', name: 'Extended' },
  { slug: 'commercial', name: 'Commercial' },
  { slug: 'open-source', name: 'Open Source' },
] as const;
export type LicenseSlug = (typeof LICENSES)[number]['slug'];

/** 'AI Tools', 'ai-tools' and 'ai tools' all name the same category. */
export function findCategory(value: string | null | undefined) {
  const key = (value ?? '').trim().toLowerCase();
  return CATEGORIES.find((c) => c.slug === key || c.name.toLowerCase() === key || c.slug === key.replace(/\s+/g, '-'));
}

export function findLicense(value: string | null | undefined) {
  const key = (value ?? '').trim().toLowerCase();
  return LICENSES.find((l) => l.slug === key || l.name.toLowerCase() === key || l.slug === key.replace(/\s+/g, '-'));
}

export const PRODUCT_SORTS = ['created_at', 'price', 'rating', 'popularity', 'title', 'relevance'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_PAGE_LIMIT_MAX = 100;
export const PRODUCT_PAGE_LIMIT_DEFAULT = 20;
/** Totals are exact up to this many matches, then shown as "1,000+" (no pass over every match). */
export const PRODUCT_TOTAL_CAP = 1000;

/** Price facet bands in dollars (max exclusive; null is open-ended); a band filters as min_price/max_price. */
export const PRICE_BANDS = [
  { slug: 'under-10', label: 'Under $10', min: 0, max: 10 },
  { slug: '10-50', label: '$10 to $50', min: 10, max: 50 },
  { slug: '50-100', label: '$50 to $100', min: 50, max: 100 },
  { slug: '100-plus', label: '$100 and up', min: 100, max: null },
] as const;
/** Rating facet thresholds: "4 stars & up" and so on. */
export const RATING_THRESHOLDS = [4, 3, 2, 1] as const;

/** Empty, null and NaN parameters are dropped and values trimmed (spec §5). */
export function blankToUndefined(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number' && Number.isNaN(value)) return undefined;
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return ['', 'null', 'undefined', 'NaN'].includes(trimmed) ? undefined : trimmed;
}

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
    status: optional(z.enum(['pending', 'approved', 'rejected', 'all'], { error: 'Unknown status' })),
    sort_by: optional(z.enum(PRODUCT_SORTS, { error: `sort_by must be one of ${PRODUCT_SORTS.join(', ')}` })),
    sort_order: optional(z.enum(['asc', 'desc'], { error: 'sort_order must be asc or desc' })),
    page: optional(
      z.coerce
        .number({ error: 'page must be a number' })
        .int('page must be a whole number')
        .min(1, 'page must be 1 or more')
        .max(100_000),
    ),
    limit: optional(
      z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be 1 or more'),
    ),
  })
  .refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
    path: ['min_price'],
    message: 'min_price must not be more than max_price',
  });
export type ProductListQuery = z.output<typeof productListQuerySchema>;

export interface PublicProduct {
  id: string;
  title: string;
  name: string;
  short_description: string;
  description: string;
  price: number;
  original_price: number | null;
  originalPrice: number | null;
  images: string[];
  image: string | null;
  image_url: string | null;
  seller: string;
  seller_name: string;
  seller_id: string;
  category: string;
  category_slug: string;
  license: string;
  license_type: string;
  status: 'pending' | 'approved' | 'rejected';
  featured: boolean;
  rejection_reason: string | null;
  rating: number;
  review_count: number;
  sales_count: number;
  tags: string[];
  created_at: string;
  updated_at: string;
}

export interface FacetCount {
  value: string;
  label: string;
  count: number;
}

/** Counts over the matches (over the first PRODUCT_TOTAL_CAP of them when the total is capped). */
export interface ProductFacets {
  category: FacetCount[];
  license: FacetCount[];
  price: FacetCount[];
  /** Cumulative: "4" counts products rated 4 and up. */
  rating: FacetCount[];
}

export interface ProductList {
  products: PublicProduct[];
  /** Exact up to PRODUCT_TOTAL_CAP; when `total_capped`, there are more. */
  total: number;
  total_capped: boolean;
  page: number;
  pages: number;
  facets: ProductFacets;
  /** The query as typo correction read it, when a word was corrected ("Did you mean"). */
  did_you_mean: string | null;
}

export interface CategoryCount {
  slug: string;
  name: string;
  count: number;
}

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

export interface PublicReview {
  id: string;
  product_id: string;
  user_id: string;
  user_name: string;
  rating: number;
  comment: string;
  created_at: string;
  updated_at: string;
}

export const wishlistAddSchema = z.object({
  product_id: z.uuid({ error: 'Product not found' }),
});
