import { z } from 'zod';
import { isoDateSchema, moneySchema } from './api';
import { pagedListSchema } from './paging';

/**
 * The affiliate programme: referral links, attributed sales and commission.
 * Amounts are dollars here; the server stores cents. The commission is a percentage of the
 * order total, paid out of the platform fee (docs/decisions/0018-affiliates.md).
 */

export const AFFILIATE_DEFAULT_COMMISSION_PERCENT = 5;
export const AFFILIATE_DEFAULT_COOKIE_DAYS = 30;
export const AFFILIATE_COOKIE_DAYS_MAX = 365;
/** Referral codes: letters and digits only, as `/r/<code>` and `?ref=<code>` carry them. */
export const affiliateCodeSchema = z
  .string()
  .trim()
  .min(4)
  .max(32)
  .regex(/^[A-Za-z0-9]+$/, 'Referral code not found');

export const affiliateSettingsSchema = z.object({
  enabled: z.boolean({ error: 'Enabled must be true or false' }),
  commission_percent: z
    .number({ error: 'Commission must be a number' })
    .min(0, 'Commission must be between 0% and 100%')
    .max(100, 'Commission must be between 0% and 100%')
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Commission may have at most two decimals'),
  cookie_days: z
    .number({ error: 'Cookie window must be a number of days' })
    .int('Cookie window must be a whole number of days')
    .min(1, `Cookie window must be between 1 and ${AFFILIATE_COOKIE_DAYS_MAX} days`)
    .max(AFFILIATE_COOKIE_DAYS_MAX, `Cookie window must be between 1 and ${AFFILIATE_COOKIE_DAYS_MAX} days`),
});
export type AffiliateSettingsInput = z.infer<typeof affiliateSettingsSchema>;

export const affiliateSettingsUpdateSchema = affiliateSettingsSchema
  .partial()
  .refine(
    (value) => Object.values(value).some((field) => field !== undefined),
    'Nothing to update: send at least one field to change',
  );
export type AffiliateSettingsUpdate = z.infer<typeof affiliateSettingsUpdateSchema>;

export const affiliateSettingsViewSchema = z.object({
  enabled: z.boolean(),
  commission_percent: z.number(),
  cookie_days: z.number(),
  /** The platform fee: the commission is paid out of it and can not exceed it. */
  max_commission_percent: z.number(),
  updated_at: isoDateSchema,
});
export type AffiliateSettingsView = z.output<typeof affiliateSettingsViewSchema>;

/** The signed-in member's referral link and figures. */
export const affiliateDashboardSchema = z.object({
  programme_enabled: z.boolean(),
  code: z.string(),
  link: z.string(),
  commission_percent: z.number(),
  cookie_days: z.number(),
  hold_days: z.number(),
  stats: z.object({
    /** Visits through the link, at most one per visitor a day. */
    clicks: z.number(),
    /** Paid orders attributed to the link (refunded ones included). */
    orders: z.number(),
    refunded_orders: z.number(),
    /** What the referred buyers paid, minus refunds. */
    sales: moneySchema,
    /** Commission on sales still inside the refund window. */
    earnings_pending: moneySchema,
    /** Commission past the refund window: added to the payout balance. */
    earnings_available: moneySchema,
  }),
  /** The member's payout balance (seller earnings and commission together), as the payout run sees it. */
  payout: z.object({
    has_account: z.boolean(),
    available: moneySchema,
    in_transit: moneySchema,
    paid_out: moneySchema,
    minimum_payout: moneySchema,
  }),
});
export type AffiliateDashboard = z.output<typeof affiliateDashboardSchema>;

export const AFFILIATE_SALE_STATUSES = ['pending', 'available', 'refunded'] as const;
export type AffiliateSaleStatus = (typeof AFFILIATE_SALE_STATUSES)[number];

/** One referred sale, without anything about the buyer. */
export const affiliateSaleSchema = z.object({
  /** An opaque reference for the row (not the order's id or number). */
  reference: z.string(),
  date: isoDateSchema,
  amount: moneySchema,
  commission: moneySchema,
  status: z.enum(AFFILIATE_SALE_STATUSES),
  /** When the commission leaves the refund window. */
  available_on: isoDateSchema,
});
export type AffiliateSale = z.output<typeof affiliateSaleSchema>;

export const affiliateSaleListSchema = pagedListSchema('sales', affiliateSaleSchema);
export type AffiliateSaleList = z.output<typeof affiliateSaleListSchema>;

/** One member in the admin overview. */
export const affiliateOverviewRowSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  code: z.string(),
  joined_at: isoDateSchema,
  clicks: z.number(),
  orders: z.number(),
  sales: moneySchema,
  earnings: moneySchema,
  earnings_pending: moneySchema,
});
export type AffiliateOverviewRow = z.output<typeof affiliateOverviewRowSchema>;

export const affiliateOverviewSchema = pagedListSchema('affiliates', affiliateOverviewRowSchema).extend({
  totals: z.object({ clicks: z.number(), orders: z.number(), sales: moneySchema, earnings: moneySchema }),
});
export type AffiliateOverview = z.output<typeof affiliateOverviewSchema>;

export const affiliateVisitSchema = z.object({ code: affiliateCodeSchema });
