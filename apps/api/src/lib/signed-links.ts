import { createHmac, timingSafeEqual } from 'node:crypto';

/** Short, tamper-proof, expiring tokens for file links: base64url(payload).base64url(hmac). */

export interface DownloadClaims {
  /** order id */
  o: string;
  /** product file id */
  f: string;
  /** the order's download version when issued */
  v: number;
  /** expiry, seconds since the epoch */
  exp: number;
}

/** An admin's link to one file of a product under review (no order behind it). */
export interface ReviewFileClaims {
  /** product file id */
  r: string;
  /** expiry, seconds since the epoch */
  exp: number;
}

function sign(key: string, claims: object): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
}

/** The claims of a genuine token of the expected shape, or 'expired', or null for anything forged or malformed. */
function verify<T extends { exp: number }>(key: string, token: string, isShaped: (claims: T) => boolean): T | 'expired' | null {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return null;
  const expected = createHmac('sha256', key).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as T;
    if (claims === null || typeof claims !== 'object' || typeof claims.exp !== 'number' || !isShaped(claims)) return null;
    return claims.exp * 1000 < Date.now() ? 'expired' : claims;
  } catch {
    return null;
  }
}

// Review links are signed with a key derived for that purpose, so neither kind of link can pass for the other.
function reviewKey(key: string): string {
  return createHmac('sha256', key).update('admin-file-review').digest('base64url');
}

export function signDownload(key: string, claims: DownloadClaims): string {
  return sign(key, claims);
}

export function verifyDownload(key: string, token: string): DownloadClaims | 'expired' | null {
  return verify<DownloadClaims>(key, token, (claims) => typeof claims.o === 'string' && typeof claims.f === 'string');
}

export function signReviewFile(key: string, claims: ReviewFileClaims): string {
  return sign(reviewKey(key), claims);
}

export function verifyReviewFile(key: string, token: string): ReviewFileClaims | 'expired' | null {
  return verify<ReviewFileClaims>(reviewKey(key), token, (claims) => typeof claims.r === 'string');
}

/** A guest's key to one order (decision 0046): opens that order's page, payment and downloads only. */
export interface GuestOrderClaims {
  /** order id */
  g: string;
  /** expiry, seconds since the epoch */
  exp: number;
}

// Guest order links are signed with a key derived for that purpose: no other link can pass for one.
function guestOrderKey(key: string): string {
  return createHmac('sha256', key).update('guest-order').digest('base64url');
}

export function signGuestOrder(key: string, claims: GuestOrderClaims): string {
  return sign(guestOrderKey(key), claims);
}

export function verifyGuestOrder(key: string, token: string): GuestOrderClaims | 'expired' | null {
  return verify<GuestOrderClaims>(guestOrderKey(key), token, (claims) => typeof claims.g === 'string');
}
