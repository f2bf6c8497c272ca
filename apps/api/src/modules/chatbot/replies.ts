import { randomUUID } from 'node:crypto';
import { type ChatBotMessage, type ChatProductCard, type ChatQuickReply, type PublicProduct, sellerSlug } from '@app/shared';

/**
 * The assistant's English texts. Each message also carries its key and values so the storefront
 * can show it in the visitor's language (apps/web en.json `chatbot.bot.*` holds the same texts).
 */
export const TEMPLATES = {
  greeting:
    "Hi! I'm the {{site}} shopping assistant. I can show you products, explain pricing, tell you about selling here or plan a custom chatbot with you. What would you like?",
  menu: 'What would you like to do next?',
  unknown:
    'Sorry, I did not understand that. Try “cheapest dataset under $50”, “best rated chatbot” or “compare A and B”, or pick an option below.',
  newest: 'Here are our newest products.',
  more: 'Here are more products.',
  no_more: 'That is everything I found. Anything else?',
  no_browse: 'Ask me for some products first, then I can show you more.',
  search_results: 'Here are {{summary}}.',
  search_relaxed: 'Nothing matched “{{search}}”, so here are {{summary}} instead.',
  no_results: 'No products found for "{{text}}"',
  price_too_high: 'Nothing in our catalogue costs that much. Try a lower amount, or see the prices by category.',
  pricing: 'Prices by category, from the products on sale right now:',
  pricing_empty: 'There are no products on sale yet, so there are no prices to show.',
  seller_info:
    'Anyone can sell here: open the seller area, accept the seller terms and upload a product. An admin reviews each new product before it goes live. From each sale {{pool}}% goes to the AI token pool and {{fee}}% is the platform fee, so you earn {{share}}%.',
  compare: 'Here is how {{left}} and {{right}} compare:',
  compare_missing: 'I could not find a product matching “{{text}}”. Try part of its title.',
  lead_start: "Great, let's plan your custom chatbot. First, what's your name?",
  lead_name_invalid: 'Please tell me your name (at least 2 characters).',
  lead_ask_email: 'Thanks, {{name}}! Which e-mail address should we reply to?',
  lead_email_invalid: 'Please enter a valid email address',
  lead_ask_need: 'What should your chatbot do? A sentence or two is enough.',
  lead_need_invalid: 'Please describe it in at least 10 characters.',
  lead_saved: 'Thank you, {{name}}! Our team will reply to {{email}} soon. Anything else?',
} as const;

export type TemplateKey = keyof typeof TEMPLATES;
export type Values = Record<string, string | number>;

export const MENU_REPLIES: ChatQuickReply[] = ['products', 'pricing', 'seller_info', 'custom_chatbot'];

export function fill(template: string, values: Values = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''));
}

/** One bot message from a template. */
export function say(key: TemplateKey, values?: Values, extra: Partial<ChatBotMessage> = {}): ChatBotMessage {
  return { id: randomUUID(), key, text: fill(TEMPLATES[key], values), ...(values && { values }), ...extra };
}

/** Buttons under a product list (spec §2): Show more when there is more, Pricing, Main menu. */
export function listReplies(hasMore: boolean): ChatQuickReply[] {
  return [...(hasMore ? (['show_more'] as const) : []), 'pricing', 'main_menu'];
}

export function toCard(product: PublicProduct): ChatProductCard {
  return {
    id: product.id,
    title: product.title,
    short_description: product.short_description,
    price: product.price,
    image: product.image,
    category: product.category,
    rating: product.rating,
    url: `/products/${product.id}`,
    seller: product.seller,
    seller_url: `/sellers/${product.seller_id}/${sellerSlug(product.seller)}`,
  };
}

export function usd(amount: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
}
