import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, exportJWK, generateKeyPair, SignJWT } from 'jose';

/**
 * A stand-in for Google's key endpoint: a locally generated RSA key pair whose public half is
 * served as a JWKS over HTTP on loopback. The app's real verifier fetches and checks against it.
 */
export async function startLocalJwks() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    jwksUrl: `http://127.0.0.1:${port}/certs`,
    /** Signs an ID token shaped like Google's; pass overrides to break one claim at a time. */
    async signIdToken(claims: Record<string, unknown>, options: { key?: CryptoKey; expiresIn?: number } = {}) {
      const now = Math.floor(Date.now() / 1000);
      const { iss = 'https://accounts.google.com', aud, sub, ...rest } = claims;
      return new SignJWT({ email_verified: true, ...rest })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1' })
        .setIssuer(iss as string)
        .setAudience(aud as string)
        .setSubject(sub as string)
        .setIssuedAt(now - 10)
        .setExpirationTime(now + (options.expiresIn ?? 3600))
        .sign(options.key ?? privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
