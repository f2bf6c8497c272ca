import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  isPlaintextSecret,
  isSealedWith,
  keyId,
  openWebhookSecret,
  sealWebhookSecret,
  WebhookSecretUnavailable,
  webhookSecretKeys,
} from './secrets';

/** Decision 0050: a signing secret at rest is AES-256-GCM sealed, bound to its endpoint, and names its key. */

const ENDPOINT = '6f1c1c52-6d1b-4bd5-9d35-3f7a3c1d2e10';
const OTHER_ENDPOINT = '0b3f5a0e-2c44-4c8e-a3a1-8f0d2f6b7c11';
const SECRET = `whsec_${randomBytes(32).toString('base64url')}`;
const oldKey = randomBytes(32);
const newKey = randomBytes(32);

function failure(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('webhook secrets at rest', () => {
  it('never stores the secret itself: a fresh nonce each time, the key id in front, and it opens again', () => {
    const keys = { current: oldKey, previous: undefined };
    const first = sealWebhookSecret(keys, ENDPOINT, SECRET);
    const second = sealWebhookSecret(keys, ENDPOINT, SECRET);
    expect(first).not.toBe(second);
    for (const sealed of [first, second]) {
      expect(sealed).not.toContain(SECRET);
      expect(sealed).not.toContain(SECRET.slice(6, 20));
      expect(sealed.startsWith(`wsk1.${keyId(oldKey)}.`)).toBe(true);
      expect(isSealedWith(sealed, oldKey)).toBe(true);
      expect(isSealedWith(sealed, newKey)).toBe(false);
      expect(isPlaintextSecret(sealed)).toBe(false);
      expect(openWebhookSecret(keys, ENDPOINT, sealed)).toBe(SECRET);
    }
    // 12-byte nonce.
    expect(Buffer.from(first.split('.')[2] as string, 'base64url')).toHaveLength(12);
  });

  it('opens a secret sealed with the previous key after a rotation, and only with it set', () => {
    const sealed = sealWebhookSecret({ current: oldKey, previous: undefined }, ENDPOINT, SECRET);
    expect(openWebhookSecret({ current: newKey, previous: oldKey }, ENDPOINT, sealed)).toBe(SECRET);
    const error = failure(() => openWebhookSecret({ current: newKey, previous: undefined }, ENDPOINT, sealed));
    expect(error).toBeInstanceOf(WebhookSecretUnavailable);
    expect(error.message).toBe(
      `the signing secret of webhook endpoint ${ENDPOINT} cannot be decrypted: it was sealed with key id ${keyId(oldKey)}, ` +
        `but WEBHOOK_SECRET_KEY is key id ${keyId(newKey)} and WEBHOOK_SECRET_KEY_PREVIOUS is not set`,
    );
    expect(error.message).not.toContain(SECRET);
  });

  it('fails closed on a secret copied to another endpoint, altered or truncated', () => {
    const keys = { current: oldKey, previous: undefined };
    const sealed = sealWebhookSecret(keys, ENDPOINT, SECRET);
    expect(failure(() => openWebhookSecret(keys, OTHER_ENDPOINT, sealed)).message).toMatch(/authentication failed/);
    const [format, id, nonce, data] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] = (flipped[0] as number) ^ 1;
    const altered = [format, id, nonce, flipped.toString('base64url')].join('.');
    expect(failure(() => openWebhookSecret(keys, ENDPOINT, altered))).toBeInstanceOf(WebhookSecretUnavailable);
    expect(failure(() => openWebhookSecret(keys, ENDPOINT, `${format}.${id}.${nonce}`)).message).toMatch(/wsk1 format/);
    expect(failure(() => openWebhookSecret(keys, ENDPOINT, `${format}.${id}.${nonce}.AAAA`)).message).toMatch(/truncated/);
  });

  it('reads a secret stored in the clear before encryption at rest as it is (it is sealed on start or first use)', () => {
    expect(isPlaintextSecret(SECRET)).toBe(true);
    expect(openWebhookSecret({ current: oldKey, previous: undefined }, ENDPOINT, SECRET)).toBe(SECRET);
  });

  it('uses WEBHOOK_SECRET_KEY when set, else derives a stable key from the payout key (development and tests only)', () => {
    const payoutEncryptionKey = randomBytes(32);
    const config = (secretKey?: Buffer, previousSecretKey?: Buffer) =>
      ({ webhooks: { allowLoopback: false, secretKey, previousSecretKey } }) as never;
    const derived = webhookSecretKeys({ config: config(), payoutEncryptionKey });
    expect(derived.current).toHaveLength(32);
    expect(derived.current.equals(webhookSecretKeys({ config: config(), payoutEncryptionKey }).current)).toBe(true);
    expect(derived.current.equals(payoutEncryptionKey)).toBe(false);
    expect(derived.previous).toBeUndefined();
    const configured = webhookSecretKeys({ config: config(newKey, oldKey), payoutEncryptionKey });
    expect(configured.current.equals(newKey)).toBe(true);
    expect(configured.previous?.equals(oldKey)).toBe(true);
  });
});
