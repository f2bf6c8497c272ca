import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * One-click unsubscribe links of product update e-mails: base64url(claims).base64url(hmac), with a
 * key derived for this purpose alone (no other signed link passes for one). They never expire and
 * need no sign-in: they only ever turn mail off.
 */
export interface UnsubscribeClaims {
  /** the buyer's user id */
  u: string;
  /** the product id */
  p: string;
}

function unsubscribeKey(signingKey: string): Buffer {
  return createHmac('sha256', signingKey).update('product-update-unsubscribe').digest();
}

export function signUnsubscribe(signingKey: string, claims: UnsubscribeClaims): string {
  const payload = Buffer.from(JSON.stringify({ u: claims.u, p: claims.p })).toString('base64url');
  return `${payload}.${createHmac('sha256', unsubscribeKey(signingKey)).update(payload).digest('base64url')}`;
}

/** The claims of a genuine link, else null (forged, altered, truncated or malformed). */
export function verifyUnsubscribe(signingKey: string, token: string): UnsubscribeClaims | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = createHmac('sha256', unsubscribeKey(signingKey)).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<UnsubscribeClaims>;
    if (typeof claims?.u !== 'string' || typeof claims.p !== 'string') return null;
    return { u: claims.u, p: claims.p };
  } catch {
    return null;
  }
}
