import { z } from 'zod';
import { isoDateSchema, moneySchema } from './api';
import { pagedListSchema } from './paging';

/** Orders, checkout and download links as the API answers them (spec §3 Order). */

export const ORDER_STATUSES = [
  'pending',
  'processing',
  'completed',
  'payment_completed',
  'cancelled',
  'expired',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orderItemSchema = z.object({
  product_id: z.string(),
  product_name: z.string(),
  product_title: z.string(),
  quantity: z.number(),
  price: moneySchema,
  /** The line's download cap when it was ordered (null: unlimited; absent from older answers). */
  download_limit: z.number().nullable().optional(),
  /** Downloads of the line still allowed (null: unlimited). */
  downloads_left: z.number().nullable().optional(),
});
export type OrderItemView = z.output<typeof orderItemSchema>;

/** processing: an admin approved it and the provider refund is under way. */
export const REFUND_STATUSES = ['requested', 'processing', 'approved', 'denied'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const orderRefundSchema = z.object({
  status: z.enum(REFUND_STATUSES),
  reason: z.string(),
  requested_at: isoDateSchema,
});

/** The order (with the save-payload field names as aliases). */
/** What an order charged in tax: the billing country, the rate and label kept at checkout, the amount. */
export const orderTaxSchema = z.object({
  country: z.string(),
  region: z.string().nullable(),
  rate: z.number(),
  rate_bps: z.number(),
  label: z.string().nullable(),
  amount: moneySchema,
});
export type OrderTax = z.output<typeof orderTaxSchema>;

export const orderSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.string(),
  items: z.array(orderItemSchema),
  product_name: z.string(),
  subtotal: moneySchema,
  discount: moneySchema,
  total_amount: moneySchema,
  amount: moneySchema,
  ai_pool_contribution: moneySchema,
  currency: z.string(),
  promo_code: z.string().nullable(),
  payment_intent_id: z.string().nullable(),
  created_at: isoDateSchema,
  updated_at: isoDateSchema,
  paid_at: isoDateSchema.nullable(),
  refund: orderRefundSchema.nullable(),
  /** Net after discounts: what the sellers, the AI pool and the platform share (total_amount − tax). */
  net_amount: moneySchema.optional(),
  /** The tax the order charged, as it was at checkout; null when it had no billing country (decision 0044). */
  tax: orderTaxSchema.nullable().optional(),
});
export type OrderView = z.output<typeof orderSchema>;

/** GET /orders/owned-products: what the signed-in buyer owns (paid, not refunded), for "In your library". */
export const ownedProductsSchema = z.object({ product_ids: z.array(z.string()) });
export type OwnedProducts = z.output<typeof ownedProductsSchema>;

export const orderListSchema = pagedListSchema('orders', orderSchema);
export type OrderList = z.output<typeof orderListSchema>;

export const orderStatsSchema = z.object({
  total_orders: z.number(),
  completed_orders: z.number(),
  /** Pending and processing together: the spec's "active" orders. */
  processing_orders: z.number(),
  total_spent: moneySchema,
});
export type OrderStats = z.output<typeof orderStatsSchema>;

/** POST /orders/checkout: the pending order and the payment to complete. */
export const checkoutResultSchema = z.object({
  order_id: z.string(),
  order_number: z.string(),
  payment_intent_id: z.string().nullable(),
  client_secret: z.string().nullable(),
  amount: moneySchema,
  currency: z.string(),
  provider: z.string(),
  status: z.string(),
  payment_status: z.string(),
  /** The net the amount includes tax on, and the tax (decision 0044); absent from older answers. */
  net_amount: moneySchema.optional(),
  tax: orderTaxSchema.nullable().optional(),
});
export type CheckoutResult = z.output<typeof checkoutResultSchema>;

/** POST /orders/save-order (the spec's client). */
export const savedOrderSchema = z.object({
  order_id: z.string(),
  order_number: z.string(),
  status: z.string(),
  payment_status: z.string(),
});
export type SavedOrder = z.output<typeof savedOrderSchema>;

export const downloadLinkSchema = z.object({
  product_id: z.string(),
  product_title: z.string(),
  file_id: z.string(),
  file_name: z.string(),
  size_bytes: z.number(),
  /** The product version the file belongs to ("1.0" for a product's first files; decision 0038). */
  version_label: z.string().optional(),
  /** Whether that version is the product's current one (buyers also keep every earlier version). */
  version_current: z.boolean().optional(),
  url: z.string(),
  expires_at: isoDateSchema,
});
export type DownloadLink = z.output<typeof downloadLinkSchema>;

export const downloadLinksSchema = z.object({
  order_id: z.string(),
  links: z.array(downloadLinkSchema),
  expires_at: isoDateSchema,
});
export type DownloadLinks = z.output<typeof downloadLinksSchema>;
export const regeneratedLinksSchema = downloadLinksSchema.extend({ message: z.string() });
export type RegeneratedLinks = z.output<typeof regeneratedLinksSchema>;

export const refundRequestedSchema = z.object({ message: z.string(), refund: orderRefundSchema });
export type RefundRequested = z.output<typeof refundRequestedSchema>;

/** Payment confirmation: paid, or still processing with the provider. */
export const paymentStateSchema = z.object({
  status: z.enum(['succeeded', 'processing']),
  order_id: z.string(),
  order_number: z.string(),
  payment_status: z.string(),
});
export type PaymentState = z.output<typeof paymentStateSchema>;

export const paymentConfigSchema = z.object({
  provider: z.string(),
  test_mode: z.boolean(),
  publishable_key: z.string().nullable(),
  test_cards: z.object({ success: z.string(), declined: z.string(), insufficientFunds: z.string() }).nullable(),
});
export type PaymentConfig = z.output<typeof paymentConfigSchema>;

export const webhookReceiptSchema = z.object({ received: z.literal(true), duplicate: z.literal(true).optional() });
