import { z } from 'zod';
import { pagedListSchema } from './paging';

/** The shopping assistant's contract (spec §3 Chat session, §7 Chatbot, §9 chat constants). */

export const CHAT_PRODUCT_LIMIT = 6;
export const CHAT_TYPING_DELAY_MS = 420;
export const CHAT_MESSAGE_MAX_LENGTH = 500;

/** What a quick reply sends; the server also understands the labels and free text. */
export const CHAT_QUICK_REPLIES = ['products', 'pricing', 'seller_info', 'custom_chatbot', 'show_more', 'main_menu'] as const;
export type ChatQuickReply = (typeof CHAT_QUICK_REPLIES)[number];

export const chatContextSchema = z.object({
  flow: z.enum(['menu', 'browse', 'lead']).default('menu'),
  step: z.string().nullable().default(null),
  name: z.string().nullable().default(null),
  email: z.string().nullable().default(null),
  last_intent: z.string().nullable().default(null),
});
export type ChatContext = z.output<typeof chatContextSchema>;

export const chatMessageRequestSchema = z.object({
  /** Omitted (or unknown) on the first message: the server opens a session and returns its id. */
  session_id: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.uuid({ error: 'session_id must be a valid id' }).optional(),
  ),
  message: z
    .string({ error: 'message must be text' })
    .max(CHAT_MESSAGE_MAX_LENGTH, `Messages can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`)
    .default(''),
  /** Accepted for compatibility with the spec's client; the server keeps the real context itself. */
  context: z.record(z.string(), z.unknown()).nullish(),
});
export type ChatMessageRequest = z.input<typeof chatMessageRequestSchema>;

export const chatProductCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  short_description: z.string(),
  price: z.number(),
  image: z.string().nullable(),
  category: z.string(),
  rating: z.number(),
  url: z.string(),
  /** Who sells it, and their public page (`/sellers/{id}`). */
  seller: z.string().optional(),
  seller_url: z.string().optional(),
});
export type ChatProductCard = z.output<typeof chatProductCardSchema>;

export const CHAT_ROW_KINDS = [
  'price_range',
  'platform_fee',
  'ai_pool',
  'seller_share',
  'approval',
  'compare_price',
  'compare_rating',
  'compare_category',
  'compare_license',
  'compare_sales',
] as const;
export type ChatRowKind = (typeof CHAT_ROW_KINDS)[number];

export const chatRowSchema = z.object({
  label: z.string(),
  value: z.string(),
  kind: z.enum(CHAT_ROW_KINDS).optional(),
  /** Raw figures behind the row: amounts in dollars end in `_usd`, `category`/`license` are slugs. */
  data: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ChatRow = z.output<typeof chatRowSchema>;

export const chatBotMessageSchema = z.object({
  id: z.string(),
  /** English text; `key` and `values` let the storefront show it in the visitor's language. */
  text: z.string(),
  key: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  products: z.array(chatProductCardSchema).optional(),
  /** The catalogue page showing the same products. */
  link: z.object({ href: z.string(), label: z.string() }).optional(),
  quick_replies: z.array(z.enum(CHAT_QUICK_REPLIES)).optional(),
  /**
   * Facts as label/value pairs (price ranges, fees, a comparison) in English; `kind` and `data`
   * let the storefront word and format them in the visitor's language.
   */
  rows: z.array(chatRowSchema).optional(),
  /** True when Show more would find further products. */
  has_more: z.boolean().optional(),
});
export type ChatBotMessage = z.output<typeof chatBotMessageSchema>;

export const chatProductParamsSchema = z.object({
  limit: z.number(),
  sort_by: z.string(),
  sort_order: z.enum(['asc', 'desc']),
  page: z.number(),
  search: z.string().optional(),
  category: z.string().optional(),
  min_price: z.number().optional(),
  max_price: z.number().optional(),
});
export type ChatProductParams = z.output<typeof chatProductParamsSchema>;

export const chatReplySchema = z.object({
  session_id: z.string(),
  messages: z.array(chatBotMessageSchema),
  /** The conversation's state as the server keeps it (no defaults applied on the way out). */
  context: z.object({
    flow: z.enum(['menu', 'browse', 'lead']),
    step: z.string().nullable(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    last_intent: z.string().nullable(),
  }),
  action: z.literal('show_products').nullable(),
  params: z.union([chatProductParamsSchema, z.object({})]),
});
export type ChatReply = z.output<typeof chatReplySchema>;

export const chatLeadSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  need: z.string(),
  session_id: z.string().nullable(),
  user_id: z.string().nullable(),
  created_at: z.string(),
});
export type ChatLead = z.output<typeof chatLeadSchema>;

export const chatLeadListSchema = pagedListSchema('leads', chatLeadSchema);
export type ChatLeadList = z.output<typeof chatLeadListSchema>;
