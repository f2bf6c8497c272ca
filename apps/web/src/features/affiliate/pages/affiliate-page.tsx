import { CircleDollarSign, Clock, MousePointerClick, Share2, ShoppingBag, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { StatCardGrid } from '@/components/stat-card';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useRequiredUser } from '@/lib/auth-store';
import { formatMoney } from '@/lib/format';
import { useAffiliateDashboard } from '../api/get-affiliate-dashboard';
import { AffiliatePayouts } from '../components/affiliate-payouts';
import { ReferralLinkCard } from '../components/referral-link-card';
import { ReferralSalesTable } from '../components/referral-sales-table';

/** /affiliate: the member's referral link, what it brought in, and how the commission is paid. */
export function AffiliatePage() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const dashboard = useAffiliateDashboard(user.id);
  const data = dashboard.data;

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10 sm:px-6">
      <DocumentTitle title={t('affiliate.title')} />
      <header className="space-y-1">
        <h1 className="flex items-center gap-3 text-2xl font-bold text-slate-900 dark:text-white">
          <Share2 className="size-6 text-indigo-600 dark:text-indigo-400" aria-hidden />
          {t('affiliate.title')}
        </h1>
        <p className="text-slate-600 dark:text-slate-400">{t('affiliate.subtitle')}</p>
        <p className="text-sm">
          <Link to="/terms#affiliate-program" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            {t('affiliate.terms')}
          </Link>
        </p>
      </header>
      {dashboard.isPending ? (
        <div className="flex justify-center p-10">
          <Spinner />
        </div>
      ) : dashboard.isError || !data ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {errorMessage(dashboard.error, t('common.operationFailed'))}
        </p>
      ) : (
        <>
          {!data.programme_enabled && <Alert tone="info">{t('affiliate.paused')}</Alert>}
          <ReferralLinkCard code={data.code} percent={data.commission_percent} days={data.cookie_days} />
          <StatCardGrid
            label={t('affiliate.stats.label')}
            columns="sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5"
            stats={[
              { icon: MousePointerClick, label: t('affiliate.stats.clicks'), value: data.stats.clicks },
              {
                icon: ShoppingBag,
                tone: 'violet',
                label: t('affiliate.stats.orders'),
                value: data.stats.orders,
                hint:
                  data.stats.refunded_orders > 0
                    ? t('affiliate.stats.refunded', { count: data.stats.refunded_orders })
                    : undefined,
              },
              { icon: CircleDollarSign, tone: 'slate', label: t('affiliate.stats.sales'), value: formatMoney(data.stats.sales) },
              {
                icon: Clock,
                tone: 'amber',
                label: t('affiliate.stats.pending'),
                value: formatMoney(data.stats.earnings_pending),
                hint: t('affiliate.stats.pendingHint', { days: data.hold_days }),
              },
              {
                icon: Wallet,
                tone: 'emerald',
                label: t('affiliate.stats.available'),
                value: formatMoney(data.stats.earnings_available),
              },
            ]}
          />
          <ReferralSalesTable userId={user.id} />
          <AffiliatePayouts userId={user.id} dashboard={data} />
        </>
      )}
    </div>
  );
}
