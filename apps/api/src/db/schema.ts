import type { StoredListingCard } from '@app/shared';
import {
  DATASET_FORMATS,
  DATASET_PREVIEW_STATUSES,
  type DatasetColumn,
  type DatasetFailure,
  type DatasetRow,
  type Language,
  ORDER_STATUSES,
  type Preferences,
  REFUND_STATUSES,
  SCAN_VERDICTS,
  type ScanReason,
  type SellerLink,
} from '@app/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Every table of the marketplace. Money is integer cents; times are timestamptz. */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; unique among live accounts. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash'),
    role: text('role').notNull().default('buyer'),
    authProvider: text('auth_provider').notNull().default('local'),
    googleSubject: text('google_subject'),
    newsletterSubscribed: boolean('newsletter_subscribed').notNull().default(true),
    avatarKey: text('avatar_key'),
    pictureUrl: text('picture_url'),
    emailVerified: boolean('email_verified').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Bumped to end every session at once (password reset, suspension, deletion). */
    tokenVersion: integer('token_version').notNull().default(0),
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** The authenticator time-step of the last accepted code: a code is good once. */
    totpLastStep: integer('totp_last_step'),
    /** Wrong authenticator codes in a row, for the back-off. */
    totpFailures: integer('totp_failures').notNull().default(0),
    totpLastFailureAt: timestamp('totp_last_failure_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Display preferences (validated by the shared schema); null until the account first saves some. */
    preferences: jsonb('preferences').$type<Preferences>(),
    /** What a seller says about themselves on their public page (`/sellers/{id}`). */
    sellerBio: text('seller_bio').notNull().default(''),
    sellerLinks: jsonb('seller_links').$type<SellerLink[]>().notNull().default([]),
    /** Made by a guest checkout and not yet claimed (no password, no sign-in); null once claimed (decision 0046). */
    unclaimedSince: timestamp('unclaimed_since', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_google_subject_unique').on(table.googleSubject),
    index('users_role_idx').on(table.role),
  ],
);

