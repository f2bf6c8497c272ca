import { z } from 'zod';
import { moneySchema } from './api';
import { publicUserSchema } from './auth';
import { DEFAULT_LICENSE, findCategory, findLicense, PRODUCT_PRICE_MAX, publicProductSchema } from './catalog';
import { checkListingCard, listingCardFieldSchema } from './listing-card';
import { pagedListSchema } from './paging';
import { scannedFileSchema } from './scans';

/** The product form of sellers and simple admins (spec §5 Product form): scalar fields as text, arrays as JSON text. */

const money = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .refine((value) => Number.isFinite(value), `${label} must be a number`)
    .refine((value) => value >= 0.5, `${label} must be at least $0.50`)
    .refine((value) => value <= PRODUCT_PRICE_MAX, `${label} must be at most $100,000`);

/** A price may be $0 (free) or at least $0.50 (the least a card payment can be). */
const price = z
  // An empty field is no price (not $0): a seller who forgot it is asked, not listed for free.
  .preprocess(
    (v) => (v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.coerce.number({ error: 'Price must be a number' }),
  )
  .refine((value) => Number.isFinite(value), 'Price must be a number')
  .refine((value) => value === 0 || value >= 0.5, 'Price must be $0 (free) or at least $0.50')
  .refine((value) => value <= PRODUCT_PRICE_MAX, 'Price must be at most $100,000');

/** A multipart field holding true/false (a checkbox). */
const flag = z.preprocess(
  (v) => (v === 'true' || v === 'on' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : v),
  z.boolean({ error: 'Pay what you want must be true or false' }),
);

export const SUGGESTED_BELOW_MINIMUM = 'The suggested price must not be lower than the minimum price';

const jsonArray = z.preprocess((value) => {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  }
}, z.array(z.string().trim().min(1).max(40)).max(10, 'At most 10 tags').optional());

const productFields = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(3, 'Title must be at least 3 characters')
    .max(120, 'Title must be at most 120 characters'),
  short_description: z.string().trim().max(300, 'Short description must be at most 300 characters').optional().default(''),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(20, 'Description must be at least 20 characters')
    .max(10_000, 'Description is too long'),
  /** The price; with pay-what-you-want on, the minimum (may be $0). */
  price,
  /** Pay what you want: the buyer chooses the amount, at least `price`, prefilled with `suggested_price`. */
  pay_what_you_want: flag.optional(),
  suggested_price: z.preprocess(
    (v) => (v === '' || v === null || v === 'null' ? undefined : v),
    money('Suggested price').optional(),
  ),
  original_price: z.preprocess(
    (v) => (v === '' || v === null || v === 'null' ? undefined : v),
    money('Original price').optional(),
  ),
  category: z
    .string({ error: 'Category is required' })
    .refine((value) => Boolean(findCategory(value)), 'Please choose a category'),
  license: z.preprocess(
    (v) => (v === '' || v == null ? DEFAULT_LICENSE : v),
    z.string().refine((value) => Boolean(findLicense(value)), 'Please choose a license'),
  ),
  tags: jsonArray,
  /** The AI listing card (listing-card.ts), as JSON text; checked against the category and licence. */
  card: listingCardFieldSchema,
});

export const productFormSchema = productFields
  .superRefine((form, context) => {
    if (!form.pay_what_you_want) return;
    if (form.suggested_price === undefined)
      context.addIssue({ code: 'custom', path: ['suggested_price'], message: 'Suggested price is required' });
    else if (form.suggested_price < form.price)
      context.addIssue({ code: 'custom', path: ['suggested_price'], message: SUGGESTED_BELOW_MINIMUM });
  })
  .refine((form) => form.original_price === undefined || form.original_price >= form.price, {
    path: ['original_price'],
    message: 'Original price must not be lower than the price',
  })
  .superRefine((form, context) => {
    for (const issue of checkListingCard(form.category, form.license, form.card).issues)
      context.addIssue({ code: 'custom', path: issue.field.split('.'), message: issue.message });
  });
export type ProductForm = z.input<typeof productFormSchema>;

export const productUpdateSchema = productFields.partial();

/** Upload limits, enforced by the server while streaming. */
export const UPLOAD_LIMITS = {
  image: { maxBytes: 5 * 1024 * 1024, maxCount: 8, types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] },
  video: { maxBytes: 100 * 1024 * 1024, maxCount: 1, types: ['video/mp4', 'video/webm', 'video/quicktime'] },
  file: { maxBytes: 200 * 1024 * 1024, maxCount: 10 },
} as const;

export const UPLOAD_TOO_LARGE = 'Files too large - reduce file sizes';

/** A listing sells files: one without any cannot be submitted for review. */
export const PRODUCT_FILES_REQUIRED = 'Add at least one file for buyers to download';

export const becomeSellerSchema = z.object({
  accept_terms: z.literal(true, { error: 'You must accept the seller terms' }),
});

export const sellerStatsSchema = z.object({
  total_products: z.number(),
  pending: z.number(),
  approved: z.number(),
  rejected: z.number(),
  total_revenue: moneySchema,
  total_sales: z.number(),
});
export type SellerStats = z.output<typeof sellerStatsSchema>;

/** GET /seller/dashboard/stats: the stats, and the same under `data`. */
export const sellerDashboardStatsSchema = z.object({ ...sellerStatsSchema.shape, data: sellerStatsSchema });

export const sellerSalesSchema = z.object({
  series: z.array(z.object({ date: z.string(), sales: z.number(), revenue: moneySchema })),
});
export type SellerSales = z.output<typeof sellerSalesSchema>;

/** A seller's own product: what the public sees, plus its files with their safety scan. */
export const ownProductSchema = publicProductSchema.extend({ files: z.array(scannedFileSchema) });
export type OwnProduct = z.output<typeof ownProductSchema>;

/** Creating or updating a listing: a message and the product (also under `data`). */
export const listedProductSchema = z.object({ message: z.string(), data: ownProductSchema, product: ownProductSchema });
export type ListedProduct = z.output<typeof listedProductSchema>;

export const becameSellerSchema = z.object({ message: z.string(), user: publicUserSchema });
export type BecameSeller = z.output<typeof becameSellerSchema>;

export const ownProductListSchema = pagedListSchema('products', ownProductSchema).extend({
  data: z.array(ownProductSchema),
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() }),
});
export type OwnProductList = z.output<typeof ownProductListSchema>;

/** Simple admins: the account, its products (skip/limit paging) and its dashboard. */
export const simpleAdminSchema = publicUserSchema;
export const simpleAdminListSchema = z.object({ simple_admins: z.array(simpleAdminSchema), total: z.number() });
export type SimpleAdminList = z.output<typeof simpleAdminListSchema>;
export const simpleAdminChangeSchema = z.object({ message: z.string(), simple_admin: simpleAdminSchema });
export const simpleAdminProductsSchema = pagedListSchema('products', publicProductSchema).extend({
  skip: z.number(),
  limit: z.number(),
});
export type SimpleAdminProducts = z.output<typeof simpleAdminProductsSchema>;
export const simpleAdminDashboardSchema = z.object({
  ...sellerStatsSchema.shape,
  recent_products: z.array(publicProductSchema),
});
export type SimpleAdminDashboard = z.output<typeof simpleAdminDashboardSchema>;
