import { z } from 'zod';

/**
 * Seller API tokens and webhooks (issue 25, docs/decisions/0043). A token reads the seller's own
 * products, sales and licence keys through the `/api/v1/seller/...` read routes its scopes allow;
 * a webhook endpoint receives the seller's events, signed with its secret.
 */

/** What a token may read; nothing a token can do writes. */
export const API_TOKEN_SCOPES = ['products:read', 'sales:read', 'licenses:read'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'mkt_sk_';

/** The events a webhook endpoint can receive; `webhook.test` is only ever sent by "Send a test event". */
export const WEBHOOK_EVENT_TYPES = ['sale.created', 'refund.created', 'license.activated'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Signed deliveries older than this are refused by a careful receiver (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const apiTokenCreateSchema = z.strictObject({
  name: z
    .string({ error: 'Give the token a name' })
    .trim()
    .min(1, 'Give the token a name')
    .max(80, 'The token name must be at most 80 characters'),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, { error: 'Unknown scope' }), { error: 'Choose at least one scope' })
    .min(1, 'Choose at least one scope')
    .max(API_TOKEN_SCOPES.length, 'Choose at least one scope'),
});
export type ApiTokenCreate = z.output<typeof apiTokenCreateSchema>;

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The token's first characters, to recognise it in the list. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiToken = z.output<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });

/** The answer to a new token: the only time the whole token is ever shown. */
export const createdApiTokenSchema = z.object({ token: z.string(), api_token: apiTokenSchema });

export const webhookEndpointCreateSchema = z.strictObject({
  url: z
    .string({ error: 'Enter the endpoint URL' })
    .trim()
    .min(1, 'Enter the endpoint URL')
    .max(2000, 'The endpoint URL must be at most 2000 characters'),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Unknown event type' }), { error: 'Choose at least one event' })
    .min(1, 'Choose at least one event')
    .max(WEBHOOK_EVENT_TYPES.length, 'Choose at least one event'),
});
export type WebhookEndpointCreate = z.output<typeof webhookEndpointCreateSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  created_at: z.string(),
});
export type WebhookEndpoint = z.output<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });

/** The answer to a new endpoint: the only time its signing secret is shown. */
export const createdWebhookEndpointSchema = z.object({ secret: z.string(), endpoint: webhookEndpointSchema });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivering', 'succeeded', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The receiver's HTTP status of the last attempt; null when it could not be reached. */
  status_code: z.number().int().nullable(),
  /** The start of the receiver's answer (at most 1000 characters), or why it could not be reached. */
  response_body: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type WebhookDelivery = z.output<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });

/** One attempt of a delivery (docs/decisions/0050): kept 30 days, newest first in its list. */
export const webhookDeliveryAttemptSchema = z.object({
  /** 1 for the first attempt. */
  attempt: z.number().int(),
  attempted_at: z.string(),
  /** How long the receiver took to answer (or to fail); null when the attempt was interrupted. */
  duration_ms: z.number().int().nullable(),
  /** The receiver's HTTP status; null when it could not be reached or nothing was sent. */
  status_code: z.number().int().nullable(),
  /** The start of the receiver's answer (at most 1000 characters). */
  response_body: z.string().nullable(),
  /** Why the attempt failed without an answer (network error, refused target, not sent). */
  error: z.string().nullable(),
});
export type WebhookDeliveryAttempt = z.output<typeof webhookDeliveryAttemptSchema>;

export const webhookDeliveryAttemptListSchema = z.object({ attempts: z.array(webhookDeliveryAttemptSchema) });

/** One sale or refund of the seller's, as the seller API lists them: the seller's own share and lines only. */
export const sellerSaleSchema = z.object({
  order_id: z.string(),
  order_number: z.string(),
  kind: z.enum(['sale', 'refund']),
  /** What the seller receives (negative for a refund), USD, after the platform fee and the AI pool. */
  amount: z.number(),
  created_at: z.string(),
  items: z.array(z.object({ title: z.string(), quantity: z.number().int() })),
});
export type SellerSale = z.output<typeof sellerSaleSchema>;

export const sellerSaleListSchema = z.object({
  sales: z.array(sellerSaleSchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
