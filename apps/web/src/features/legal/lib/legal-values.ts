import {
  AFFILIATE_DEFAULT_COMMISSION_PERCENT,
  AFFILIATE_DEFAULT_COOKIE_DAYS,
  AI_POOL_SHARE,
  DEFAULT_PAYOUT_HOLD_DAYS,
  LEGAL,
  REFUND_WINDOW_DAYS,
} from '@app/shared';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import { usePublicSettings, useSiteName } from '@/lib/settings/public-settings';
import { LEGAL_NAMESPACE } from '../i18n';

/**
 * The payout run's default minimum (payout_settings.minimum_payout_cents, 2500). Like the affiliate
 * rate and windows it is an admin setting no public endpoint serves, so the terms give the default
 * as the current figure and say where members see the one in force (their /affiliate page).
 */
const DEFAULT_MINIMUM_PAYOUT_DOLLARS = 25;

/** A calendar date of the legal constants (YYYY-MM-DD) in the reader's language, e.g. 'August 8, 2025'. */
export function formatLegalDate(isoDate: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}

/**
 * The figures the legal texts interpolate: spec §9 constants, plus the site name and the order
 * split from the server (the platform fee is configuration, so the text can not hard-code it).
 */
export function useLegalValues() {
  const { t, i18n } = useTranslation(LEGAL_NAMESPACE);
  const settings = usePublicSettings();
  const site = useSiteName();
  const pool = settings.data?.ai_pool_percent ?? Math.round(AI_POOL_SHARE * 100);
  const fee = settings.data?.platform_fee_percent;
  const values = {
    site,
    city: t('page.places.companyCity', { defaultValue: LEGAL.companyCity }),
    pool,
    fee: fee ?? '—',
    share: fee === undefined ? '—' : 100 - pool - fee,
    refundDays: REFUND_WINDOW_DAYS,
    refundMin: LEGAL.refundProcessingBusinessDays.min,
    refundMax: LEGAL.refundProcessingBusinessDays.max,
    accessDays: LEGAL.accessAfterTerminationDays,
    noticeDays: LEGAL.changeNoticeDays,
    breachHours: LEGAL.breachNoticeHours,
    deleteActiveDays: LEGAL.deletionActiveDays,
    deleteBackupDays: LEGAL.deletionBackupDays,
    accountYears: LEGAL.retentionAccountYears,
    transactionYears: LEGAL.retentionTransactionYears,
    supportYears: LEGAL.retentionSupportYears,
    optOutDays: LEGAL.classActionOptOutDays,
    responseMin: LEGAL.legalResponseBusinessDays.min,
    responseMax: LEGAL.legalResponseBusinessDays.max,
    minAge: LEGAL.minimumAge,
    guardianMin: LEGAL.guardianConsentAges.min,
    guardianMax: LEGAL.guardianConsentAges.max,
    underAge: LEGAL.deletedUnderAge,
    affiliatePercent: AFFILIATE_DEFAULT_COMMISSION_PERCENT,
    affiliateDays: AFFILIATE_DEFAULT_COOKIE_DAYS,
    holdDays: DEFAULT_PAYOUT_HOLD_DAYS,
    minimumPayout: formatMoney(DEFAULT_MINIMUM_PAYOUT_DOLLARS),
    law: t('page.places.governingLaw', { defaultValue: LEGAL.governingLaw }),
    arbitratorCount: t('page.arbitrator', { count: LEGAL.arbitrators }),
  };
  return {
    values,
    settings: settings.data,
    /** The split could not be read from the server: the page says so rather than guessing. */
    splitMissing: settings.isError,
    dates: {
      effective: formatLegalDate(LEGAL.effectiveDate, i18n.language),
      nextReview: formatLegalDate(LEGAL.nextReviewDate, i18n.language),
    },
  };
}
