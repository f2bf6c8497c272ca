import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { registerCompression } from './lib/compression';
import type { AppDeps } from './lib/context';
import { documentErrorAnswers } from './lib/error-answers';
import { AppError, ERROR_STATUS, type ErrorCode, errorAnswer } from './lib/errors';
import { createLifecycle, type Lifecycle } from './lib/lifecycle';
import { loggedRequest } from './lib/log-redaction';
import { registerMetrics } from './lib/metrics';
import { describeOperations, openApiInfo } from './lib/openapi';
import { postgresRateLimitStore } from './lib/rate-limit-store';
import { registerSecurityHeaders } from './lib/security-headers';
import { closeAfterUnreadBody } from './lib/unread-body';
import { rejectNulBytes } from './lib/validation';
import { adminRoutes } from './modules/admin/routes';
import { adminAffiliateRoutes, affiliateRoutes, referralLinkRoutes } from './modules/affiliates/routes';
import { aiPoolAdminRoutes, aiPoolPublicRoutes } from './modules/ai-pool/routes';
import { authRoutes } from './modules/auth/routes';
import { buyButtonRoutes, registerBuyButtonPages } from './modules/buy-buttons/routes';
import { cartRoutes } from './modules/cart/routes';
import { catalogRoutes } from './modules/catalog/routes';
import { adminChatbotRoutes, chatbotRoutes } from './modules/chatbot/routes';
import { communityRoutes } from './modules/community/routes';
import { compareRoutes } from './modules/compare/routes';
import { adminContactRoutes, contactRoutes } from './modules/contact/routes';
import {
  datasetPreviewAdminRoutes,
  datasetPreviewPublicRoutes,
  datasetPreviewSellerRoutes,
} from './modules/dataset-previews/routes';
import { debugRoutes } from './modules/debug/routes';
import { sellerDownloadLimitRoutes } from './modules/downloads/limit-routes';
import { downloadsRoutes } from './modules/downloads/routes';
import { guestCheckoutRoutes } from './modules/guest-checkout/routes';
import { healthRoutes } from './modules/health/routes';
import { licenseRoutes, sellerLicenseRoutes } from './modules/licenses/routes';
import { mediaRoutes } from './modules/media/routes';
import { adminNewsletterRoutes, newsletterRoutes } from './modules/newsletter/routes';
import { notificationsRoutes } from './modules/notifications/routes';
import { adminOrderRoutes } from './modules/orders/admin-routes';
import { ordersRoutes } from './modules/orders/routes';
import { paymentReportsRoutes } from './modules/payment-reports/routes';
import { paymentsRoutes } from './modules/payments/routes';
import { STRIPE_JS_ORIGINS } from './modules/payments/service';
import { adminPayoutRoutes, sellerPayoutRoutes } from './modules/payouts/routes';
import {
  adminProductUpdateRoutes,
  productUpdatePreferenceRoutes,
  publicProductUpdateRoutes,
  sellerProductUpdateRoutes,
} from './modules/product-updates/routes';
import { adminProductRoutes } from './modules/products/admin-routes';
import { adminProductChangeRoutes, publicVersionRoutes, sellerVersionRoutes } from './modules/products/version-routes';
import { adminPromoCodeRoutes } from './modules/promo-codes/routes';
import { reviewsRoutes } from './modules/reviews/routes';
import { sellerSaleAlertRoutes } from './modules/sale-alerts/routes';
import { sellerApiTokenRoutes } from './modules/seller-api/routes';
import { sellerPromoCodeRoutes } from './modules/seller-promo-codes/routes';
import { publicSellerRoutes } from './modules/sellers/public-routes';
import { sellerRoutes } from './modules/sellers/routes';
import {
  adminSettingsRoutes,
  OPEN_DURING_MAINTENANCE,
  publicSettingsRoutes,
  registerMaintenanceGate,
} from './modules/settings/routes';
import { adminSimpleAdminProductsRoutes, simpleAdminRoutes, superAdminRoutes } from './modules/simple-admins/routes';
import { createStorefrontPages, inlineScriptSources } from './modules/storefront/service';
import { adminTaxRoutes, publicTaxRoutes } from './modules/tax/routes';
import { adminUserRoutes } from './modules/users/admin-routes';
import { usersRoutes } from './modules/users/routes';
import { sellerWebhookRoutes } from './modules/webhooks/routes';
import { wishlistRoutes } from './modules/wishlist/routes';

