import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('seeds demo data only for the embedded default unless SEED_DEMO says otherwise', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgresql://db.internal/shop' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgresql://db.internal/shop', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('makes cookies Secure in production and requires a JWT secret there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    const production = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      METRICS_TOKEN: 'm'.repeat(32),
      PAYOUT_ENCRYPTION_KEY: 'ab'.repeat(32),
      WEBHOOK_SECRET_KEY: Buffer.alloc(32, 3).toString('base64'),
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    expect(production.cookieSecure).toBe(true);
    expect(loadConfig({}).cookieSecure).toBe(false);
  });

  it('requires a 32-byte payout encryption key in production and accepts hex or base64', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), METRICS_TOKEN: 'm'.repeat(32) })).toThrow(
      /PAYOUT_ENCRYPTION_KEY/,
    );
    expect(() => loadConfig({ PAYOUT_ENCRYPTION_KEY: 'too-short' })).toThrow(/32 bytes/);
    expect(loadConfig({ PAYOUT_ENCRYPTION_KEY: 'ab'.repeat(32) }).payouts.encryptionKey?.length).toBe(32);
    expect(loadConfig({ PAYOUT_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') }).payouts.encryptionKey?.length).toBe(32);
    expect(loadConfig({}).payouts.encryptionKey).toBeUndefined();
  });

  it('reads the webhook secret keys (current and previous) as 32 bytes of base64 or hex, and refuses anything else', () => {
    const current = Buffer.alloc(32, 1);
    const previous = Buffer.alloc(32, 2);
    const config = loadConfig({
      WEBHOOK_SECRET_KEY: current.toString('base64'),
      WEBHOOK_SECRET_KEY_PREVIOUS: previous.toString('hex'),
    });
    expect(config.webhooks.secretKey?.equals(current)).toBe(true);
    expect(config.webhooks.previousSecretKey?.equals(previous)).toBe(true);
    expect(() => loadConfig({ WEBHOOK_SECRET_KEY: Buffer.alloc(16).toString('base64') })).toThrow(
      /WEBHOOK_SECRET_KEY must be 32 bytes/,
    );
    expect(() => loadConfig({ WEBHOOK_SECRET_KEY_PREVIOUS: 'short' })).toThrow(/WEBHOOK_SECRET_KEY_PREVIOUS must be 32 bytes/);
    // Unset outside production: a key is derived (modules/webhooks/secrets.ts).
    expect(loadConfig({}).webhooks).toMatchObject({ secretKey: undefined, previousSecretKey: undefined });
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', AUTH_RATE_LIMIT_PER_MINUTE: '0', JWT_SECRET: 'short' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/AUTH_RATE_LIMIT_PER_MINUTE/);
      expect((error as Error).message).toMatch(/JWT_SECRET must be at least 32 characters/);
    }
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@example.org' })).toThrow(/together/);
    expect(loadConfig({ ADMIN_EMAIL: 'boss@example.org', ADMIN_PASSWORD: 'Very-secret-1' }).bootstrapAdmin?.email).toBe(
      'boss@example.org',
    );
  });

  it('keeps files on local disk unless S3_BUCKET names a bucket', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({
        S3_BUCKET: 'shop-files',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).s3,
    ).toEqual({
      bucket: 'shop-files',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    // AWS itself: virtual-hosted addresses and the SDK's own credentials.
    expect(loadConfig({ S3_BUCKET: 'shop-files', S3_REGION: 'eu-west-1' }).s3).toMatchObject({
      region: 'eu-west-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });
});