/** Refresh tokens, stored as SHA-256 hashes. One family per sign-in; rotation keeps the family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_unique').on(table.tokenHash),
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
    // "Users online" in the admin console counts the sessions refreshed in the last few minutes.
    index('refresh_tokens_created_idx').on(table.createdAt),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('password_reset_tokens_hash_unique').on(table.tokenHash)],
);

/** Failed sign-ins per e-mail, for the per-account lockout (kept in the database so every instance agrees). */
export const failedLogins = pgTable(
  'failed_logins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** The caller's address: locks hold per account and address, so a stranger cannot lock the owner out. */
    ip: text('ip').notNull().default(''),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('failed_logins_email_time_idx').on(table.email, table.attemptedAt),
    index('failed_logins_email_ip_time_idx').on(table.email, table.ip, table.attemptedAt),
    index('failed_logins_time_idx').on(table.attemptedAt),
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const PRODUCT_STATUSES = ['pending', 'approved', 'rejected'] as const;

const PUBLIC = sql`status = 'approved' and deleted_at is null`;

/** The catalogue. Prices are integer cents. `search_vector` is computed by PostgreSQL itself. */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    /** Denormalised so the full-text index can weigh it; kept in step by the sellers module. */
    sellerName: text('seller_name').notNull(),
    title: text('title').notNull(),
    shortDescription: text('short_description').notNull().default(''),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    originalPriceCents: integer('original_price_cents'),
    /** Pay-what-you-want when set (migration 0035): the price the buyer sees first; priceCents is then the minimum. */
    pwywSuggestedCents: integer('pwyw_suggested_cents'),
    category: text('category').notNull(),
    /** A LICENSES slug (packages/shared); the listing card's summary of it comes from LICENSE_TERMS or the card. */
    license: text('license').notNull().default('commercial-single-seat'),
    /** The AI listing card: the category's fields, a custom licence's text and summary (migration 0027). */
    card: jsonb('card').$type<StoredListingCard>().notNull().default({}),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('pending'),
    featured: boolean('featured').notNull().default(false),
    rejectionReason: text('rejection_reason'),
    /** Storage keys or absolute URLs of the images, first is the cover. */
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    demoVideoKey: text('demo_video_key'),
    ratingAverage: numeric('rating_average', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    salesCount: integer('sales_count').notNull().default(0),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(short_description, '')), 'B') || setweight(to_tsvector('english', coalesce(category, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C') || setweight(to_tsvector('english', coalesce(seller_name, '')), 'D')`,
    ),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** When every file of the product had been scanned (the buyer's "scanned" badge); null while any is not. */
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('products_price_non_negative', sql`${table.priceCents} >= 0`),
    check(
      'products_pwyw_suggested_not_below_minimum',
      sql`${table.pwywSuggestedCents} is null or ${table.pwywSuggestedCents} >= ${table.priceCents}`,
    ),
    check('products_status_known', sql`${table.status} in ('pending', 'approved', 'rejected')`),
    // Public listings: one partial index per sort, each ending in id so pages are stable.
    index('products_public_created_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()).where(PUBLIC),
    index('products_public_category_created_idx')
      .on(table.category, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(PUBLIC),
    index('products_public_price_idx').on(table.priceCents, table.id).where(PUBLIC),
    index('products_public_rating_idx').on(table.ratingAverage, table.reviewCount, table.id).where(PUBLIC),
    index('products_public_sales_idx').on(table.salesCount, table.id).where(PUBLIC),
    index('products_public_title_idx').on(sql`lower(${table.title})`, table.id).where(PUBLIC),
    // "Related products": a category's best rated, read from the top of this index.
    index('products_public_category_rating_idx')
      .on(
        table.category,
        table.ratingAverage.desc().nullsFirst(),
        table.salesCount.desc().nullsFirst(),
        table.id.desc().nullsFirst(),
      )
      .where(PUBLIC),
    index('products_status_created_idx').on(table.status, table.createdAt.desc()),
    index('products_seller_status_idx').on(table.sellerId, table.status, table.createdAt.desc()),
    index('products_search_idx').using('gin', table.searchVector),
    index('products_title_trgm_idx').using('gin', sql`lower(${table.title}) gin_trgm_ops`),
    // The search index reads the products changed since its last refresh.
    index('products_updated_idx').on(table.updatedAt),
  ],
);

/** Files a buyer downloads after paying. Stored through `Storage`, never served publicly. */
export const productFiles = pgTable(
  'product_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull().default('application/octet-stream'),
    sizeBytes: integer('size_bytes').notNull(),
    /** The safety scan (modules/scans): null until the file has been scanned. */
    scanVerdict: text('scan_verdict', { enum: SCAN_VERDICTS }),
    scanReasons: jsonb('scan_reasons').$type<ScanReason[]>().notNull().default([]),
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    /** The version the file came with (null: the product's first version, "1.0"; migration 0031). */
    versionId: uuid('version_id').references((): AnyPgColumn => productVersions.id, { onDelete: 'cascade' }),
    /** The pending edit the file came with, until that edit is approved. */
    revisionId: uuid('revision_id').references((): AnyPgColumn => productRevisions.id, { onDelete: 'set null' }),
    /** False while its version or edit waits for review: buyers neither see nor download it. */
    released: boolean('released').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    index('product_files_product_idx').on(table.productId),
    index('product_files_version_idx').on(table.versionId).where(sql`${table.versionId} is not null`),
    index('product_files_revision_idx').on(table.revisionId).where(sql`${table.revisionId} is not null`),
  ],
);

/**
 * A new version of an approved product (label, markdown changelog, its own files), reviewed like a
 * new product. A product without approved versions is at its implicit first version "1.0"
 * (docs/decisions/0038): its files carry no version id.
 */
export const productVersions = pgTable(
  'product_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    changelog: text('changelog').notNull().default(''),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check('product_versions_status_known', sql`${table.status} in ('pending', 'approved', 'rejected')`),
    index('product_versions_product_idx').on(table.productId, table.createdAt),
    uniqueIndex('product_versions_one_pending').on(table.productId).where(sql`${table.status} = 'pending'`),
    uniqueIndex('product_versions_label_unique')
      .on(table.productId, sql`lower(${table.label})`)
      .where(sql`${table.status} <> 'rejected'`),
    index('product_versions_pending_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * A seller's edit of an approved product, waiting for review while the approved listing stays on
 * sale: `changes` holds the proposed values (only the fields the edit changes).
 */
export const productRevisions = pgTable(
  'product_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    /** A small text fix published without review (the admin's setting). */
    autoPublished: boolean('auto_published').notNull().default(false),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('product_revisions_status_known', sql`${table.status} in ('pending', 'approved', 'rejected')`),
    index('product_revisions_product_idx').on(table.productId, table.createdAt),
    uniqueIndex('product_revisions_one_pending').on(table.productId).where(sql`${table.status} = 'pending'`),
    index('product_revisions_pending_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`),
  ],
);

/** The admins' review rules for edits of live products (one row). */
export const productReviewSettings = pgTable(
  'product_review_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** An edit of only the short or long description changing at most this many characters publishes at once; 0: never. */
    minorEditMaxChars: integer('minor_edit_max_chars').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('product_review_settings_one_row', sql`${table.id} = 1`),
    check('product_review_settings_minor_edit_range', sql`${table.minorEditMaxChars} between 0 and 500`),
  ],
);

/** The preview of a data file (modules/dataset-previews): schema, statistics, first rows, and what the seller publishes. */
export const datasetPreviews = pgTable(
  'dataset_previews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => productFiles.id, { onDelete: 'cascade' }),
    format: text('format', { enum: DATASET_FORMATS }).notNull(),
    status: text('status', { enum: DATASET_PREVIEW_STATUSES }).notNull(),
    failure: jsonb('failure').$type<DatasetFailure>(),
    rowCount: integer('row_count').notNull().default(0),
    columns: jsonb('columns').$type<DatasetColumn[]>().notNull().default([]),
    /** The file's first rows, for the seller to choose from; never sent to anyone else. */
    candidateRows: jsonb('candidate_rows').$type<DatasetRow[]>().notNull().default([]),
    /** Indexes into candidate_rows that are published. */
    sampleRows: jsonb('sample_rows').$type<number[]>().notNull().default([]),
    hiddenColumns: jsonb('hidden_columns').$type<string[]>().notNull().default([]),
    analyzedAt: timestamp('analyzed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('dataset_previews_file_unique').on(table.fileId),
    index('dataset_previews_product_idx').on(table.productId),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
    uniqueIndex('reviews_product_user_unique').on(table.productId, table.userId),
    index('reviews_product_created_idx').on(table.productId, table.createdAt.desc()),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.productId] })],
);

/** Live product counts per status and category, kept by a trigger (migration 0003) so lists need not count rows. */
export const productCounts = pgTable(
  'product_counts',
  {
    status: text('status').notNull(),
    category: text('category').notNull(),
    total: integer('total').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.status, table.category] })],
);

/**
 * The search dictionary: every distinct word of public product texts with the number of products
 * using it, kept in step by statement triggers (migration 0008). Typo correction reads it.
 */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
  frequency: integer('frequency').notNull(),
});

/** One row (id = 1) whose version moves whenever the dictionary changes, so readers reload it. */
export const searchWordsVersion = pgTable('search_words_version', {
  id: integer('id').primaryKey().default(1),
  version: integer('version').notNull().default(0),
});

/**
 * Products deleted outright (the row is gone), so every instance's search index removes them from
 * its change feed instead of reloading everything; written by a trigger (migration 0023), kept a day.
 */
