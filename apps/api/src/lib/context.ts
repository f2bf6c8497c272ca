import type { Config } from '../config';
import type { Database } from '../db/client';
import type { ExchangeRateSource, TokenTransferProvider } from '../modules/ai-pool/providers';
import type { CatalogChanges } from '../modules/catalog/changes';
import type { SearchDictionary } from '../modules/catalog/dictionary';
import type { CatalogIndex } from '../modules/catalog/search-index';
import type { PaymentProvider } from '../modules/payments/providers/provider';
import type { PayoutProvider } from '../modules/payouts/providers/provider';
import type { UserRow } from '../modules/users/repository';
import type { AfterReply } from './after-reply';
import type { GoogleVerifier } from './google';
import type { Mailer } from './mailer';
import type { Storage } from './storage';
import type { AccessTokens } from './tokens';

/** Everything a module needs from the outside world, built once in server.ts (or a test helper). */
export interface AppDeps {
  config: Config;
  db: Database;
  mailer: Mailer;
  /** Work done after the answer has gone out (the password-reset e-mail); closing the app waits for it. */
  afterReply: AfterReply;
  storage: Storage;
  accessTokens: AccessTokens;
  google: GoogleVerifier | null;
  payments: PaymentProvider;
  /** Sends sellers their payouts (test provider, or Stripe Connect with STRIPE_SECRET_KEY). */
  payouts: PayoutProvider;
  /** AES-256-GCM key for bank account numbers (PAYOUT_ENCRYPTION_KEY, or derived from the JWT secret outside production). */
  payoutEncryptionKey: Buffer;
  /** Seals and finds licence keys (LICENSE_KEY_SECRET, or derived from the payout key). */
  licenseKeySecret: Buffer;
  /** Sends the AI token pool's money out (built-in test provider by default). */
  tokenTransfers: TokenTransferProvider;
  exchangeRates: ExchangeRateSource;
  /** The catalogue's word dictionary for typo correction, one per app instance. */
  searchDictionary: SearchDictionary;
  /** The public catalogue's in-process search index (SEARCH_INDEX=on), or null: searches go to SQL. */
  searchIndex: CatalogIndex | null;
  /** PostgreSQL's notifications of catalogue changes from any instance (listening once started: server.ts). */
  catalogChanges: CatalogChanges;
  /** Signs download links (HMAC key derived from the JWT secret). */
  downloadSigningKey: string;
  /** true when the app runs its own embedded PostgreSQL server. */
  embeddedDatabase: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    /** Set by the auth guard for signed-in requests. */
    user: UserRow | null;
  }
}
