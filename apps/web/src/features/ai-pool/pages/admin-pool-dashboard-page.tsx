import { ArrowRightLeft, Coins, PiggyBank, Send, TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BarChart } from '@/components/bar-chart';
import { DayRangeSelect } from '@/components/day-range-select';
import { StatCardGrid } from '@/components/stat-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { i18n, translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { usePoolDashboard } from '../api/get-pool-dashboard';
import { useExchangeRate } from '../api/get-token-settings';
import { useTriggerTransfer } from '../api/trigger-transfer';
import { PoolNav } from '../components/pool-nav';
import { TransfersTable } from '../components/transfers-table';

const RANGES = [7, 30, 90] as const;

/** /admin/ai-pool: what the pool holds, what came in per day, and a button to send it now. */
/** The exchange-rate sources the server names (ai-pool/providers.ts), in the reader's language; others as named. */
function rateSourceName(source: string): string {
  return source === 'fixed-parity' ? i18n.t('aiPool.dashboard.sourceFixedParity') : source;
}

export function AdminPoolDashboardPage() {
  const { t } = useTranslation();
  const [days, setDays] = useState(30);
  const [confirming, setConfirming] = useState(false);
  const dashboard = usePoolDashboard(days);
  const rate = useExchangeRate('USD', dashboard.data?.settings.token ?? 'USDC');
  const transfer = useTriggerTransfer();
  const data = dashboard.data;

  const send = () =>
    transfer.mutate(undefined, {
      onSuccess: ({ transfer: done }) => {
        setConfirming(false);
        notify.success(
          t('aiPool.dashboard.sent'),
          t('aiPool.dashboard.sentDetail', { amount: formatMoney(done.amount), id: done.transfer_id }),
        );
      },
      onError: (error) => {
        setConfirming(false);
        notify.error(t('aiPool.dashboard.sendFailed'), translateMessage(errorMessage(error, t('common.operationFailed'))));
      },
    });

  return (
    <div className="space-y-6">
      <AdminPageHeader
        icon={Coins}
        title={t('aiPool.dashboard.title')}
        description={t('aiPool.dashboard.description')}
        actions={
          <Button onClick={() => setConfirming(true)} disabled={!data || data.pool_balance <= 0 || !data.settings.wallet_address}>
            <Send className="size-4" aria-hidden />
            {t('aiPool.dashboard.transferNow')}
          </Button>
        }
      />
      <PoolNav />
      {dashboard.isPending ? (
        <div className="flex justify-center p-10">
          <Spinner />
        </div>
      ) : dashboard.isError || !data ? (
        <Alert tone="error">{errorMessage(dashboard.error, t('common.operationFailed'))}</Alert>
      ) : (
        <>
          {!data.settings.wallet_address && (
            <Alert tone="info">
              {t('aiPool.dashboard.noWallet')}{' '}
              <Link to="/admin/ai-pool/settings" className="font-medium underline">
                {t('aiPool.nav.settings')}
              </Link>
            </Alert>
          )}
          {data.held > 0 && <Alert tone="info">{t('aiPool.dashboard.held', { amount: formatMoney(data.held) })}</Alert>}
          {data.pending_transfer > 0 && (
            <Alert tone="info">{t('aiPool.dashboard.pending', { amount: formatMoney(data.pending_transfer) })}</Alert>
          )}
          <StatCardGrid
            columns="sm:grid-cols-2 xl:grid-cols-4"
            stats={[
              { icon: PiggyBank, tone: 'emerald', label: t('aiPool.dashboard.balance'), value: formatMoney(data.pool_balance) },
              { icon: Coins, label: t('aiPool.dashboard.contributed'), value: formatMoney(data.total_contributed) },
              {
                icon: ArrowRightLeft,
                tone: 'violet',
                label: t('aiPool.dashboard.transferred'),
                value: formatMoney(data.total_transferred),
              },
              {
                icon: TrendingUp,
                tone: 'amber',
                label: t('aiPool.dashboard.inflowPeriod', { count: data.days }),
                value: formatMoney(data.inflow_in_period),
              },
            ]}
          />
          <Card>
            <CardHeader className="flex flex-wrap items-end justify-between gap-4">
              <CardTitle>{t('aiPool.dashboard.inflowTitle')}</CardTitle>
              <DayRangeSelect label={t('aiPool.dashboard.range')} value={days} onChange={setDays} ranges={RANGES} />
            </CardHeader>
            <CardContent>
              <BarChart
                title={t('aiPool.dashboard.netInflow')}
                tone="emerald"
                formatValue={formatMoney}
                data={data.daily.map((day) => ({ date: day.date, value: day.net }))}
              />
            </CardContent>
          </Card>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {rate.data
              ? t('aiPool.dashboard.rate', {
                  from: rate.data.from_currency,
                  to: rate.data.to_currency,
                  rate: rate.data.rate,
                  source: rateSourceName(rate.data.source),
                })
              : null}
            {data.settings.wallet_address && (
              <>
                {' '}
                {t('aiPool.dashboard.wallet')} <span className="font-mono break-all">{data.settings.wallet_address}</span>
              </>
            )}
          </p>
          <section aria-labelledby="recent-transfers" className="space-y-3">
            <h2 id="recent-transfers" className="text-lg font-semibold text-slate-900 dark:text-white">
              {t('aiPool.dashboard.recent')}
            </h2>
            <TransfersTable transfers={data.recent_transfers} loading={false} error={null} />
          </section>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        tone="primary"
        title={t('aiPool.dashboard.confirmTitle')}
        description={t('aiPool.dashboard.confirmText', {
          amount: formatMoney(data?.pool_balance ?? 0),
          wallet: data?.settings.wallet_address ?? '',
        })}
        confirmLabel={t('aiPool.dashboard.transferNow')}
        busy={transfer.isPending}
        onConfirm={send}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