export const productDeletions = pgTable(
  'product_deletions',
  {
    id: uuid('id').primaryKey(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (table) => [index('product_deletions_time_idx').on(table.deletedAt)],
);

/**
 * unpaid: no charge yet (an intent may be open) · processing: the server is charging the card ·
 * paid · refunded · void: the intent was closed without a charge (order cancelled or expired).
 */
export const PAYMENT_STATUSES = ['unpaid', 'processing', 'paid', 'refunded', 'void'] as const;

/** An order is priced by the server; only a confirmed payment marks it paid. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('unpaid'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    aiPoolCents: integer('ai_pool_cents').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    promoCode: text('promo_code'),
    customerEmail: text('customer_email'),
    /** The client's Idempotency-Key: the same key twice gives the same order. */
    idempotencyKey: text('idempotency_key'),
    paymentProvider: text('payment_provider'),
    paymentIntentId: text('payment_intent_id'),
    /** Bumped to invalidate every download link issued before (regenerate, refund). */
    downloadVersion: integer('download_version').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** An unpaid order can no longer be paid after this; the sweep expires it and frees its promo use. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the server started charging (payment status processing); the reconciler resolves stale attempts. */
    paymentAttemptAt: timestamp('payment_attempt_at', { withTimezone: true }),
    /** The member whose referral link the buyer followed (server-read cookie at checkout), or null. */
    affiliateId: uuid('affiliate_id').references(() => users.id),
    /** The commission rate at checkout, in basis points of the total; the ledger books it when the order is paid. */
    affiliateCommissionBps: integer('affiliate_commission_bps'),
    /** Placed by a visitor who was not signed in (decision 0046). */
    guestCheckout: boolean('guest_checkout').notNull().default(false),
    /** The billing country (ISO 3166-1 alpha-2) the buyer gave at checkout; null on orders placed before tax or without one. */
    taxCountry: text('tax_country'),
    /** The US state (or other region) the rate was looked up for; null when the country's rate applied. */
    taxRegion: text('tax_region'),
    /** The rate's label at checkout ("VAT"), null when no rate applied. */
    taxLabel: text('tax_label'),
    /** The rate charged, in basis points, kept as it was at checkout (docs/decisions/0044). */
    taxRateBps: integer('tax_rate_bps').notNull().default(0),
    /** Tax included in totalCents: total = net (after discounts) + tax. The ledger splits only the net. */
    taxCents: integer('tax_cents').notNull().default(0),
    /** The card's country as the payment provider reported it at settlement. */
    cardCountry: text('card_country'),
    /** Why the admin's tax report lists this order for a look; never blocks a payment. */
    taxFlag: text('tax_flag', { enum: ['card_country_mismatch', 'no_billing_country'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'orders_tax_within_total',
      sql`${table.taxCents} >= 0 and ${table.taxCents} <= ${table.totalCents} and ${table.taxRateBps} between 0 and 5000`,
    ),
    check(
      'orders_tax_flag_known',
      sql`${table.taxFlag} is null or ${table.taxFlag} in ('card_country_mismatch', 'no_billing_country')`,
    ),
    check(
      'orders_affiliate_commission_known',
      sql`(${table.affiliateId} is null) = (${table.affiliateCommissionBps} is null) and coalesce(${table.affiliateCommissionBps}, 0) between 0 and 10000`,
    ),
    index('orders_affiliate_idx').on(table.affiliateId, table.createdAt.desc()).where(sql`${table.affiliateId} is not null`),
    check(
      'orders_status_known',
      sql`${table.status} in ('pending', 'processing', 'completed', 'payment_completed', 'cancelled', 'expired', 'refunded')`,
    ),
    check('orders_payment_status_known', sql`${table.paymentStatus} in ('unpaid', 'processing', 'paid', 'refunded', 'void')`),
    check('orders_total_not_negative', sql`${table.totalCents} >= 0`),
    index('orders_open_expiry_idx').on(table.expiresAt).where(sql`${table.status} = 'pending'`),
    index('orders_payment_processing_idx').on(table.paymentAttemptAt).where(sql`${table.paymentStatus} = 'processing'`),
    uniqueIndex('orders_number_unique').on(table.orderNumber),
    uniqueIndex('orders_user_idempotency_unique').on(table.userId, table.idempotencyKey),
    uniqueIndex('orders_payment_intent_unique').on(table.paymentIntentId),
    index('orders_user_created_idx').on(table.userId, table.createdAt.desc()),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    productTitle: text('product_title').notNull(),
    sellerId: uuid('seller_id').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull().default(1),
    /** What seller codes took off this line (cents, for the whole line; migration 0038): out of that seller's share. */
    sellerDiscountCents: integer('seller_discount_cents').notNull().default(0),
  },
  (table) => [
    index('order_items_order_idx').on(table.orderId),
    index('order_items_product_idx').on(table.productId),
    check('order_items_seller_discount_non_negative', sql`${table.sellerDiscountCents} >= 0`),
  ],
);

/** The server-side cart: one row per product in a user's cart. */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** The buyer's chosen amount per unit on a pay-what-you-want line (migration 0035); null otherwise. */
    amountCents: integer('amount_cents'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId] }),
    check('cart_items_quantity_positive', sql`${table.quantity} > 0`),
    check('cart_items_amount_non_negative', sql`${table.amountCents} is null or ${table.amountCents} >= 0`),
  ],
);

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored upper-case. */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    /** Percent (1–100) or cents. */
    value: integer('value').notNull(),
    description: text('description').notNull().default(''),
    active: boolean('active').notNull().default(true),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    /** Validity window: usable from startsAt (if set) until expiresAt (if set). */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Uses across all buyers (null = unlimited); a use is held by a live or paid order. */
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    /** Uses per buyer (null = unlimited). */
    perCustomerLimit: integer('per_customer_limit'),
    /** Only for a buyer who has never paid for an order. */
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    /** The cart's subtotal must reach this (cents). */
    minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
    /** Applies only to products of this category when set. */
    category: text('category'),
    /** The seller whose code this is (migration 0038): it discounts only their products. Null: a platform code. */
    sellerId: uuid('seller_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('promo_codes_code_unique').on(table.code),
    index('promo_codes_seller_created_idx').on(table.sellerId, table.createdAt).where(sql`${table.sellerId} is not null`),
    check('promo_codes_value_positive', sql`${table.value} > 0`),
    check('promo_codes_usage', sql`${table.usageLimit} is null or ${table.usedCount} <= ${table.usageLimit}`),
  ],
);

