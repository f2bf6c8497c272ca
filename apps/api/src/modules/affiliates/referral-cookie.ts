import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../lib/context';

/**
 * The attribution cookie: which member referred this browser, and when. The server signs it
 * (HMAC), sets it httpOnly and reads it at checkout; a forged or altered value is ignored. Sent
 * only to the API, which is all that reads it.
 */
export const REFERRAL_COOKIE = 'mkt_ref';
const COOKIE_PATH = '/api/v1';
const DAY_MS = 86_400_000;

export interface ReferralClaims {
  /** the referring member's user id */
  a: string;
  /** when the visitor followed the link, ms since the epoch (the window is counted from here) */
  t: number;
}

function keyOf(deps: AppDeps, purpose: string): Buffer {
  return createHmac('sha256', deps.downloadSigningKey).update(purpose).digest();
}

export function signReferral(deps: AppDeps, claims: ReferralClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${createHmac('sha256', keyOf(deps, 'affiliate-cookie')).update(payload).digest('base64url')}`;
}

/** The claims of a genuine cookie still inside the window of `cookieDays`, else null. */
export function readReferral(
  deps: AppDeps,
  value: string | undefined,
  cookieDays: number,
  now = Date.now(),
): ReferralClaims | null {
  if (!value || value.length > 300) return null;
  const [payload, signature, extra] = value.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = createHmac('sha256', keyOf(deps, 'affiliate-cookie')).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as ReferralClaims;
    if (typeof claims.a !== 'string' || typeof claims.t !== 'number') return null;
    if (claims.t > now + 60_000 || claims.t + cookieDays * DAY_MS <= now) return null;
    return claims;
  } catch {
    return null;
  }
}

/** Last click wins: every visit through a link replaces the cookie. */
export function setReferralCookie(reply: FastifyReply, deps: AppDeps, affiliateId: string, cookieDays: number): void {
  reply.setCookie(REFERRAL_COOKIE, signReferral(deps, { a: affiliateId, t: Date.now() }), {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.cookieSecure,
    maxAge: cookieDays * 86_400,
  });
}

/**
 * A keyed hash of the visitor's address: dedupes clicks without storing it. The browser string is
 * left out on purpose, since a script can send a new one with every request.
 */
export function visitorHash(deps: AppDeps, ip: string): string {
  return createHmac('sha256', keyOf(deps, 'affiliate-visitor')).update(ip).digest('base64url');
}
