import { apiErrorSchema } from '@app/shared';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from './errors';

declare module 'fastify' {
  interface FastifySchema {
    /** Codes the route's own rules can answer with, beyond those its guard, input and limits already imply. */
    errorCodes?: readonly ErrorCode[];
  }
}

/** The reference at /api/docs groups operations by these, in this order. Every route names one. */
export const API_TAGS = [
  { name: 'Health', description: 'Liveness and this API description' },
  { name: 'Auth', description: 'Registration, sign-in, tokens, passwords and the second factor' },
  { name: 'Users', description: 'Accounts: the signed-in user’s profile and preferences; admins manage users' },
  { name: 'Media', description: 'Public images: avatars and product pictures' },
  { name: 'Products', description: 'The catalogue, and the admins’ review of submitted products' },
  { name: 'Reviews', description: 'Buyers’ ratings and comments on products' },
  { name: 'Wishlist', description: 'Products a user keeps for later' },
  { name: 'Cart', description: 'The server-side cart and its promo code' },
  { name: 'Promo codes', description: 'Discount codes, managed by admins' },
  { name: 'Orders', description: 'Checkout, order history, download links and refunds' },
  { name: 'Payments', description: 'Payment intents, confirmation, the provider webhook and payment reports' },
  { name: 'Downloads', description: 'Signed links to purchased (or reviewed) product files' },
  { name: 'Sellers', description: 'Becoming a seller, listing products and sales figures' },
  { name: 'Licences', description: 'Licence keys: public checks for sellers’ software, buyers’ keys, sellers’ key tools' },
  {
    name: 'Product updates',
    description: 'Sellers’ update notes and new-version notices to past buyers, and buyers’ mute settings',
  },
  { name: 'Payouts', description: 'Sellers’ balances and payout accounts; admins’ bank accounts and transfers' },
  { name: 'AI token pool', description: 'The pool of AI-token payments and its transfers' },
  { name: 'Affiliates', description: 'Referral links, visits, commissions and their settings' },
  { name: 'Notifications', description: 'Messages for the signed-in user' },
  { name: 'Settings', description: 'Site settings: public ones for every client, all of them for admins' },
  { name: 'Admin', description: 'The admins’ dashboard, statistics and broadcasts' },
  { name: 'Simple admins', description: 'Limited admins who list products on the site’s behalf' },
  { name: 'Chatbot', description: 'The shopping assistant and the leads it collects' },
  { name: 'Contact', description: 'The contact form and the admins’ inbox' },
  { name: 'Community', description: 'The forum: threads, replies, reports and moderation' },
  { name: 'Newsletter', description: 'Subscriptions with double opt-in, and the subscriber list' },
  { name: 'Debug', description: 'Diagnostics for developers; admins only, never in production' },
] as const;

export type ApiTag = (typeof API_TAGS)[number]['name'];

/** A route that takes a token when one is sent (it answers more), and answers strangers too. */
export const OPTIONAL_TOKEN: { [scheme: string]: string[] }[] = [{}, { bearer: [] }];

interface GuardDoc {
  /** Who may call, as the reference says it. */
  access: string;
  codes: readonly ErrorCode[];
}

const guards = new WeakMap<object, GuardDoc>();

/** Marks an onRequest hook as an access guard, so the reference shows the token it needs and its 401/403. */
export function documentGuard<T extends object>(hook: T, doc: GuardDoc): T {
  guards.set(hook, doc);
  return hook;
}

const STATUS_DESCRIPTION: Record<number, string> = {
  400: 'The request is malformed (e.g. a body that is not valid JSON)',
  401: 'No valid token was sent, or it has expired',
  402: 'The payment was declined',
  403: 'The signed-in user may not do this',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'The request body is too large',
  414: 'The address is too long',
  415: 'Unsupported content type',
  422: 'Invalid input; `errors` names each field',
  429: 'Too many requests; Retry-After says when to try again',
  500: 'Internal server error',
  502: 'The payment provider failed or could not be reached',
  503: 'The site is in maintenance mode',
};

function guardOf(route: RouteOptions): GuardDoc | undefined {
  return [route.onRequest ?? []]
    .flat()
    .map((hook) => guards.get(hook))
    .find(Boolean);
}

