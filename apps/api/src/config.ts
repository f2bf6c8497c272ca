import path from 'node:path';
import { z } from 'zod';

/** Environment → typed configuration. The only module that reads process.env. */

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : ['true', '1', 'yes'].includes(value)));

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  SEED_DEMO: booleanFlag,
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
  ACCESS_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  COOKIE_SECURE: booleanFlag,
  TRUST_PROXY: booleanFlag,
  WEBHOOKS_ALLOW_LOOPBACK: booleanFlag,
  WEBHOOK_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .refine((value) => decodeKey(value) !== null, 'WEBHOOK_SECRET_KEY must be 32 bytes as base64 or 64 hex characters')
      .optional(),
  ),
  WEBHOOK_SECRET_KEY_PREVIOUS: optionalText.pipe(
    z
      .string()
      .refine((value) => decodeKey(value) !== null, 'WEBHOOK_SECRET_KEY_PREVIOUS must be 32 bytes as base64 or 64 hex characters')
      .optional(),
  ),
  ADMIN_EMAIL: optionalText,
  ADMIN_PASSWORD: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('AI Marketplace <no-reply@localhost>'),
  /** Where rate-limit counters live: `postgres` (shared by every instance, survives restarts) or `memory` (one instance). */
  RATE_LIMIT_STORE: z.enum(['postgres', 'memory']).default('postgres'),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  REFRESH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  REFRESH_IP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  FAILED_LOGIN_LIMIT: z.coerce.number().int().min(1).default(5),
  FAILED_LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(1),
  FAILED_LOGIN_MAX_LOCK_MINUTES: z.coerce.number().int().min(1).default(60),
  FAILED_LOGIN_ACCOUNT_LIMIT: z.coerce.number().int().min(1).default(100),
  FAILED_LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  FAILED_LOGIN_SLOWDOWN_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  PLATFORM_FEE_PERCENT: z.coerce.number().int().min(0).max(50).default(10),
  ORDER_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  PAYMENT_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  PAYMENT_STALE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  PAYOUT_ENCRYPTION_KEY: optionalText.pipe(
    z
      .string()
      .refine((value) => decodeKey(value) !== null, 'PAYOUT_ENCRYPTION_KEY must be 32 bytes as 64 hex characters or base64')
      .optional(),
  ),
  PAYOUT_CHECK_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  LICENSE_KEY_SECRET: optionalText.pipe(
    z
      .string()
      .refine((value) => decodeKey(value) !== null, 'LICENSE_KEY_SECRET must be 32 bytes as 64 hex characters or base64')
      .optional(),
  ),
  LICENSE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  LICENSE_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  DOWNLOAD_LINK_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  CATALOG_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** Public searches from an in-process index of the catalogue (docs/decisions/0017-in-process-search-index.md) instead of SQL. */
  SEARCH_INDEX: z.enum(['on', 'off']).default('on'),
  SEARCH_INDEX_SNAPSHOT: optionalText,
  SEARCH_INDEX_THREAD: z.enum(['on', 'off']).default('on'),
  /** Set: every stored file lives in this S3-compatible bucket instead of DATA_DIR/files (docs/decisions/0028-object-storage.md). */
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: booleanFlag,
  METRICS_TOKEN: optionalText,
  CHATBOT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Custom-chatbot leads one client address, and one chat session, may leave per hour. */
  CHATBOT_LEADS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** Admins get at most one e-mail listing new leads per this many minutes. */
  CHATBOT_LEAD_DIGEST_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(10),
  /** Forum posts one member may make per minute, against spam. */
  COMMUNITY_THREADS_PER_MINUTE: z.coerce.number().int().min(1).default(3),
  COMMUNITY_REPLIES_PER_MINUTE: z.coerce.number().int().min(1).default(6),
  /** Newsletter sign-ups per client address per minute (each may send an e-mail). */
  NEWSLETTER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  /** How often the product updates job looks for updates to send to past buyers (0: only at start). */
  PRODUCT_UPDATES_CHECK_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /** Update notes a seller may post per product in 24 hours (each one mails every past buyer). */
  PRODUCT_UPDATE_NOTES_PER_DAY: z.coerce.number().int().min(1).max(100).default(5),
  AFFILIATE_VISITS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  CHATBOT_LLM_URL: optionalText.pipe(z.url().optional()),
  CHATBOT_LLM_API_KEY: optionalText,
  CHATBOT_LLM_MODEL: z.string().default('gpt-4o-mini'),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  WEB_DIST_DIR: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  /** Unset means: run the embedded PostgreSQL server under dataDir. */
  databaseUrl: string | undefined;
  databasePoolMax: number;
  seedDemo: boolean;
  jwtSecret: string | undefined;
  accessTokenTtlMinutes: number;
  refreshTokenTtlDays: number;
  cookieSecure: boolean;
  trustProxy: boolean;
  /**
   * Sellers' webhooks: loopback targets only when explicitly allowed (tests); private ones never.
   * Signing secrets are sealed with `secretKey` (derived outside production when unset) and opened
   * with it or `previousSecretKey` (the key before a rotation), decision 0050.
   */
  webhooks: { allowLoopback: boolean; secretKey: Buffer | undefined; previousSecretKey: Buffer | undefined };
  bootstrapAdmin: { email: string; password: string } | undefined;
  google: { clientId: string | undefined; jwksUrl: string };
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  filesDir: string;
  /** Files in an S3-compatible bucket (S3_BUCKET) instead of filesDir; undefined keeps them on local disk. */
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  rateLimit: {
    store: 'postgres' | 'memory';
    /** Sign-in, register, forgot/reset password: per address. */
    authPerMinute: number;
    /** Session refreshes per sign-in session, and per address for callers without a known session. */
    refreshPerMinute: number;
    refreshPerIpPerMinute: number;
  };
  /** Wrong passwords (and authenticator codes): back-off per account and address, a slowdown per account. */
  lockout: {
    /** Failures from one address on one account before it waits… */
    limit: number;
    /** …this long, doubling with each further failure up to the cap. */
    lockMinutes: number;
    maxLockMinutes: number;
    /** Failures on one account from every address within the window before each attempt is slowed. */
    accountLimit: number;
    windowMinutes: number;
    slowdownMs: number;
  };
  stripe: { secretKey: string; publishableKey: string | undefined; webhookSecret: string | undefined } | undefined;
  /** The marketplace's cut of each order, besides the 10% AI pool. */
  platformFeePercent: number;
  payments: {
    /** An unpaid order expires this long after checkout. */
    orderExpiryMinutes: number;
    /** How often the expiry sweep and the payment reconciler run (0: only at start). */
    sweepSeconds: number;
    /** A charge or refund still "in progress" after this long is resolved by the reconciler. */
    staleSeconds: number;
  };
  payouts: {
    /** AES-256-GCM key for bank account numbers; derived from the JWT secret when unset (never in production). */
    encryptionKey: Buffer | undefined;
    /** How often the scheduled payout run checks whether it is due (0: only at start). */
    checkSeconds: number;
  };
  licenses: {
    /** Seals and finds licence keys (LICENSE_KEY_SECRET; derived from the payout key when unset). */
    secret: Buffer | undefined;
    /** Verify/activate/deactivate calls per client address, and per key, per minute. */
    perAddressPerMinute: number;
    perKeyPerMinute: number;
  };
  downloadLinkTtlHours: number;
  /** How long identical anonymous catalogue responses are shared (0 disables). */
  catalogCacheMs: number;
  /** Public searches from the in-process search index (SEARCH_INDEX, default on). */
  searchIndex: boolean;
  /** Where the search index saves itself for a fast restart (none in tests, or with SEARCH_INDEX_SNAPSHOT=off). */
  searchIndexSnapshot: string | undefined;
  /** The search index in a worker thread of its own (SEARCH_INDEX_THREAD, default on) when it refreshes in the background (CATALOG_CACHE_MS > 0). */
  searchIndexThread: boolean;
  /** Bearer token for /metrics (required in production); without it only loopback callers may read them. */
  metricsToken: string | undefined;
  webDistDir: string | undefined;
  /** On SIGTERM, how long requests in flight may take before their connections are cut. */
  shutdownDrainSeconds: number;
  logLevel: string;
  /** The shopping assistant: messages per minute per session and per address; an optional LLM to phrase answers. */
  community: { threadsPerMinute: number; repliesPerMinute: number };
  newsletter: { ratePerMinute: number };
  productUpdates: { checkSeconds: number; notesPerDay: number };
  /** Referral-link visits (`/r/<code>`, `?ref=`) per client address per minute. */
  affiliates: { visitsPerMinute: number };
  chatbot: {
    ratePerMinute: number;
    leadsPerHour: number;
    leadDigestMinutes: number;
    llm: { url: string; apiKey: string | undefined; model: string } | undefined;
  };
}