/** The products a seller code names (migration 0038); a seller code naming none covers all its seller's products. */
export const promoCodeProducts = pgTable(
  'promo_code_products',
  {
    promoCodeId: uuid('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.promoCodeId, table.productId] }),
    index('promo_code_products_product_idx').on(table.productId),
  ],
);

/**
 * The promo codes a user's cart carries: one platform code (seller null) and one code per seller
 * (migration 0038); a new code replaces the one of the same seller (or all, when codes do not stack).
 */
export const cartPromos = pgTable(
  'cart_promos',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    promoCodeId: uuid('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    /** The code's seller (null: a platform code). */
    sellerId: uuid('seller_id'),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.promoCodeId] }),
    unique('cart_promos_user_seller_unique').on(table.userId, table.sellerId).nullsNotDistinct(),
  ],
);

/** One use of a promo code by one order; unique per (order, code), so a use counts once. */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promoCodeId: uuid('promo_code_id')
      .notNull()
      .references(() => promoCodes.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    /** What this code took off the order (cents; migration 0038). Null on older rows: the order's discount. */
    discountCents: integer('discount_cents'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('promo_redemptions_order_code_unique').on(table.orderId, table.promoCodeId)],
);

/** Payment intents of the built-in test card processor (Stripe keeps its own). */
export const testPaymentIntents = pgTable(
  'test_payment_intents',
  {
    id: text('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    clientSecret: text('client_secret').notNull(),
    status: text('status', { enum: ['requires_payment_method', 'succeeded', 'canceled'] })
      .notNull()
      .default('requires_payment_method'),
    amountRefundedCents: integer('amount_refunded_cents').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('test_payment_intents_order_unique').on(table.orderId)],
);

/** Refunds the test card processor made: its own books, so a refund is real in test mode too. */
export const testRefunds = pgTable(
  'test_refunds',
  {
    id: text('id').primaryKey(),
    intentId: text('intent_id')
      .notNull()
      .references(() => testPaymentIntents.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** The caller's idempotency key: asking twice returns the first refund. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('test_refunds_idempotency_unique').on(table.idempotencyKey)],
);

export const LEDGER_REASONS = ['sale', 'refund'] as const;
export const LEDGER_KINDS = ['seller', 'ai_pool', 'platform', 'affiliate'] as const;

/**
 * Where each paid order's money goes: sellers, the AI pool and the platform. A sale's entries sum
 * to the order total; a refund writes the same entries negated, so the ledger sums to the money kept.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** affiliate: the referring member's commission, taken out of the platform's share. */
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    reason: text('reason', { enum: LEDGER_REASONS }).notNull().default('sale'),
    /** The user the entry is owed to: the seller (kind seller) or the referring member (kind affiliate). */
    sellerId: uuid('seller_id').references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('ledger_entries_order_idx').on(table.orderId),
    index('ledger_entries_seller_idx').on(table.sellerId),
    // A sale or its reversal is written once per order, whatever races or retries happen.
    unique('ledger_entries_once').on(table.orderId, table.reason, table.kind, table.sellerId).nullsNotDistinct(),
    check('ledger_entries_kind_known', sql`${table.kind} in ('seller', 'ai_pool', 'platform', 'affiliate')`),
  ],
);

/**
 * The tax rates the admin keeps (docs/decisions/0044): one per country, or per region of a country
 * (a US state) when one applies; region '' is the whole country. A place without a row pays no tax.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** ISO 3166-1 alpha-2, upper-case. */
    country: text('country').notNull(),
    /** ISO 3166-2 subdivision without the country ("CA"), or '' for the whole country. */
    region: text('region').notNull().default(''),
    rateBps: integer('rate_bps').notNull(),
    label: text('label').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('tax_rates_place_unique').on(table.country, table.region),
    check('tax_rates_country_code', sql`${table.country} ~ '^[A-Z]{2}$'`),
    check('tax_rates_region_code', sql`${table.region} ~ '^([A-Z0-9]{1,3})?$'`),
    check('tax_rates_rate_range', sql`${table.rateBps} between 0 and 5000`),
    check('tax_rates_label_length', sql`char_length(${table.label}) between 1 and 40`),
  ],
);

/**
 * Money sent back through the payment provider: an approved refund request, or a charge that
 * landed on an order that could no longer be paid (cancelled, expired). At most one per charge.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    reason: text('reason', { enum: ['refund_request', 'order_not_payable'] }).notNull(),
    provider: text('provider').notNull(),
    providerRefundId: text('provider_refund_id'),
    paymentIntentId: text('payment_intent_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // Each charge is refunded at most once.
    uniqueIndex('payment_refunds_intent_unique').on(table.paymentIntentId),
    index('payment_refunds_order_idx').on(table.orderId),
  ],
);

export const refundRequests = pgTable(
  'refund_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    userId: uuid('user_id').notNull(),
    reason: text('reason').notNull(),
    /** processing: an admin approved it and the provider refund is under way (claimed by one request). */
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('requested'),
    decisionNote: text('decision_note'),
    decidedBy: uuid('decided_by'),
    providerRefundId: text('provider_refund_id'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('refund_requests_order_unique').on(table.orderId)],
);

/** Stripe webhook events already handled (idempotency per event id). */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** In-app notifications: moderation decisions, announcements. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('info'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('notifications_user_created_idx').on(table.userId, table.createdAt.desc())],
);

