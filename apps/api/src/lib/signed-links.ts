import { createHmac, timingSafeEqual } from 'node:crypto';

/** Short, tamper-proof, expiring tokens for download links: base64url(payload).base64url(hmac). */

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

export function signDownload(key: string, claims: DownloadClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
}

/** The claims of a genuine token, or 'expired', or null for anything forged or malformed. */
export function verifyDownload(key: string, token: string): DownloadClaims | 'expired' | null {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return null;
  const expected = createHmac('sha256', key).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as DownloadClaims;
    if (typeof claims.o !== 'string' || typeof claims.f !== 'string' || typeof claims.exp !== 'number') return null;
    return claims.exp * 1000 < Date.now() ? 'expired' : claims;
  } catch {
    return null;
  }
}
