import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import type { Config } from './config';
import type { Database } from './db/client';
import { createAfterReply } from './lib/after-reply';
import type { AppDeps } from './lib/context';
import { createGoogleVerifier } from './lib/google';
import { createMailer } from './lib/mailer';
import { createLocalStorage, type Storage } from './lib/storage';
import { createS3Storage } from './lib/storage-s3';
import { AccessTokens } from './lib/tokens';
import { createTestTokenProvider, fixedParityRates } from './modules/ai-pool/providers';
import { CatalogChanges } from './modules/catalog/changes';
import { SearchDictionary } from './modules/catalog/dictionary';
import { type CatalogIndex, SearchIndex } from './modules/catalog/search-index';
import { SearchIndexThread } from './modules/catalog/search-index/thread';
import { withProviderErrors } from './modules/payments/providers/provider';
import { createStripeProvider } from './modules/payments/providers/stripe';
import { createTestProcessor } from './modules/payments/providers/test-processor';
import { createStripeConnectProvider } from './modules/payouts/providers/stripe-connect';
import { createTestPayoutProvider } from './modules/payouts/providers/test-provider';

/** Wires the real collaborators from configuration. */
export function createDeps(
  config: Config,
  db: Database,
  options: { embeddedDatabase: boolean; log: (message: string) => void },
): AppDeps {
  const jwtSecret = config.jwtSecret ?? loadOrCreateLocalSecret(config.dataDir);
  const payoutEncryptionKey =
    config.payouts.encryptionKey ?? createHash('sha256').update(`payout-accounts:${jwtSecret}`).digest();
  return {
    config,
    db,
    mailer: createMailer({
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      outboxDir: config.mail.outboxDir,
      production: config.env === 'production',
      log: options.log,
    }),
    afterReply: createAfterReply(),
    storage: createStorage(config),
    accessTokens: new AccessTokens(jwtSecret, config.accessTokenTtlMinutes),
    google: config.google.clientId ? createGoogleVerifier(config.google.clientId, config.google.jwksUrl) : null,
    payments: withProviderErrors(
      config.stripe ? createStripeProvider(config.stripe.secretKey) : createTestProcessor(db),
      options.log,
    ),
    payouts: config.stripe
      ? createStripeConnectProvider(new Stripe(config.stripe.secretKey), config.publicUrl)
      : createTestPayoutProvider(db),
    payoutEncryptionKey,
    // Not from the JWT secret: rotating that must not turn every sold key invalid (decision 0034).
    licenseKeySecret: config.licenses.secret ?? createHash('sha256').update('license-keys:').update(payoutEncryptionKey).digest(),
    tokenTransfers: createTestTokenProvider(db),
    exchangeRates: fixedParityRates,
    // The dictionary may be as stale as a cached catalogue page, and no staler.
    searchDictionary: new SearchDictionary(db, config.catalogCacheMs),
    // Kept in step on the same schedule as the dictionary.
    searchIndex: config.searchIndex ? createSearchIndex(config, db, options.log) : null,
    catalogChanges: new CatalogChanges(db.$client.options),
    downloadSigningKey: createHash('sha256').update(`downloads:${jwtSecret}`).digest('hex'),
    embeddedDatabase: options.embeddedDatabase,
  };
}

/** Where uploaded files are kept: S3-compatible object storage when configured, else DATA_DIR. */
export function createStorage(config: Config): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.filesDir);
}

/** Database connections of the search index's own thread (version checks, changes, lexemes, comparisons). */
const SEARCH_THREAD_POOL_MAX = 3;

/**
 * The search index, in a worker thread of its own when it refreshes in the background; on this
 * thread when every search refreshes it first (CATALOG_CACHE_MS=0, tests) or with SEARCH_INDEX_THREAD=off.
 */
function createSearchIndex(config: Config, db: Database, log: (message: string) => void): CatalogIndex {
  const databaseUrl = db.$client.options.connectionString;
  if (!config.searchIndexThread || config.catalogCacheMs === 0 || !databaseUrl)
    return new SearchIndex(db, config.catalogCacheMs, config.searchIndexSnapshot);
  return new SearchIndexThread(
    {
      databaseUrl,
      poolMax: SEARCH_THREAD_POOL_MAX,
      checkEveryMs: config.catalogCacheMs,
      snapshotFile: config.searchIndexSnapshot,
    },
    log,
  );
}

/** Without JWT_SECRET (local runs only; production requires it) a random secret is kept in DATA_DIR. */
function loadOrCreateLocalSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