export class ConfigError extends Error {}

/** Parses the environment once; lists every problem at once so a deploy fails fast and clearly. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production') {
    // Every missing production setting at once, so one failed deploy names them all.
    const missing = [
      !e.JWT_SECRET && '  - JWT_SECRET: required in production (32+ random characters)',
      e.SEED_DEMO &&
        '  - SEED_DEMO: demo accounts have public passwords and are never seeded in production (unset SEED_DEMO, use ADMIN_EMAIL/ADMIN_PASSWORD)',
      !e.METRICS_TOKEN && '  - METRICS_TOKEN: required in production (a random token Prometheus sends as a bearer token)',
      !e.PAYOUT_ENCRYPTION_KEY && '  - PAYOUT_ENCRYPTION_KEY: required in production (32 random bytes, hex or base64)',
      !e.WEBHOOK_SECRET_KEY &&
        '  - WEBHOOK_SECRET_KEY: required in production (32 random bytes as base64: openssl rand -base64 32); encrypts the sellers’ webhook signing secrets',
      !e.SMTP_URL &&
        '  - SMTP_URL: required in production (e.g. smtps://user:pass@smtp.example.com:465); without it no password reset, receipt or download link reaches anyone',
    ].filter(Boolean);
    if (missing.length > 0) throw new ConfigError(`Invalid environment:\n${missing.join('\n')}`);
  }
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid environment:\n  - ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid environment:\n  - S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    seedDemo: e.NODE_ENV !== 'production' && (e.SEED_DEMO ?? !e.DATABASE_URL),
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlMinutes: e.ACCESS_TOKEN_TTL_MINUTES,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    trustProxy: e.TRUST_PROXY ?? false,
    webhooks: {
      allowLoopback: e.WEBHOOKS_ALLOW_LOOPBACK ?? false,
      secretKey: e.WEBHOOK_SECRET_KEY ? (decodeKey(e.WEBHOOK_SECRET_KEY) ?? undefined) : undefined,
      previousSecretKey: e.WEBHOOK_SECRET_KEY_PREVIOUS ? (decodeKey(e.WEBHOOK_SECRET_KEY_PREVIOUS) ?? undefined) : undefined,
    },
    bootstrapAdmin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    google: { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    filesDir: path.join(dataDir, 'files'),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          // Most S3-compatible stores other than AWS want bucket-in-path URLs.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
        }
      : undefined,
    rateLimit: {
      store: e.RATE_LIMIT_STORE,
      authPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
      refreshPerMinute: e.REFRESH_RATE_LIMIT_PER_MINUTE,
      refreshPerIpPerMinute: e.REFRESH_IP_RATE_LIMIT_PER_MINUTE,
    },
    lockout: {
      limit: e.FAILED_LOGIN_LIMIT,
      lockMinutes: e.FAILED_LOGIN_LOCK_MINUTES,
      maxLockMinutes: e.FAILED_LOGIN_MAX_LOCK_MINUTES,
      accountLimit: e.FAILED_LOGIN_ACCOUNT_LIMIT,
      windowMinutes: e.FAILED_LOGIN_WINDOW_MINUTES,
      slowdownMs: e.FAILED_LOGIN_SLOWDOWN_MS,
    },
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
      : undefined,
    platformFeePercent: e.PLATFORM_FEE_PERCENT,
    payments: {
      orderExpiryMinutes: e.ORDER_EXPIRY_MINUTES,
      sweepSeconds: e.PAYMENT_SWEEP_SECONDS,
      staleSeconds: e.PAYMENT_STALE_SECONDS,
    },
    payouts: {
      encryptionKey: e.PAYOUT_ENCRYPTION_KEY ? (decodeKey(e.PAYOUT_ENCRYPTION_KEY) ?? undefined) : undefined,
      checkSeconds: e.PAYOUT_CHECK_SECONDS,
    },
    licenses: {
      secret: e.LICENSE_KEY_SECRET ? (decodeKey(e.LICENSE_KEY_SECRET) ?? undefined) : undefined,
      perAddressPerMinute: e.LICENSE_RATE_LIMIT_PER_MINUTE,
      perKeyPerMinute: e.LICENSE_KEY_RATE_LIMIT_PER_MINUTE,
    },
    downloadLinkTtlHours: e.DOWNLOAD_LINK_TTL_HOURS,
    catalogCacheMs: e.CATALOG_CACHE_MS,
    searchIndex: e.SEARCH_INDEX === 'on',
    searchIndexSnapshot: snapshotFile(e.SEARCH_INDEX_SNAPSHOT, e.NODE_ENV, dataDir),
    searchIndexThread: e.SEARCH_INDEX_THREAD === 'on',
    metricsToken: e.METRICS_TOKEN,
    webDistDir: e.WEB_DIST_DIR,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    logLevel: e.LOG_LEVEL,
    community: { threadsPerMinute: e.COMMUNITY_THREADS_PER_MINUTE, repliesPerMinute: e.COMMUNITY_REPLIES_PER_MINUTE },
    newsletter: { ratePerMinute: e.NEWSLETTER_RATE_LIMIT_PER_MINUTE },
    productUpdates: { checkSeconds: e.PRODUCT_UPDATES_CHECK_SECONDS, notesPerDay: e.PRODUCT_UPDATE_NOTES_PER_DAY },
    affiliates: { visitsPerMinute: e.AFFILIATE_VISITS_PER_MINUTE },
    chatbot: {
      ratePerMinute: e.CHATBOT_RATE_LIMIT_PER_MINUTE,
      leadsPerHour: e.CHATBOT_LEADS_PER_HOUR,
      leadDigestMinutes: e.CHATBOT_LEAD_DIGEST_MINUTES,
      llm: e.CHATBOT_LLM_URL
        ? { url: e.CHATBOT_LLM_URL.replace(/\/$/, ''), apiKey: e.CHATBOT_LLM_API_KEY, model: e.CHATBOT_LLM_MODEL }
        : undefined,
    },
  };
}

/** A 32-byte key written as 64 hex characters or as base64; null when it is neither. */
function decodeKey(value: string): Buffer | null {
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  return key.length === 32 ? key : null;
}

/** The search index snapshot's path: as set, `off` for none, else beside the data (never in tests: each builds its own). */
function snapshotFile(setting: string | undefined, env: string, dataDir: string): string | undefined {
  if (setting === 'off') return undefined;
  if (setting) return path.resolve(setting);
  return env === 'test' ? undefined : path.join(dataDir, 'search-index.snapshot');
}
