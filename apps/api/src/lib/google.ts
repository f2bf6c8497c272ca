import { createRemoteJWKSet, jwtVerify } from 'jose';

/** Verifies Google ID tokens: signature against the JWKS, audience, issuer and expiry. */

export interface GoogleIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  picture: string | null;
}

export interface GoogleVerifier {
  clientId: string;
  verify(idToken: string): Promise<GoogleIdentity | null>;
}

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export function createGoogleVerifier(clientId: string, jwksUrl: string): GoogleVerifier {
  const keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  return {
    clientId,
    async verify(idToken) {
      try {
        const { payload } = await jwtVerify(idToken, keys, { issuer: GOOGLE_ISSUERS, audience: clientId });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        return {
          subject: payload.sub,
          email: payload.email.toLowerCase(),
          emailVerified: payload.email_verified === true || payload.email_verified === 'true',
          givenName: typeof payload.given_name === 'string' ? payload.given_name : '',
          familyName: typeof payload.family_name === 'string' ? payload.family_name : '',
          picture: typeof payload.picture === 'string' ? payload.picture : null,
        };
      } catch {
        return null;
      }
    },
  };
}
