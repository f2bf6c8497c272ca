import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../lib/context';
import { presentUser } from '../users/present';
import type { SignedIn } from './service';

export const REFRESH_COOKIE = 'refresh_token';
const REFRESH_COOKIE_PATH = '/api/v1/auth';

/** Sets the httpOnly refresh cookie and answers `{ user, access_token, token_type }`. */
export function sendSession(reply: FastifyReply, deps: AppDeps, result: SignedIn) {
  reply.setCookie(REFRESH_COOKIE, result.refreshToken, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: deps.config.cookieSecure,
    maxAge: deps.config.refreshTokenTtlDays * 86_400,
  });
  return { user: presentUser(result.user), access_token: result.accessToken, token_type: 'bearer' as const };
}

export function clearSessionCookie(reply: FastifyReply, deps: AppDeps) {
  reply.clearCookie(REFRESH_COOKIE, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: deps.config.cookieSecure,
  });
}
