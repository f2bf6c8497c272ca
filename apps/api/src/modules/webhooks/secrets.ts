import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../../lib/context';

/**
 * Webhook signing secrets at rest (docs/decisions/0050): AES-256-GCM with a random 12-byte nonce
 * per secret, the endpoint's id as associated data (a sealed secret copied onto another endpoint
 * does not open), and the key's id in front so a key can be rotated:
 * `wsk1.<key id>.<nonce, base64url>.<ciphertext and tag, base64url>`. A value without the prefix
 * is a secret stored in the clear before this release; it is sealed on start and on first use.
 */

const FORMAT = 'wsk1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export interface WebhookSecretKeys {
  /** Seals every secret (WEBHOOK_SECRET_KEY, or derived outside production). */
  current: Buffer;
  /** Only opens secrets sealed before a rotation (WEBHOOK_SECRET_KEY_PREVIOUS). */
  previous: Buffer | undefined;
}

/** A sealed secret that cannot be opened: wrong or missing key, or altered data. Never sign without it. */
export class WebhookSecretUnavailable extends Error {}

/** The configured keys; outside production without WEBHOOK_SECRET_KEY, one derived from the payout key (as the licence key is). */
export function webhookSecretKeys(deps: Pick<AppDeps, 'config' | 'payoutEncryptionKey'>): WebhookSecretKeys {
  const { secretKey, previousSecretKey } = deps.config.webhooks;
  return {
    current: secretKey ?? createHash('sha256').update('webhook-secrets:').update(deps.payoutEncryptionKey).digest(),
    previous: previousSecretKey,
  };
}

/** A short public name of a key (8 hex characters of a hash of it): says which key sealed a secret without revealing it. */
export function keyId(key: Buffer): string {
  return createHash('sha256').update('webhook-secret-key-id:').update(key).digest('hex').slice(0, 8);
}

/** Whether a stored value is already sealed with `key` (anything else is sealed again by the sweep). */
export function isSealedWith(stored: string, key: Buffer): boolean {
  return stored.startsWith(`${FORMAT}.${keyId(key)}.`);
}

/** Whether a stored value is a secret from before encryption at rest (in the clear). */
export function isPlaintextSecret(stored: string): boolean {
  return !stored.startsWith(`${FORMAT}.`);
}

/** Seals an endpoint's signing secret with the current key. */
export function sealWebhookSecret(keys: WebhookSecretKeys, endpointId: string, secret: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.current, nonce);
  cipher.setAAD(Buffer.from(endpointId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return [FORMAT, keyId(keys.current), nonce.toString('base64url'), sealed.toString('base64url')].join('.');
}

/**
 * The signing secret of an endpoint as stored: opened with the key its id names (current or
 * previous), or as it is when stored in the clear. Throws WebhookSecretUnavailable, naming the key
 * ids involved and never the secret, when it cannot be opened.
 */
export function openWebhookSecret(keys: WebhookSecretKeys, endpointId: string, stored: string): string {
  if (isPlaintextSecret(stored)) return stored;
  const [, id, nonce, sealed, ...rest] = stored.split('.');
  const problem = (why: string) =>
    new WebhookSecretUnavailable(`the signing secret of webhook endpoint ${endpointId} cannot be decrypted: ${why}`);
  if (!id || !nonce || !sealed || rest.length > 0) throw problem('it is not in the wsk1 format');
  const known = [keys.current, keys.previous].filter((key): key is Buffer => key !== undefined);
  const key = known.find((candidate) => keyId(candidate) === id);
  if (!key) {
    const previous = keys.previous ? `is key id ${keyId(keys.previous)}` : 'is not set';
    throw problem(
      `it was sealed with key id ${id}, but WEBHOOK_SECRET_KEY is key id ${keyId(keys.current)} and WEBHOOK_SECRET_KEY_PREVIOUS ${previous}`,
    );
  }
  const nonceBytes = Buffer.from(nonce, 'base64url');
  const data = Buffer.from(sealed, 'base64url');
  if (nonceBytes.length !== NONCE_BYTES || data.length <= TAG_BYTES) throw problem('it is truncated');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, nonceBytes);
    decipher.setAAD(Buffer.from(endpointId));
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw problem(`authentication failed with key id ${id} (a different key with the same id, or altered data)`);
  }
}
