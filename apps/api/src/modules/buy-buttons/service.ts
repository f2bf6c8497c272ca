import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  BUY_BUTTON_SCRIPT_PATH,
  type BuyButtonSnippet,
  guestCheckoutRequestSchema,
  hasRole,
  LANGUAGES,
  type Language,
  type PublicProduct,
} from '@app/shared';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { presentProduct } from '../catalog/present';
import { getVisibleProduct } from '../catalog/service';
import type { UserRow } from '../users/repository';
import { type OverlayPayment, renderOverlayPage } from './page';

/** A script of this module as served: its bytes and their hashes (sha384 for integrity, a short one for URLs). */
export interface EmbedAsset {
  body: Buffer;
  integrity: string;
  version: string;
}

function readAsset(name: string): EmbedAsset {
  const body = fs.readFileSync(path.join(import.meta.dirname, name));
  return {
    body,
    integrity: `sha384-${createHash('sha384').update(body).digest('base64')}`,
    version: createHash('sha256').update(body).digest('hex').slice(0, 12),
  };
}

/** The host script (frozen per version) and the overlay's own script. */
export const hostScript = readAsset('buy.js');
export const overlayScript = readAsset('checkout.js');

/** The parts of a product's buy button snippet, for its seller (or an admin); 404 for anyone else. */
export async function getBuyButtonSnippet(deps: AppDeps, user: UserRow, productId: string): Promise<BuyButtonSnippet> {
  const product = await getVisibleProduct(deps, productId, user);
  if (product.sellerId !== user.id && !hasRole(user.role, ['admin'])) throw new AppError('NOT_FOUND', 'Product not found');
  const base = deps.config.publicUrl;
  return {
    product_id: product.id,
    product_title: product.title,
    product_url: `${base}/products/${product.id}`,
    script_url: `${base}${BUY_BUTTON_SCRIPT_PATH}`,
    integrity: hostScript.integrity,
  };
}

/** The host page's origin as the host script sent it: an http(s) origin, else null. */
export function hostOrigin(value: string | undefined): string | null {
  if (!value || value.length > 300) return null;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value ? url.origin : null;
  } catch {
    return null;
  }
}

/** The overlay page of a product anyone may buy; NOT_FOUND for a product not on sale. */
export async function renderOverlay(
  deps: AppDeps,
  productId: string,
  language: Language,
  origin: string | null,
): Promise<string> {
  const product: PublicProduct = presentProduct(await getVisibleProduct(deps, productId, null));
  return renderOverlayPage({
    product,
    language,
    origin,
    siteName: new URL(deps.config.publicUrl).host,
    payment: overlayPayment(deps),
    scriptUrl: `/embed/v1/checkout.js?v=${overlayScript.version}`,
    billingCountry: guestCheckoutTakesBillingCountry(),
  });
}

/**
 * How the overlay takes the card (decision 0049): the test processor's form; with Stripe, its card
 * Element from js.stripe.com, which needs the publishable key; without that key, no form at all.
 */
export function overlayPayment(deps: AppDeps): OverlayPayment {
  if (deps.payments.name !== 'stripe') return { provider: 'test' };
  const publishableKey = deps.config.stripe?.publishableKey;
  return publishableKey ? { provider: 'stripe', publishableKey } : { provider: 'unavailable' };
}

/** Whether the guest checkout's contract has the billing country yet (tax, decision 0044): the overlay follows it. */
export function guestCheckoutTakesBillingCountry(): boolean {
  return 'billing_country' in guestCheckoutRequestSchema.shape;
}

export function isLanguage(value: string | undefined): value is Language {
  return Boolean(value && (LANGUAGES as readonly string[]).includes(value));
}
