import { buyButtonSnippetSchema } from '@app/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import type { ApiTag } from '../../lib/openapi';
import { idParams } from '../../lib/validation';
import { currentUser, guardEveryRoute, requireAuth } from '../auth/guard';
import { STRIPE_JS_ORIGINS } from '../payments/service';
import { languageOf } from '../storefront/service';
import { OVERLAY_STYLE_HASH, renderOverlayMissing } from './page';
import {
  type EmbedAsset,
  getBuyButtonSnippet,
  hostOrigin,
  hostScript,
  isLanguage,
  overlayPayment,
  overlayScript,
  renderOverlay,
} from './service';

const tags: ApiTag[] = ['Sellers'];
const YEAR = 'public, max-age=31536000, immutable';

/** /api/v1/buy-buttons: the snippet a seller copies for one of their products. */
export const buyButtonRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  guardEveryRoute(app, requireAuth('seller', 'admin'));
  app.get(
    '/products/:id',
    {
      schema: {
        operationId: 'getBuyButtonSnippet',
        summary: 'The buy button snippet of one of the seller’s products (script address, integrity, product link)',
        tags,
        params: idParams('Product not found'),
        errorCodes: ['NOT_FOUND'],
        response: { 200: buyButtonSnippetSchema },
      },
    },
    async (request) => getBuyButtonSnippet(deps, currentUser(request), request.params.id),
  );
};

/**
 * The overlay page's policy: nothing but its own script, its hashed style and the shop's API, and
 * any site may frame it (a seller embeds it anywhere; over https only when the shop runs on https).
 * With Stripe's card form (decision 0049), and only then, Stripe.js's origins are added.
 */
export function overlayCsp(secure: boolean, stripe: boolean): string {
  return [
    "default-src 'none'",
    stripe ? `script-src 'self' ${STRIPE_JS_ORIGINS.script.join(' ')}` : "script-src 'self'",
    `style-src ${OVERLAY_STYLE_HASH}`,
    stripe ? `connect-src 'self' ${STRIPE_JS_ORIGINS.connect.join(' ')}` : "connect-src 'self'",
    ...(stripe ? [`frame-src ${STRIPE_JS_ORIGINS.frame.join(' ')}`] : []),
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${secure ? 'https:' : 'https: http:'}`,
    ...(secure ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

function sendScript(reply: FastifyReply, asset: EmbedAsset, crossOrigin: boolean) {
  reply
    .header('content-type', 'text/javascript; charset=utf-8')
    .header('cache-control', YEAR)
    .header('etag', `"${asset.version}"`);
  if (crossOrigin) {
    // Other sites load it (with integrity, so CORS too); nothing else about the shop is loosened.
    reply.header('cross-origin-resource-policy', 'cross-origin').header('access-control-allow-origin', '*');
  }
  return reply.send(asset.body);
}

/** The buy button script, the overlay page and its script (decision 0047); outside /api, not in the API reference. */
export async function registerBuyButtonPages(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const csp = overlayCsp(deps.config.cookieSecure, overlayPayment(deps).provider === 'stripe');

  app.get('/embed/v1/buy.js', { schema: { hide: true } }, async (_request, reply) => sendScript(reply, hostScript, true));
  // Its URL names its version (?v=), so the overlay page always loads the script it was painted for.
  app.get('/embed/v1/checkout.js', { schema: { hide: true } }, async (_request, reply) =>
    sendScript(reply, overlayScript, false),
  );

  app.get<{ Params: { id: string }; Querystring: { lang?: string; origin?: string } }>(
    '/embed/checkout/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const query = request.query;
      const language = isLanguage(query.lang) ? query.lang : languageOf(request);
      // The one page another site may frame: its own CSP replaces the shop's (frame-ancestors 'none').
      reply
        .header('content-security-policy', csp)
        .removeHeader('x-frame-options')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding, accept-language')
        .type('text/html; charset=utf-8');
      try {
        return await renderOverlay(deps, request.params.id, language, hostOrigin(query.origin));
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
        return reply.code(404).send(renderOverlayMissing(language, 'catalog.productNotFound'));
      }
    },
  );
}
