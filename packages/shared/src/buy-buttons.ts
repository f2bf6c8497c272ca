import { z } from 'zod';

/**
 * Buy buttons for other sites (issue 25, docs/decisions/0047). The seller pastes a `<script>` and a
 * link; the script opens the shop's overlay checkout. The versioned script URL never changes what
 * it serves, so its integrity hash holds.
 */
export const BUY_BUTTON_SCRIPT_PATH = '/embed/v1/buy.js';
/** The overlay checkout page of one product (the only page of the shop another site may frame). */
export const BUY_BUTTON_OVERLAY_PATH = '/embed/checkout/';
/** The attribute that turns a product link into a buy button. */
export const BUY_BUTTON_ATTRIBUTE = 'data-marketplace-buy';
/** The messages the overlay frame sends its host page (postMessage, to the host's origin only). */
export const BUY_BUTTON_MESSAGES = ['marketplace:resize', 'marketplace:close', 'marketplace:purchased'] as const;

/** GET /buy-buttons/products/{id}: the parts of the snippet a seller copies for one product. */
export const buyButtonSnippetSchema = z.object({
  product_id: z.string(),
  product_title: z.string(),
  /** The product page on the shop's public address: the link without the script. */
  product_url: z.string(),
  script_url: z.string(),
  /** Subresource integrity of the script (sha384). */
  integrity: z.string(),
});
export type BuyButtonSnippet = z.output<typeof buyButtonSnippetSchema>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The HTML a seller pastes: the script (loaded once per page) and the product's link, with the seller's link text. */
export function buyButtonHtml(snippet: BuyButtonSnippet, linkText: string): string {
  return [
    `<script src="${escapeHtml(snippet.script_url)}" integrity="${escapeHtml(snippet.integrity)}" crossorigin="anonymous" async></script>`,
    `<a href="${escapeHtml(snippet.product_url)}" ${BUY_BUTTON_ATTRIBUTE}>${escapeHtml(linkText)}</a>`,
  ].join('\n');
}
