import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signed newsletter links: base64url(claims).base64url(hmac), no database row needed. */

export type LinkPurpose = 'confirm' | 'unsubscribe';

export interface LinkClaims {
  /** subscriber id */
  s: string;
  p: LinkPurpose;
  /** issued at, ms since the epoch: a confirmation issued before an unsubscription cannot undo it */
  iat: number;
  /** expiry, ms since the epoch; 0 for links that never expire (unsubscribe) */
  exp: number;
}

export const CONFIRM_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function newsletterKey(secret: string): string {
  return createHmac('sha256', secret).update('newsletter-links').digest('hex');
}

export function signLink(key: string, claims: LinkClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
}

/** The claims of a genuine, unexpired link for `purpose`, else null. */
export function verifyLink(key: string, token: string, purpose: LinkPurpose, now = Date.now()): LinkClaims | null {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return null;
  const expected = createHmac('sha256', key).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LinkClaims;
    if (claims.p !== purpose || typeof claims.s !== 'string' || typeof claims.iat !== 'number') return null;
    if (typeof claims.exp !== 'number' || (claims.exp !== 0 && claims.exp < now)) return null;
    return claims;
  } catch {
    return null;
  }
}
