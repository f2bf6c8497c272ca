import { z } from 'zod';
import { isoDateSchema } from './api';
import { pagedListSchema } from './paging';

/**
 * Updates to past buyers (apps/api/src/modules/product-updates, docs/decisions/0039): a seller's
 * update note or the notice of an approved version reaches every paid, not refunded buyer of the
 * product in-app and by e-mail, unless they muted the product's updates or all of them.
 */

export const PRODUCT_UPDATE_TITLE_MIN = 3;
export const PRODUCT_UPDATE_TITLE_MAX = 120;
export const PRODUCT_UPDATE_BODY_MIN = 10;
export const PRODUCT_UPDATE_BODY_MAX = 5000;

const TITLE_MESSAGE = 'Update title must be 3 to 120 characters';
const BODY_MESSAGE = 'Update text must be 10 to 5,000 characters';

/** A seller's update note: a title and a short markdown post. */
export const productUpdateNoteSchema = z.object({
  title: z
    .string({ error: TITLE_MESSAGE })
    .trim()
    .min(PRODUCT_UPDATE_TITLE_MIN, TITLE_MESSAGE)
    .max(PRODUCT_UPDATE_TITLE_MAX, TITLE_MESSAGE),
  body: z
    .string({ error: BODY_MESSAGE })
    .trim()
    .min(PRODUCT_UPDATE_BODY_MIN, BODY_MESSAGE)
    .max(PRODUCT_UPDATE_BODY_MAX, BODY_MESSAGE),
});
export type ProductUpdateNoteInput = z.input<typeof productUpdateNoteSchema>;

export const PRODUCT_UPDATE_KINDS = ['version', 'note'] as const;
export type ProductUpdateKind = (typeof PRODUCT_UPDATE_KINDS)[number];

/** An update as the product page shows it. */
export const productUpdatePostSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  kind: z.enum(PRODUCT_UPDATE_KINDS),
  title: z.string(),
  body: z.string(),
  created_at: isoDateSchema,
});
export type ProductUpdate = z.output<typeof productUpdatePostSchema>;
export const productUpdatePostListSchema = pagedListSchema('updates', productUpdatePostSchema);
export type ProductUpdateList = z.output<typeof productUpdatePostListSchema>;

/** Where the sending of one update stands, for its seller. */
export const productUpdateDeliveryCountsSchema = z.object({
  /** E-mailed (each of these buyers also has the in-app notification). */
  sent: z.number().int(),
  /** Buyers still to be e-mailed, including those the job has not reached yet. */
  queued: z.number().int(),
  /** Buyers who muted this product's updates, or all of them. */
  skipped: z.number().int(),
  /** Mails the server could not hand over (after retries, or interrupted mid-send and not retried so no one gets two). */
  failed: z.number().int(),
});
export type ProductUpdateDeliveryCounts = z.output<typeof productUpdateDeliveryCountsSchema>;

export const sellerProductUpdateSchema = productUpdatePostSchema.extend({ deliveries: productUpdateDeliveryCountsSchema });
export type SellerProductUpdate = z.output<typeof sellerProductUpdateSchema>;
export const sellerProductUpdateListSchema = pagedListSchema('updates', sellerProductUpdateSchema);
export type SellerProductUpdateList = z.output<typeof sellerProductUpdateListSchema>;

/** The signed-in user's product update e-mails and notifications: all off, or off for these products. */
export const productUpdatePreferencesSchema = z.object({
  all_muted: z.boolean(),
  muted_products: z.array(z.object({ product_id: z.string(), title: z.string(), muted_at: isoDateSchema })),
});
export type ProductUpdatePreferences = z.output<typeof productUpdatePreferencesSchema>;

export const productUpdatesAllMutedSchema = z.object({
  all_muted: z.boolean({ error: 'all_muted must be true or false' }),
});

export const PRODUCT_UPDATE_UNSUBSCRIBE_SCOPES = ['product', 'all'] as const;

/** What an unsubscribe link names, for its confirming page (reading it changes nothing). */
export const productUpdateUnsubscribeStateSchema = z.object({
  product: z.object({ id: z.string(), title: z.string() }).nullable(),
  product_muted: z.boolean(),
  all_muted: z.boolean(),
});
export type ProductUpdateUnsubscribeState = z.output<typeof productUpdateUnsubscribeStateSchema>;
