import { hasRole } from '@app/shared';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../lib/errors';
import { documentGuard } from '../../lib/openapi';
import { isApiToken, resolveApiTokenUser } from '../seller-api/service';
import { findUserById, type UserRow } from '../users/repository';

/** Resolves the bearer token to a live account, or null. Checked against the database on every request. */
export async function resolveRequestUser(request: FastifyRequest): Promise<UserRow | null> {
  const header = request.headers.authorization;
  if (!header?.toLowerCase().startsWith('bearer ')) return null;
  const { accessTokens, db } = request.server.deps;
  const credential = header.slice(7).trim();
  // A seller API token (docs/decisions/0043) reads only the routes whose scope it holds.
  if (isApiToken(credential)) return resolveApiTokenUser(request, credential);
  const claims = await accessTokens.verify(credential);
  if (claims === 'expired') throw new AppError('UNAUTHORIZED', 'Token expired');
  if (!claims) throw new AppError('UNAUTHORIZED', 'Could not validate credentials');
  const user = await findUserById(db, claims.sub);
  if (!user?.isActive || user.tokenVersion !== claims.tv) {
    throw new AppError('UNAUTHORIZED', 'Your session has ended. Please sign in again.');
  }
  return user;
}

/**
 * Route guard: 401 for the anonymous, 403 for a signed-in user without one of `roles` (case-insensitive;
 * `user` counts as buyer). No roles means any signed-in user. Run it as onRequest, so that who is
 * asking is checked before the body is even parsed (a stranger with a malformed body gets 401, not 400).
 */
export function requireAuth(...roles: string[]): onRequestAsyncHookHandler {
  const guard: onRequestAsyncHookHandler = async (request) => {
    const user = await resolveRequestUser(request);
    if (!user) throw new AppError('UNAUTHORIZED', 'Not authenticated');
    if (roles.length > 0 && !hasRole(user.role, roles)) {
      throw new AppError(
        'FORBIDDEN',
        roles.includes('admin') && roles.length === 1
          ? 'Admin access required'
          : `This action requires the ${roles.join(' or ')} role`,
      );
    }
    request.user = user;
  };
  return documentGuard(
    guard,
    roles.length > 0
      ? { access: `Needs a bearer token of a user with the ${roles.join(' or ')} role.`, codes: ['UNAUTHORIZED', 'FORBIDDEN'] }
      : SIGNED_IN,
  );
}

const SIGNED_IN = { access: 'Needs a bearer token of any signed-in user.', codes: ['UNAUTHORIZED'] } as const;

/** Like requireAuth() for any role, with the spec's own wording for the anonymous (e.g. 'Please log in to modify cart'). */
export function requireSignedIn(anonymousMessage: string): onRequestAsyncHookHandler {
  return documentGuard(async (request) => {
    const user = await resolveRequestUser(request);
    if (!user) throw new AppError('UNAUTHORIZED', anonymousMessage);
    request.user = user;
  }, SIGNED_IN);
}

/**
 * Guards every route of the plugin `app`, like `app.addHook('onRequest', guard)`, but as each route's
 * first own onRequest hook, so the API reference sees which token the route needs.
 */
export function guardEveryRoute(app: FastifyInstance, guard: onRequestAsyncHookHandler): void {
  app.addHook('onRoute', (route) => {
    route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
  });
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('UNAUTHORIZED', 'Not authenticated');
  return request.user;
}