/** Site-wide settings, one row (id = 1). */
export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey().default(1),
  siteName: text('site_name').notNull().default('AI Marketplace'),
  adminEmail: text('admin_email').notNull().default('admin@example.com'),
  maintenanceMode: boolean('maintenance_mode').notNull().default(false),
  maintenanceMessage: text('maintenance_message')
    .notNull()
    .default('We are performing scheduled maintenance. Please check back shortly.'),
  /** Public contact details and social links (footer, /contact); empty means not shown. */
  contactEmail: text('contact_email').notNull().default(''),
  contactPhone: text('contact_phone').notNull().default(''),
  contactAddress: text('contact_address').notNull().default(''),
  socialX: text('social_x').notNull().default(''),
  socialLinkedin: text('social_linkedin').notNull().default(''),
  socialGithub: text('social_github').notNull().default(''),
  socialYoutube: text('social_youtube').notNull().default(''),
  /** A platform code and sellers' codes on one order (migration 0038); off: one code per order. */
  allowPromoStacking: boolean('allow_promo_stacking').notNull().default(false),
  updatedAt: updatedAt(),
});

/** Messages sent through the contact form; admins read them at /admin/messages and mark them handled. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The sender's account when signed in. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The sending address, for the per-address hourly limit. */
    ip: text('ip').notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('contact_messages_created_idx').on(table.createdAt.desc()),
    index('contact_messages_ip_created_idx').on(table.ip, table.createdAt),
  ],
);

/** The shopping assistant's conversations: the context lives here, not in the browser or in memory. */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Set when a signed-in visitor opened it; only that user may continue it. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    context: jsonb('context').notNull().default({}),
    /** The last product query, so Show more can page on. */
    browse: jsonb('browse'),
    /** Per-session rate limit: messages in the current one-minute window. */
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    windowCount: integer('window_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('chat_sessions_updated_idx').on(table.updatedAt)],
);

/** A custom-chatbot enquiry collected by the assistant's lead flow, for admins to follow up. */
export const chatLeads = pgTable(
  'chat_leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id').references(() => chatSessions.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    need: text('need').notNull(),
    createdAt: createdAt(),
    /** When the admins' lead digest listed it; null until then (chatbot/lead-digest.ts). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [
    index('chat_leads_created_idx').on(table.createdAt.desc()),
    index('chat_leads_unnotified_idx').on(table.createdAt).where(sql`${table.notifiedAt} is null`),
  ],
);

/**
 * Who did what to money or accounts, and when: one row per admin or seller action on payouts,
 * bank accounts, payment settings, the AI pool and refunds. Written in the same transaction as
 * the action, never updated or deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Kept as a plain id (no foreign key) so the record outlives a deleted account. */
    actorId: uuid('actor_id'),
    /** Dotted verb, e.g. `payout.triggered`, `bank_account.created`, `ai_pool.settings_updated`. */
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt.desc()),
    index('audit_log_subject_idx').on(table.subjectType, table.subjectId),
  ],
);

/** Community forum sections, seeded by the migration; `slug` is what the storefront translates. */
export const forumCategories = pgTable('forum_categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
});

