/** Business constants from spec §9. Both the API and the storefront read them from here. */

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MIN_LENGTH = 2;

export const RESET_LINK_TTL_HOURS = 24;
export const CURRENCY = 'USD';
export const AI_POOL_SHARE = 0.1;
export const CART_BADGE_CAP = 99;

export const DASHBOARD_LATEST_ORDERS = 5;
export const DASHBOARD_PRODUCTS = 3;

export const SEARCH = {
  minChars: 2,
  debounceMs: 300,
  requestLimit: 10,
  suggestions: 3,
  recentSearches: 5,
} as const;

export const MAINTENANCE_POLL_MS = 30_000;

/** Toast rules (spec §9 Notifications). */
export const NOTIFICATIONS = {
  maxVisible: 3,
  defaultDurationMs: 4000,
  durationMs: {
    success: 3000,
    info: 3000,
    warning: 5000,
    error: 8000,
    loading: 15000,
    undo: 8000,
    confirmation: 15000,
  },
  cleanupAfterMs: 30_000,
  cleanupIntervalMs: 10_000,
  defaultPosition: 'top-right',
} as const;

/** The figures the legal pages state (spec §9 Legal text limits, §5 Legal-text rules, §2 Legal pages). */
export const LEGAL = {
  effectiveDate: '2025-08-08',
  version: '1.0',
  nextReviewDate: '2026-02-08',
  refundProcessingBusinessDays: { min: 5, max: 10 },
  accessAfterTerminationDays: 90,
  changeNoticeDays: 30,
  breachNoticeHours: 72,
  deletionActiveDays: 30,
  deletionBackupDays: 90,
  retentionAccountYears: 3,
  retentionTransactionYears: 7,
  retentionSupportYears: 3,
  classActionOptOutDays: 30,
  legalResponseBusinessDays: { min: 5, max: 7 },
  minimumAge: 18,
  guardianConsentAges: { min: 13, max: 17 },
  deletedUnderAge: 13,
  governingLaw: 'California',
  arbitrators: 1,
  companyCity: 'Lahore, Pakistan',
  /** Section detection line and back-to-top threshold (spec §9). */
  sectionDetectionPx: 100,
  backToTopPx: 300,
} as const;