const hasBody = (method: RouteOptions['method']) => ![method].flat().every((m) => ['GET', 'HEAD', 'OPTIONS'].includes(m));

/** Every code the route can answer with: from its guard, its input, its limits and its own declared rules. */
function errorCodesOf(
  route: RouteOptions,
  schema: NonNullable<RouteOptions['schema']>,
  openDuringMaintenance: readonly string[],
): ErrorCode[] {
  const guard = guardOf(route);
  const codes = new Set<ErrorCode>([
    // Every route: a NUL byte anywhere in the input, and the unexpected.
    'VALIDATION_FAILED',
    'INTERNAL',
    ...(guard?.codes ?? []),
    ...(schema.security === OPTIONAL_TOKEN ? (['UNAUTHORIZED'] as const) : []),
    // A malformed id in the path names nothing.
    ...(schema.params ? (['NOT_FOUND'] as const) : []),
    ...(hasBody(route.method) ? (['BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'] as const) : []),
    ...(route.config && 'rateLimit' in route.config ? (['RATE_LIMITED'] as const) : []),
    ...(openDuringMaintenance.includes(route.url) ? [] : (['SERVICE_UNAVAILABLE'] as const)),
    ...(schema.errorCodes ?? []),
  ]);
  return [...codes];
}

/** One documented error answer per status; `code` lists what that status can carry here. */
function errorAnswers(codes: ErrorCode[]): Record<string, z.ZodType> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, statusCodes]) => [
      String(status),
      // Documentation only: the enum is metadata, so the body is sent exactly as before.
      apiErrorSchema
        .extend({ code: z.string().meta({ enum: statusCodes.sort() }) })
        .describe(STATUS_DESCRIPTION[status] ?? 'Error'),
    ]),
  );
}

function accessOf(route: RouteOptions, schema: NonNullable<RouteOptions['schema']>): string {
  if (schema.security === OPTIONAL_TOKEN) return 'Public; a bearer token, when sent, is checked and may change the answer.';
  const access = guardOf(route)?.access ?? 'Public: no token needed.';
  // The seller API's read routes also take a seller API token with their scope (docs/decisions/0043).
  const scope = route.config?.apiTokenScope;
  return scope ? `${access} A seller API token (mkt_sk_…) with the ${scope} scope is accepted too.` : access;
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The swagger transform: adds to each operation who may call it (security and description) and its
 * error answers by status. It runs when the document is built, after every plugin's hooks have
 * reached the routes, and changes only the document, never how a route answers.
 * `openDuringMaintenance`: the paths the maintenance gate lets through (they never answer 503).
 */
export function describeOperations(openDuringMaintenance: readonly string[]) {
  return (input: TransformInput): ReturnType<typeof jsonSchemaTransform> => {
    const route = (input as TransformInput & { route?: RouteOptions }).route;
    const schema = input.schema as NonNullable<RouteOptions['schema']> | undefined;
    if (!schema || !route) return jsonSchemaTransform(input);
    const { errorCodes: _declared, ...documented } = schema;
    const response = schema.response as Record<string, unknown> | undefined;
    const codes = errorCodesOf(route, schema, openDuringMaintenance);
    return jsonSchemaTransform({
      ...input,
      schema: {
        ...documented,
        description: schema.description ?? accessOf(route, schema),
        ...(!guardOf(route) && !schema.security && { security: [] }),
        ...(response && { response: { ...response, ...errorAnswers(codes) } }),
      },
    });
  };
}

/** The `openapi` part of the swagger registration. */
export const openApiInfo = {
  info: {
    title: 'AI Marketplace API',
    version: '1.0.0',
    description:
      'The marketplace’s HTTP API: catalogue, cart, checkout, downloads, selling and administration. ' +
      'JSON bodies in snake_case; every error is `{detail, code, errors?}` and each operation lists its codes.',
    contact: { name: 'AI Marketplace', url: '/contact' },
  },
  servers: [{ url: '/' }],
  // Lets the reference's "Try it out" send an access token.
  components: { securitySchemes: { bearer: { type: 'http' as const, scheme: 'bearer', bearerFormat: 'JWT' } } },
  security: [{ bearer: [] }],
  tags: API_TAGS.map((tag) => ({ ...tag })),
};