export const API_PREFIX = '/api/v1';
export const JSON_BODY_LIMIT = 1024 * 1024;
const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildOptions {
  /** Pino options, or false for a silent app (tests). */
  logger?: boolean | Record<string, unknown>;
  /** The process's phase for the readiness check (server.ts); without it the app reports ready. */
  lifecycle?: Lifecycle;
}

/** Builds the whole HTTP application around its dependencies; listening is the caller's job. */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Request URLs are logged without the credentials some of them carry (signed download links, token=).
    logger:
      options.logger === false
        ? false
        : {
            level: deps.config.logLevel,
            ...(typeof options.logger === 'object' && options.logger),
            serializers: { req: loggedRequest },
          },
    trustProxy: deps.config.trustProxy,
    // JSON and text bodies are small; multipart uploads are streamed under their own per-type limits.
    bodyLimit: JSON_BODY_LIMIT,
    forceCloseConnections: 'idle',
    // Signed download tokens travel in the path.
    routerOptions: { maxParamLength: 1000 },
    // Bad URLs and over-long params get the same `{detail, code}` body as every other error.
    frameworkErrors: handleError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', documentErrorAnswers);
  app.decorate('deps', deps);
  app.decorate('lifecycle', options.lifecycle ?? createLifecycle('ready'));
  // Work begun after an answer (e.g. a reset e-mail) finishes before the app, and its database, close.
  app.addHook('onClose', () => deps.afterReply.settled());
  // The search index's thread, if it has one, finishes a snapshot being written and closes its pool.
  app.addHook('onClose', async () => {
    await deps.searchIndex?.close();
  });
  app.decorateRequest('user', null);
  // A request that may write: this instance's next searches see it even before PostgreSQL's notification arrives.
  if (deps.searchIndex) {
    const index = deps.searchIndex;
    app.addHook('onRequest', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') index.noteLocalWrite();
    });
  }
  app.setErrorHandler(handleError);
  closeAfterUnreadBody(app);
  registerMaintenanceGate(app);
  // Each route's own guards run first (a stranger gets 401, not a verdict on the input), then the NUL check.
  app.addHook('onRoute', (route) => {
    route.preValidation = [route.preValidation ?? [], rejectNulBytes].flat();
  });
  registerMetrics(app, deps.config.metricsToken, deps.searchIndex ? () => deps.searchIndex?.bytesByPart() : undefined);

  const webDistDir = deps.config.webDistDir ?? DEFAULT_WEB_DIST;
  registerSecurityHeaders(app, {
    contentSecurityPolicy: { directives: cspDirectives(deps, inlineScriptSources(webDistDir)) },
    hsts: deps.config.cookieSecure,
  });
  await registerCompression(app);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    ...(deps.config.rateLimit.store === 'postgres' && { store: postgresRateLimitStore(deps.db) }),
    // A client that already hung up has no address left; it still gets a bucket, not a crash.
    keyGenerator: (request) => request.ip ?? 'unknown',
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Please wait ${context.after} and try again.`),
  });
  // Defaults for multipart routes; the product form sets its own per-type limits. Fields stay small in memory.
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 10, fields: 50, fieldSize: 64 * 1024 } });
  await app.register(swagger, { openapi: openApiInfo, transform: describeOperations(OPEN_DURING_MAINTENANCE) });
  // The browsable reference; it reads the same document as /api/v1/openapi.json.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(usersRoutes, { prefix: '/users' });
      await api.register(mediaRoutes, { prefix: '/media' });
      await api.register(catalogRoutes, { prefix: '/products' });
      await api.register(datasetPreviewPublicRoutes, { prefix: '/products' });
      await api.register(publicVersionRoutes, { prefix: '/products' });
      await api.register(reviewsRoutes);
      await api.register(wishlistRoutes, { prefix: '/wishlist' });
      await api.register(cartRoutes, { prefix: '/cart' });
      await api.register(ordersRoutes, { prefix: '/orders' });
      await api.register(buyButtonRoutes, { prefix: '/buy-buttons' });
      await api.register(guestCheckoutRoutes, { prefix: '/guest' });
      await api.register(paymentsRoutes, { prefix: '/payments' });
      await api.register(paymentReportsRoutes, { prefix: '/payments' });
      await api.register(aiPoolAdminRoutes, { prefix: '/ai-token-payments' });
      await api.register(aiPoolPublicRoutes, { prefix: '/ai-token-payments' });
      await api.register(downloadsRoutes, { prefix: '/downloads' });
      await api.register(sellerRoutes, { prefix: '/seller' });
      await api.register(datasetPreviewSellerRoutes, { prefix: '/seller' });
      await api.register(publicSellerRoutes, { prefix: '/sellers' });
      await api.register(compareRoutes);
      await api.register(sellerPayoutRoutes, { prefix: '/seller' });
      await api.register(licenseRoutes, { prefix: '/licenses' });
      await api.register(sellerLicenseRoutes, { prefix: '/seller' });
      await api.register(sellerDownloadLimitRoutes, { prefix: '/seller' });
      await api.register(publicProductUpdateRoutes, { prefix: '/products' });
      await api.register(sellerProductUpdateRoutes, { prefix: '/seller' });
      await api.register(adminProductUpdateRoutes, { prefix: '/admin' });
      await api.register(productUpdatePreferenceRoutes, { prefix: '/product-updates' });
      await api.register(sellerSaleAlertRoutes, { prefix: '/seller' });
      await api.register(sellerPromoCodeRoutes, { prefix: '/seller' });
      await api.register(sellerApiTokenRoutes, { prefix: '/seller' });
      await api.register(sellerWebhookRoutes, { prefix: '/seller' });
      await api.register(adminPayoutRoutes, { prefix: '/payments/admin' });
      await api.register(notificationsRoutes, { prefix: '/notifications' });
      await api.register(publicSettingsRoutes, { prefix: '/settings' });
      await api.register(adminSettingsRoutes, { prefix: '/admin' });
      await api.register(adminRoutes, { prefix: '/admin' });
      await api.register(adminProductRoutes, { prefix: '/admin' });
      await api.register(adminProductChangeRoutes, { prefix: '/admin' });
      await api.register(sellerVersionRoutes, { prefix: '/seller' });
      await api.register(datasetPreviewAdminRoutes, { prefix: '/admin' });
      await api.register(adminUserRoutes, { prefix: '/admin' });
      await api.register(adminOrderRoutes, { prefix: '/admin' });
      await api.register(adminPromoCodeRoutes, { prefix: '/admin' });
      await api.register(adminTaxRoutes, { prefix: '/admin' });
      await api.register(publicTaxRoutes, { prefix: '/tax' });
      await api.register(adminSimpleAdminProductsRoutes, { prefix: '/admin' });
      await api.register(superAdminRoutes, { prefix: '/super-admin' });
      await api.register(simpleAdminRoutes, { prefix: '/simple-admin' });
      await api.register(chatbotRoutes, { prefix: '/chatbot' });
      await api.register(adminChatbotRoutes, { prefix: '/admin' });
      await api.register(contactRoutes, { prefix: '/contact' });
      await api.register(adminContactRoutes, { prefix: '/admin' });
      // Diagnostics for developers (spec §7 Debug): admins only, and never in production.
      if (deps.config.env !== 'production') await api.register(debugRoutes);
      await api.register(communityRoutes, { prefix: '/community' });
      await api.register(newsletterRoutes, { prefix: '/newsletter' });
      await api.register(adminNewsletterRoutes, { prefix: '/admin' });
      await api.register(affiliateRoutes, { prefix: '/affiliates' });
      await api.register(adminAffiliateRoutes, { prefix: '/affiliates/admin' });
      api.get(
        '/openapi.json',
        { schema: { operationId: 'getOpenApiDocument', summary: 'Return this OpenAPI document', tags: ['Health'] } },
        async () => app.swagger(),
      );
    },
    { prefix: API_PREFIX },
  );

  // Referral links (/r/<code>) are short site addresses, not API calls.
  await app.register(referralLinkRoutes);
  // Buy buttons on other sites: the script they load and the one page they may frame.
  await registerBuyButtonPages(app);
  await registerStorefront(app, webDistDir, deps.config.catalogCacheMs);
  return app;
}

/** Serves the built storefront; client routes fall back to index.html, `/api/*` and missing files never do. */
async function registerStorefront(app: FastifyInstance, distDir: string, cacheMs: number): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasStorefront = fs.existsSync(indexFile);
  // The first pages of a visit are painted on the server from the build's index.html (their first
  // screen, preloads and first API answers), in the visitor's language (lang cookie, else
  // Accept-Language), and compressed like any other answer; other client routes get index.html.
  const pages = hasStorefront ? createStorefrontPages(distDir, cacheMs) : null;
  if (pages) {
    for (const url of ['/', '/products', '/products/:id']) {
      app.get(url, { schema: { hide: true } }, async (request, reply) =>
        reply
          .header('cache-control', 'no-cache')
          .header('vary', 'accept-encoding, accept-language, cookie')
          .type('text/html; charset=utf-8')
          .send(await pages.render(app, request)),
      );
    }
  }
  if (hasStorefront) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // index.html and the hashed scripts and styles are brotli- and gzip-compressed at build (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isClientRoute =
      hasStorefront &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api') &&
      !path.extname(pathname);
    if (isClientRoute) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send(errorAnswer(`Route ${request.method} ${pathname} not found`, 'NOT_FOUND'));
  });
}