/** A forum thread. Bodies are raw markdown, sanitised when rendered. */
export const forumThreads = pgTable(
  'forum_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => forumCategories.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Optional: the product the thread is about (buyers of it get a badge on their replies). */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    isPinned: boolean('is_pinned').notNull().default(false),
    isLocked: boolean('is_locked').notNull().default(false),
    isHidden: boolean('is_hidden').notNull().default(false),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(body, '')), 'B')`,
    ),
    createdAt: createdAt(),
  },
  (table) => [
    index('forum_threads_listing_idx').on(table.categoryId, table.isPinned.desc(), table.lastActivityAt.desc()),
    index('forum_threads_activity_idx').on(table.isPinned.desc(), table.lastActivityAt.desc()),
    index('forum_threads_author_created_idx').on(table.authorId, table.createdAt.desc()),
    index('forum_threads_search_idx').using('gin', table.searchVector),
  ],
);

export const forumReplies = pgTable(
  'forum_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    isHidden: boolean('is_hidden').notNull().default(false),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('forum_replies_thread_created_idx').on(table.threadId, table.createdAt),
    index('forum_replies_author_created_idx').on(table.authorId, table.createdAt.desc()),
  ],
);

/** A member's report of a thread or a reply, for moderators to review. One per member and post. */
export const forumReports = pgTable(
  'forum_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    replyId: uuid('reply_id').references(() => forumReplies.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('forum_reports_thread_once').on(table.reporterId, table.threadId).where(sql`reply_id is null`),
    uniqueIndex('forum_reports_reply_once').on(table.reporterId, table.replyId).where(sql`reply_id is not null`),
    index('forum_reports_open_idx').on(table.createdAt.desc()).where(sql`resolved_at is null`),
  ],
);

export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;

/**
 * Newsletter addresses. Visitors confirm by e-mail (double opt-in); accounts are kept in step with
 * `users.newsletter_subscribed` (a trigger copies the account's choice here, the newsletter module
 * copies confirmations and unsubscriptions back).
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased. */
    email: text('email').notNull().unique(),
    status: text('status', { enum: NEWSLETTER_STATUSES }).notNull().default('pending'),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** The language the visitor used when subscribing: their newsletter e-mails go out in it. */
    language: text('language').$type<Language>().notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('newsletter_status_known', sql`${table.status} in ('pending', 'confirmed', 'unsubscribed')`),
    check('newsletter_language_known', sql`${table.language} in ('en', 'es', 'fr', 'de', 'zh', 'ja')`),
    index('newsletter_status_created_idx').on(table.status, table.createdAt.desc()),
  ],
);

export const PAYOUT_SCHEDULES = ['daily', 'weekly', 'manual'] as const;

/** Payout settings, one row (id = 1). `last_run_at` is claimed atomically by the scheduled run. */
export const payoutSettings = pgTable(
  'payout_settings',
  {
    id: integer('id').primaryKey().default(1),
    schedule: text('schedule', { enum: PAYOUT_SCHEDULES }).notNull().default('weekly'),
    minimumPayoutCents: integer('minimum_payout_cents').notNull().default(2500),
    /** Sales younger than this are pending: the legal refund window (30 days) by default. */
    holdDays: integer('hold_days').notNull().default(30),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('payout_settings_single_row', sql`${table.id} = 1`),
    check('payout_settings_minimum', sql`${table.minimumPayoutCents} >= 0`),
    check('payout_settings_hold', sql`${table.holdDays} between 0 and 365`),
  ],
);

/**
 * Bank accounts: a seller's payout account (user_id set, one per seller) or one of the platform's
 * own (user_id null, admin-managed). The full number is stored only encrypted (AES-256-GCM).
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    holderName: text('holder_name').notNull(),
    bankName: text('bank_name').notNull().default(''),
    accountType: text('account_type', { enum: ['iban', 'us'] }).notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** ABA routing numbers are public bank identifiers; kept in clear. */
    routingNumber: text('routing_number'),
    maskedNumber: text('masked_number').notNull(),
    numberEncrypted: text('number_encrypted').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    /** Where the payout provider pays this seller (test: its own account id; Stripe: the connected acct_…). */
    payoutProvider: text('payout_provider'),
    providerDestinationId: text('provider_destination_id'),
    onboardingUrl: text('onboarding_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('bank_accounts_one_per_seller').on(table.userId).where(sql`${table.userId} is not null`),
    uniqueIndex('bank_accounts_one_primary_platform')
      .on(table.isPrimary)
      .where(sql`${table.userId} is null and ${table.isPrimary}`),
  ],
);

export const PAYOUT_STATUSES = ['processing', 'paid', 'failed', 'reversing', 'reversed'] as const;

/**
 * Money sent to a seller. The row is written (processing) before the provider is called, with the
 * row id as the provider's idempotency key, so a crash mid-run is finished by the reconciler
 * without paying twice. processing and paid payouts count against the seller's balance.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('processing'),
    provider: text('provider').notNull(),
    bankAccountId: uuid('bank_account_id').references(() => bankAccounts.id, { onDelete: 'set null' }),
    accountMasked: text('account_masked'),
    destinationId: text('destination_id').notNull(),
    providerTransferId: text('provider_transfer_id'),
    providerReversalId: text('provider_reversal_id'),
    failureReason: text('failure_reason'),
    /** schedule · admin · payment (an admin paid out one sale's sellers) */
    trigger: text('trigger').notNull(),
    triggeredBy: uuid('triggered_by'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('payouts_amount_positive', sql`${table.amountCents} > 0`),
    check('payouts_status_known', sql`${table.status} in ('processing', 'paid', 'failed', 'reversing', 'reversed')`),
    // At most one transfer on its way per seller: a second concurrent run cannot claim the same money.
    uniqueIndex('payouts_one_in_flight_per_seller').on(table.sellerId).where(sql`${table.status} = 'processing'`),
    index('payouts_seller_created_idx').on(table.sellerId, table.createdAt.desc()),
    index('payouts_status_created_idx').on(table.status, table.createdAt.desc()),
  ],
);

/** Transfers of the built-in test payout provider: its own books, one per idempotency key. */
export const testPayoutTransfers = pgTable(
  'test_payout_transfers',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    destinationId: text('destination_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    reversedCents: integer('reversed_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('test_payout_transfers_idempotency_unique').on(table.idempotencyKey)],
);

/** The AI token pool's transfer settings (one row): where the pool's money goes and when. */
export const aiPoolSettings = pgTable(
  'ai_pool_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** An EVM address (0x + 40 hex) that receives the pool's USDC; null until an admin sets it. */
    walletAddress: text('wallet_address'),
    tokenSymbol: text('token_symbol').notNull().default('USDC'),
    autoTransferEnabled: boolean('auto_transfer_enabled').notNull().default(false),
    /** A scheduled transfer runs only when the pool holds at least this much. */
    autoTransferThresholdCents: integer('auto_transfer_threshold_cents').notNull().default(10_000),
    schedule: text('schedule', { enum: ['daily', 'weekly', 'monthly'] })
      .notNull()
      .default('weekly'),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('ai_pool_settings_single_row', sql`${table.id} = 1`),
    check('ai_pool_settings_threshold_positive', sql`${table.autoTransferThresholdCents} > 0`),
  ],
);

/**
 * Money sent out of the AI token pool. A row is claimed (pending) before the provider is called,
 * so at most one transfer is ever in flight and a crash leaves a row the reconciler can finish.
 */
export const aiPoolTransfers = pgTable(
  'ai_pool_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status', { enum: ['pending', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    trigger: text('trigger', { enum: ['manual', 'scheduled'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    tokenSymbol: text('token_symbol').notNull(),
    /** Tokens per USD at the time of the transfer, as decimal text (e.g. '1'). */
    exchangeRate: numeric('exchange_rate', { precision: 20, scale: 8 }).notNull(),
    tokenAmount: numeric('token_amount', { precision: 30, scale: 6 }).notNull(),
    walletAddress: text('wallet_address').notNull(),
    provider: text('provider').notNull(),
    /** Sent to the provider: the same key never moves money twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    providerTransferId: text('provider_transfer_id'),
    failureReason: text('failure_reason'),
    requestedBy: uuid('requested_by'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    check('ai_pool_transfers_amount_positive', sql`${table.amountCents} > 0`),
    uniqueIndex('ai_pool_transfers_idempotency_unique').on(table.idempotencyKey),
    // One transfer in flight at a time, whatever races happen.
    uniqueIndex('ai_pool_transfers_one_pending').on(table.status).where(sql`${table.status} = 'pending'`),
    index('ai_pool_transfers_created_idx').on(table.createdAt.desc()),
  ],
);

/** The built-in test token provider's own books: every transfer it made, once per idempotency key. */
export const testTokenTransfers = pgTable('test_token_transfers', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  walletAddress: text('wallet_address').notNull(),
  tokenSymbol: text('token_symbol').notNull(),
  tokenAmount: numeric('token_amount', { precision: 30, scale: 6 }).notNull(),
  amountCents: integer('amount_cents').notNull(),
  createdAt: createdAt(),
});

/**
 * The affiliate programme's settings (one row): whether referral links attribute sales, the
 * commission in basis points of the order total (paid out of the platform fee, never above it)
 * and how many days a referral cookie counts.
 */
export const affiliateSettings = pgTable(
  'affiliate_settings',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(true),
    commissionBps: integer('commission_bps').notNull().default(500),
    cookieDays: integer('cookie_days').notNull().default(30),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('affiliate_settings_single_row', sql`${table.id} = 1`),
    check('affiliate_settings_commission', sql`${table.commissionBps} between 0 and 10000`),
    check('affiliate_settings_cookie_days', sql`${table.cookieDays} between 1 and 365`),
  ],
);

/** Each member's referral code (created the first time they open the affiliate page); `/r/<code>`. */
export const affiliateLinks = pgTable(
  'affiliate_links',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('affiliate_links_code_unique').on(table.code)],
);

/**
 * Visits through a referral link, at most one per visitor (keyed hash of the address, never the
 * address itself; not the browser string, which a script can vary) per affiliate per UTC day, so
 * reloading or a script cannot inflate them.
 */
export const affiliateClicks = pgTable(
  'affiliate_clicks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitorHash: text('visitor_hash').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('affiliate_clicks_once_a_day').on(table.affiliateId, table.visitorHash, table.day),
    index('affiliate_clicks_affiliate_idx').on(table.affiliateId, table.createdAt),
  ],
);

/**
 * Request counters of the per-route rate limits, shared by every server instance (lib/rate-limit-store.ts).
 * Created UNLOGGED (migration 0020): counters need no crash durability, and skipping the WAL keeps them cheap.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * One row per periodic job (lib/scheduler.ts): the period it last claimed, and while it runs, the
 * instance holding it and until when. A run is claimed by one atomic upsert, renewed while it runs,
 * and taken over by another instance once the lease has expired (docs/decisions/0029).
 */
export const jobRuns = pgTable('job_runs', {
  job: text('job').primaryKey(),
  /** Start of the period claimed last, on the database's clock (a whole multiple of the job's period since the epoch). */
  periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
  status: text('status', { enum: ['running', 'done', 'failed'] }).notNull(),
  owner: text('owner').notNull(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
  /** Runs of this period so far: more than 1 when an instance died and another took the run over. */
  attempts: integer('attempts').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  error: text('error'),
});

/** A seller's licence-key setting for one product (no row: keys off). `activationLimit` null is unlimited. */
export const productLicenseSettings = pgTable(
  'product_license_settings',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    activationLimit: integer('activation_limit'),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'product_license_settings_limit_positive',
      sql`${table.activationLimit} is null or ${table.activationLimit} between 1 and 1000000`,
    ),
  ],
);

/**
 * A seller's cap on downloads per order line of a product (no row: unlimited; migration 0033).
 * An order line takes the cap in force when it is ordered (orderItemDownloads).
 */
export const productDownloadLimits = pgTable(
  'product_download_limits',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    downloadLimit: integer('download_limit').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [check('product_download_limits_range', sql`${table.downloadLimit} between 1 and 1000`)],
);

/**
 * The downloads of an order line of a capped product: its cap when ordered (copied by the trigger
 * order_items_download_limit of migration 0033) and how many it has used. No row: unlimited.
 */
export const orderItemDownloads = pgTable(
  'order_item_downloads',
  {
    orderItemId: uuid('order_item_id')
      .primaryKey()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    downloadLimit: integer('download_limit').notNull(),
    downloadsUsed: integer('downloads_used').notNull().default(0),
  },
  (table) => [
    check(
      'order_item_downloads_within_limit',
      sql`${table.downloadsUsed} >= 0 and ${table.downloadsUsed} <= ${table.downloadLimit}`,
    ),
  ],
);

/**
 * One licence key per paid order line of a product with keys on (docs/decisions/0034). The key itself
 * is never stored in the clear: `keyHash` (HMAC) finds it, `keySealed` (AES-GCM) shows it to its buyer
 * and seller again, `keyLast4` names it in lists. The activation limit is the product's when it was bought.
 */
export const licenseKeys = pgTable(
  'license_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: uuid('seller_id').notNull(),
    keyHash: text('key_hash').notNull(),
    keyLast4: text('key_last4').notNull(),
    keySealed: text('key_sealed').notNull(),
    activationLimit: integer('activation_limit'),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    disabledReason: text('disabled_reason', { enum: ['seller', 'refund'] }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    unique('license_keys_order_item_unique').on(table.orderItemId),
    unique('license_keys_hash_unique').on(table.keyHash),
    check('license_keys_status_known', sql`${table.status} in ('active', 'disabled')`),
    check(
      'license_keys_reason_known',
      sql`(${table.status} = 'active') = (${table.disabledReason} is null) and coalesce(${table.disabledReason}, 'seller') in ('seller', 'refund')`,
    ),
    index('license_keys_order_idx').on(table.orderId),
    index('license_keys_buyer_idx').on(table.buyerId, table.createdAt.desc()),
    index('license_keys_seller_idx').on(table.sellerId, table.createdAt.desc()),
  ],
);

/** One installation a licence key is activated on; the key's row lock keeps their count within its limit. */
export const licenseActivations = pgTable(
  'license_activations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    licenseKeyId: uuid('license_key_id')
      .notNull()
      .references(() => licenseKeys.id, { onDelete: 'cascade' }),
    instance: text('instance').notNull(),
    createdAt: createdAt(),
  },
  (table) => [unique('license_activations_instance_unique').on(table.licenseKeyId, table.instance)],
);

/**
 * A post to a product's past buyers (docs/decisions/0039): a seller's update note, or the notice of
 * an approved version. The job fans it out to the buyers in batches; `fanoutAfterUserId` is how far
 * it got (buyers are taken in user id order), `fanoutDoneAt` when every buyer has a delivery row.
 */
export const productUpdates = pgTable(
  'product_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['version', 'note'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The approved version a 'version' update announces (the versions' table is the products module's). */
    versionId: uuid('version_id'),
    /** The seller who posted a note; null for version notices. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    fanoutAfterUserId: uuid('fanout_after_user_id'),
    fanoutDoneAt: timestamp('fanout_done_at', { withTimezone: true }),
    /** An admin removed it: hidden, and whatever was not yet sent is not sent. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check('product_updates_kind_known', sql`${table.kind} in ('version', 'note')`),
    index('product_updates_product_idx').on(table.productId, table.createdAt.desc()),
    index('product_updates_fanout_idx')
      .on(table.createdAt)
      .where(sql`${table.fanoutDoneAt} is null and ${table.deletedAt} is null`),
  ],
);

/**
 * One row per update and buyer, inserted with the buyer's in-app notification in one transaction:
 * the key makes a second delivery impossible. `queued` rows are the e-mail outbox; `sending`: a
 * runner took the mail (committed before it is handed to the mail server, so a crash never sends
 * it twice); `skipped`: the buyer had muted the product's updates (or all of them).
 */
export const productUpdateDeliveries = pgTable(
  'product_update_deliveries',
  {
    updateId: uuid('update_id')
      .notNull()
      .references(() => productUpdates.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'skipped', 'failed'] })
      .notNull()
      .default('queued'),
    createdAt: createdAt(),
    /** When a runner took the mail to send it (status sending). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (table) => [
    primaryKey({ name: 'product_update_deliveries_pk', columns: [table.updateId, table.userId] }),
    check('product_update_deliveries_status_known', sql`${table.status} in ('queued', 'sending', 'sent', 'skipped', 'failed')`),
    index('product_update_deliveries_queued_idx').on(table.createdAt).where(sql`${table.status} = 'queued'`),
    index('product_update_deliveries_sending_idx').on(table.claimedAt).where(sql`${table.status} = 'sending'`),
    index('product_update_deliveries_user_idx').on(table.userId),
  ],
);

/** A buyer turned product updates off: for one product, or (product null) for every product. */
export const productUpdateMutes = pgTable(
  'product_update_mutes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    unique('product_update_mutes_unique').on(table.userId, table.productId).nullsNotDistinct(),
    index('product_update_mutes_product_idx').on(table.productId),
  ],
);

export const SALE_ALERT_KINDS = ['sale', 'refund'] as const;
export const SALE_ALERT_EMAIL_STATUSES = ['queued', 'sending', 'sent', 'skipped', 'failed'] as const;

/**
 * "You made a sale" (issue 25): one row per order, seller and kind, written in the transaction
 * that paid or refunded the order (with the seller's in-app notification), so the key makes a
 * second alert impossible. `amount_cents` is the seller's ledger entry of that order (negative
 * for a refund). `queued` rows are the e-mail outbox; `sending`: a runner took it; `skipped`: the
 * seller had sale e-mails turned off.
 */
export const saleAlerts = pgTable(
  'sale_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: SALE_ALERT_KINDS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    emailStatus: text('email_status', { enum: SALE_ALERT_EMAIL_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    unique('sale_alerts_once').on(table.orderId, table.sellerId, table.kind),
    check('sale_alerts_kind_known', sql`${table.kind} in ('sale', 'refund')`),
    check('sale_alerts_email_status_known', sql`${table.emailStatus} in ('queued', 'sending', 'sent', 'skipped', 'failed')`),
    index('sale_alerts_queued_idx').on(table.createdAt).where(sql`${table.emailStatus} = 'queued'`),
    index('sale_alerts_sending_idx').on(table.claimedAt).where(sql`${table.emailStatus} = 'sending'`),
    index('sale_alerts_seller_idx').on(table.sellerId),
  ],
);

/** A seller's choice about sale and refund e-mails; no row: on. */
export const saleAlertSettings = pgTable('sale_alert_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emails: boolean('emails').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A seller's API token (docs/decisions/0043): only its SHA-256 is kept (the token is 32 random
 * bytes, so a plain hash is enough), `prefix` names it in lists. Revoked tokens stay for the record.
 */
export const sellerApiTokens = pgTable(
  'seller_api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    unique('seller_api_tokens_hash_unique').on(table.tokenHash),
    index('seller_api_tokens_user_idx').on(table.userId, table.createdAt.desc()),
  ],
);

/** A URL a seller's events are posted to, signed with `secret` (HMAC-SHA256; stored encrypted, `wsk1:`, decision 0050). */
export const sellerWebhookEndpoints = pgTable(
  'seller_webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    events: text('events').array().notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('seller_webhook_endpoints_user_idx').on(table.userId)],
);

/** The outbox: one event of a seller, written in the transaction of what happened; `key` makes a replay a no-op. */
export const sellerWebhookEvents = pgTable(
  'seller_webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (table) => [unique('seller_webhook_events_key_unique').on(table.key)],
);

/**
 * One event for one endpoint: `pending` until due (`next_attempt_at`), `delivering` while one runner
 * holds it (claimed_at: its lease), then `succeeded` or, after the last attempt, `failed`.
 */
export const sellerWebhookDeliveries = pgTable(
  'seller_webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => sellerWebhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => sellerWebhookEndpoints.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'delivering', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastResponseBody: text('last_response_body'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [
    unique('seller_webhook_deliveries_once').on(table.eventId, table.endpointId),
    check('seller_webhook_deliveries_status_known', sql`${table.status} in ('pending', 'delivering', 'succeeded', 'failed')`),
    index('seller_webhook_deliveries_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index('seller_webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt.desc()),
  ],
);

/**
 * One attempt of a delivery, written with its outcome (docs/decisions/0050): when, how long, the
 * receiver's status and the start of its answer, or why nothing was sent. Pruned after 30 days.
 */
export const sellerWebhookDeliveryAttempts = pgTable(
  'seller_webhook_delivery_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => sellerWebhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    /** null when the runner died mid-attempt. */
    durationMs: integer('duration_ms'),
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    error: text('error'),
  },
  (table) => [
    unique('seller_webhook_delivery_attempts_once').on(table.deliveryId, table.attempt),
    index('seller_webhook_delivery_attempts_age_idx').on(table.attemptedAt),
  ],
);
