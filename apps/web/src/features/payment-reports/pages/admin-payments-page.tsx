import { Banknote, Coins, Landmark, ReceiptText, Undo2, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '@/components/bar-chart';
import { DayRangeSelect } from '@/components/day-range-select';
import { StatCardGrid } from '@/components/stat-card';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { usePaymentAnalytics } from '../api/get-payment-analytics';

const RANGES = [7, 30, 90, 365] as const;

/** /admin/payments: where the money of every paid order went, per day, from the ledger. */
export function AdminPaymentsPage() {
  const { t } = useTranslation();
  const [days, setDays] = useState(30);
  const analytics = usePaymentAnalytics(days);
  const data = analytics.data;
  const series = (pick: (day: NonNullable<typeof data>['daily'][number]) => number) =>
    (data?.daily ?? []).map((day) => ({ date: day.date, value: pick(day) }));

  return (
    <div className="space-y-6">
      <AdminPageHeader
        icon={Banknote}
        title={t('paymentReports.admin.title')}
        description={t('paymentReports.admin.description')}
        actions={<DayRangeSelect label={t('paymentReports.admin.range')} value={days} onChange={setDays} ranges={RANGES} />}
      />
      {analytics.isPending ? (
        <div className="flex justify-center p-10">
          <Spinner />
        </div>
      ) : analytics.isError || !data ? (
        <Alert tone="error">{errorMessage(analytics.error, t('common.operationFailed'))}</Alert>
      ) : (
        <>
          <StatCardGrid
            columns="sm:grid-cols-2 xl:grid-cols-3"
            stats={[
              {
                icon: ReceiptText,
                label: t('paymentReports.admin.gross'),
                value: formatMoney(data.totals.gross),
                hint: t('paymentReports.admin.orders', { count: data.totals.orders }),
              },
              { icon: Undo2, tone: 'red', label: t('paymentReports.admin.refunds'), value: formatMoney(data.totals.refunds) },
              { icon: Banknote, tone: 'emerald', label: t('paymentReports.admin.net'), value: formatMoney(data.totals.net) },
              {
                icon: Landmark,
                tone: 'slate',
                label: t('paymentReports.admin.platformFees'),
                value: formatMoney(data.totals.platform_fees),
                hint:
                  data.totals.affiliate_commissions !== 0
                    ? t('paymentReports.admin.afterCommissions', { amount: formatMoney(data.totals.affiliate_commissions) })
                    : undefined,
              },
              { icon: Coins, tone: 'violet', label: t('paymentReports.admin.aiPool'), value: formatMoney(data.totals.ai_pool) },
              {
                icon: Wallet,
                tone: 'amber',
                label: t('paymentReports.admin.sellerShare'),
                value: formatMoney(data.totals.seller_share),
              },
            ]}
          />
          <div className="grid gap-6 xl:grid-cols-2">
            <Card>
              <CardContent>
                <BarChart title={t('paymentReports.admin.gross')} formatValue={formatMoney} data={series((d) => d.gross)} />
              </CardContent>
            </Card>
            <Card>
              <CardContent>
                <BarChart
                  title={t('paymentReports.admin.refunds')}
                  tone="amber"
                  formatValue={formatMoney}
                  data={series((d) => d.refunds)}
                />
              </CardContent>
            </Card>
            <Card>
              <CardContent>
                <BarChart
                  title={t('paymentReports.admin.net')}
                  tone="emerald"
                  formatValue={formatMoney}
                  data={series((d) => d.net)}
                />
              </CardContent>
            </Card>
            <Card>
              <CardContent>
                <BarChart
                  title={t('paymentReports.admin.aiPool')}
                  tone="violet"
                  formatValue={formatMoney}
                  data={series((d) => d.ai_pool)}
                />
              </CardContent>
            </Card>
          </div>
        </>
      )}
    </div>
  );
}
