import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/** Opaque random tokens (refresh, reset) and short-lived signed access tokens. */

export function createOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Opaque tokens are stored only as hashes, so a database leak reveals no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface AccessClaims {
  sub: string;
  role: string;
  /** The user's token version when issued; a bump ends every session. */
  tv: number;
}

const ISSUER = 'ai-marketplace';
const AUDIENCE = 'ai-marketplace-api';
const REQUIRED_CLAIMS = ['exp', 'iat', 'sub', 'role', 'tv'];

export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlMinutes: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ role: claims.role, tv: claims.tv })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlMinutes}m`)
      .sign(this.key);
  }

  /**
   * Returns the claims, 'expired', or null for any invalid or foreign token. A token must carry
   * every claim sign() writes: one without `exp` would never expire, so it is refused, and one
   * issued longer ago than the lifetime is expired whatever its `exp` says.
   */
  async verify(token: string): Promise<AccessClaims | 'expired' | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        requiredClaims: REQUIRED_CLAIMS,
        maxTokenAge: `${this.ttlMinutes}m`,
      });
      if (typeof payload.sub !== 'string' || typeof payload.role !== 'string' || typeof payload.tv !== 'number') return null;
      return { sub: payload.sub, role: payload.role, tv: payload.tv };
    } catch (error) {
      return error instanceof errors.JWTExpired ? 'expired' : null;
    }
  }
}