/** `inlineScripts`: hashes of the inline scripts the storefront's pages carry (its theme script). */
function cspDirectives(deps: AppDeps, inlineScripts: string[]): Record<string, string[] | null> {
  const google = deps.google ? ['https://accounts.google.com/gsi/'] : [];
  // Stripe Elements runs in Stripe's own frames and script.
  const stripe = deps.config.stripe ? STRIPE_JS_ORIGINS : null;
  const frames = [...google, ...(stripe?.frame ?? [])];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: [
      "'self'",
      ...inlineScripts,
      ...(deps.google ? ['https://accounts.google.com/gsi/client'] : []),
      ...(stripe?.script ?? []),
    ],
    styleSrc: ["'self'", "'unsafe-inline'", ...(deps.google ? ['https://accounts.google.com/gsi/style'] : [])],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    connectSrc: ["'self'", ...google, ...(stripe?.connect ?? [])],
    frameSrc: frames.length ? frames : ["'none'"],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: deps.config.cookieSecure ? [] : null,
  };
}

/** The one translator from thrown errors to `{detail, code, messageId?, errors?}` bodies (`errorAnswer`). 5xx details stay in the log. */
function handleError(
  error: FastifyError | AppError,
  request: { log: FastifyInstance['log'] },
  reply: import('fastify').FastifyReply,
) {
  if (error instanceof AppError) {
    if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
    return reply.code(error.status).send(errorAnswer(error.message, error.code, error.errors));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((issue) => ({
      field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body',
      message: issue.message ?? 'Invalid value',
    }));
    const detail = errors[0]?.message ?? 'Validation failed';
    // A malformed id in the path names nothing: answer like a missing row.
    if (error.validationContext === 'params') return reply.code(404).send(errorAnswer(detail, 'NOT_FOUND'));
    return reply.code(422).send(errorAnswer(detail, 'VALIDATION_FAILED', errors));
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    return reply.code(status).send(errorAnswer(frameworkDetail(error as FastifyError), codeFor(status)));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send(errorAnswer('Internal server error', 'INTERNAL'));
}

/** Our wording for Fastify's and its plugins' own 4xx errors. */
function frameworkDetail(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The request body does not match its Content-Length';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty but its content type says JSON';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'The address is too long';
    case 'FST_ERR_BAD_URL':
      return 'The address is malformed';
    default:
      return error.statusCode === 413 ? 'Request too large' : error.message;
  }
}

function codeFor(status: number): ErrorCode {
  const match = (Object.keys(ERROR_STATUS) as ErrorCode[]).find((code) => ERROR_STATUS[code] === status);
  return match ?? 'BAD_REQUEST';
}

/** Errors Node's HTTP parser raises before Fastify sees a request (bad request line, huge headers). */
function answerClientError(error: Error & { code?: string }, socket: import('node:net').Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, detail, code] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'The request headers are too large', 'HEADERS_TOO_LARGE']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive', 'REQUEST_TIMEOUT']
        : [400, 'Bad Request', 'The request is malformed', 'BAD_REQUEST'];
  const body = JSON.stringify(errorAnswer(detail, code));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
