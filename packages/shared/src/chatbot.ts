import { z } from 'zod';

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

export interface ChatProductCard {
  id: string;
  title: string;
  short_description: string;
  price: number;
  image: string | null;
  category: string;
  rating: number;
  url: string;
}

export interface ChatBotMessage {
  id: string;
  /** English text; `key` and `values` let the storefront show it in the visitor's language. */
  text: string;
  key: string;
  values?: Record<string, string | number>;
  products?: ChatProductCard[];
  /** The catalogue page showing the same products. */
  link?: { href: string; label: string };
  quick_replies?: ChatQuickReply[];
  /** Facts as label/value pairs (price ranges, fees, a comparison). */
  rows?: { label: string; value: string }[];
  /** True when Show more would find further products. */
  has_more?: boolean;
}

export interface ChatProductParams {
  limit: number;
  sort_by: string;
  sort_order: 'asc' | 'desc';
  page: number;
  search?: string;
  category?: string;
  min_price?: number;
  max_price?: number;
}

export interface ChatReply {
  session_id: string;
  messages: ChatBotMessage[];
  context: ChatContext;
  action: 'show_products' | null;
  params: ChatProductParams | Record<string, never>;
}

export interface ChatLead {
  id: string;
  name: string;
  email: string;
  need: string;
  session_id: string | null;
  user_id: string | null;
  created_at: string;
}

export interface ChatLeadList {
  leads: ChatLead[];
  total: number;
  page: number;
  pages: number;
}
