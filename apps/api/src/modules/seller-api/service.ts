import { randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX, type ApiToken, type ApiTokenCreate, type ApiTokenScope, type SellerSale } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { centsToDollars } from '../../lib/money';
import { pagedList, pageOffset } from '../../lib/paging';
import { hashToken } from '../../lib/tokens';
import { findUserById, type UserRow } from '../users/repository';
import {
  type ApiTokenRow,
  findLiveApiToken,
  insertApiToken,
  listLiveApiTokens,
  listSellerSales,
  revokeApiToken,
  sellerLinesOf,
  touchApiToken,
} from './repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope an API token needs to call this route; routes without one refuse every API token. */
    apiTokenScope?: ApiTokenScope;
  }
}

/** The refusal of a token without the route's scope. */
const MISSING_SCOPE_MESSAGES: Record<ApiTokenScope, string> = {
  'products:read': 'This API token lacks the products:read scope',
  'sales:read': 'This API token lacks the sales:read scope',
  'licenses:read': 'This API token lacks the licenses:read scope',
};

/** How many characters of a token its list entry shows (the prefix and 6 random characters). */
const SHOWN_CHARACTERS = API_TOKEN_PREFIX.length + 6;
/** Seller tokens in force at once, per seller. */
const MAX_LIVE_TOKENS = 25;
/** last_used_at is written at most this often per token (a busy integration would otherwise write on every call). */
const TOUCH_EVERY_MS = 60_000;

function presentApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiTokenScope[],
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Whether a bearer credential is a seller API token rather than a session's access token. */
export function isApiToken(credential: string): boolean {
  return credential.startsWith(API_TOKEN_PREFIX);
}

/** Makes a token: 32 random bytes behind a recognisable prefix, answered once, stored as its SHA-256. */
export async function createApiToken(deps: AppDeps, seller: UserRow, input: ApiTokenCreate) {
  const live = await listLiveApiTokens(deps.db, seller.id);
  if (live.length >= MAX_LIVE_TOKENS) {
    throw new AppError('CONFLICT', 'You have too many API tokens. Revoke one you no longer use first.');
  }
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await insertApiToken(deps.db, {
    userId: seller.id,
    name: input.name,
    prefix: token.slice(0, SHOWN_CHARACTERS),
    tokenHash: hashToken(token),
    scopes: [...new Set(input.scopes)],
  });
  return { token, api_token: presentApiToken(row) };
}

/** The seller's tokens in force (never the tokens themselves). */
export async function listApiTokens(deps: AppDeps, seller: UserRow) {
  return { tokens: (await listLiveApiTokens(deps.db, seller.id)).map(presentApiToken) };
}

/** Revokes a token of the seller's; another seller's token is "not found", like one that never was. */
export async function revokeSellerApiToken(deps: AppDeps, seller: UserRow, id: string): Promise<void> {
  if (!(await revokeApiToken(deps.db, seller.id, id))) throw new AppError('NOT_FOUND', 'API token not found');
}

/**
 * The account behind an API token, for the auth guard: 401 for an unknown or revoked token; 403
 * when the route reads nothing a token may read (any write, any other route) or needs a scope the
 * token lacks. The account itself must still be active.
 */
export async function resolveApiTokenUser(request: FastifyRequest, credential: string): Promise<UserRow> {
  const { db } = request.server.deps;
  const row = await findLiveApiToken(db, hashToken(credential));
  if (!row) throw new AppError('UNAUTHORIZED', 'This API token is unknown or has been revoked');
  const user = await findUserById(db, row.userId);
  if (!user?.isActive) throw new AppError('UNAUTHORIZED', 'This API token is unknown or has been revoked');
  const scope = request.routeOptions.config?.apiTokenScope;
  if (!scope || request.method !== 'GET') {
    throw new AppError('FORBIDDEN', 'API tokens can only read products, sales and licence keys');
  }
  if (!row.scopes.includes(scope)) throw new AppError('FORBIDDEN', MISSING_SCOPE_MESSAGES[scope]);
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) await touchApiToken(db, row.id);
  return user;
}

/** The seller's sales and refunds, newest first, each with the seller's share and own lines (never another seller's). */
export async function listSales(deps: AppDeps, seller: UserRow, query: { page: number; limit: number }) {
  const { rows, total } = await listSellerSales(deps.db, seller.id, { limit: query.limit, offset: pageOffset(query) });
  const lines = await sellerLinesOf(
    deps.db,
    seller.id,
    rows.map((row) => row.orderId),
  );
  const sales: SellerSale[] = rows.map((row) => ({
    order_id: row.orderId,
    order_number: row.orderNumber,
    kind: row.kind,
    amount: centsToDollars(row.amountCents),
    created_at: row.createdAt.toISOString(),
    items: lines.filter((line) => line.orderId === row.orderId).map((line) => ({ title: line.title, quantity: line.quantity })),
  }));
  return pagedList('sales', sales, total, query);
}
