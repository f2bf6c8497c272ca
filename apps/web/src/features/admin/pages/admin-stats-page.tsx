import { ChartColumn } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '@/components/bar-chart';
import { DayRangeSelect } from '@/components/day-range-select';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, Td, Th } from '@/components/ui/data-table';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { useStats } from '../api/get-stats';
import { AdminPageHeader } from '../components/admin-page-header';

const RANGES = [7, 30, 90] as const;

/** /admin/stats: revenue, orders and new users per day, and the best sellers of the period. */
export function AdminStatsPage() {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(30);
  const stats = useStats(days);
  const series = stats.data?.series ?? [];
  const top = stats.data?.top_products ?? [];

  return (
    <div className="space-y-6">
      <AdminPageHeader
        icon={ChartColumn}
        title={t('admin.stats.title')}
        description={t('admin.stats.description')}
        actions={<DayRangeSelect label={t('admin.stats.range')} value={days} onChange={setDays} ranges={RANGES} />}
      />
      {stats.isPending ? (
        <div className="flex justify-center p-10">
          <Spinner />
        </div>
      ) : stats.isError ? (
        <Alert tone="error">{errorMessage(stats.error, t('common.operationFailed'))}</Alert>
      ) : (
        <>
          <div className="grid gap-6 xl:grid-cols-3">
            <Card>
              <CardContent>
                <BarChart
                  title={t('admin.stats.revenue')}
                  tone="emerald"
                  formatValue={formatMoney}
                  data={series.map((d) => ({ date: d.date, value: d.revenue }))}
                />
              </CardContent>
            </Card>
            <Card>
              <CardContent>
                <BarChart title={t('admin.stats.orders')} data={series.map((d) => ({ date: d.date, value: d.orders }))} />
              </CardContent>
            </Card>
            <Card>
              <CardContent>
                <BarChart
                  title={t('admin.stats.newUsers')}
                  tone="violet"
                  data={series.map((d) => ({ date: d.date, value: d.new_users }))}
                />
              </CardContent>
            </Card>
          </div>
          <Card>
            <CardHeader>
              <CardTitle>{t('admin.stats.topProducts')}</CardTitle>
            </CardHeader>
            <CardContent>
              {top.length === 0 ? (
                <p className="text-sm text-slate-600 dark:text-slate-400">{t('admin.stats.noSales')}</p>
              ) : (
                <DataTable label={t('admin.stats.topProducts')} bare>
                  <thead>
                    <tr>
                      <Th>#</Th>
                      <Th>{t('admin.stats.columns.product')}</Th>
                      <Th className="text-right">{t('admin.stats.columns.units')}</Th>
                      <Th className="text-right">{t('admin.stats.columns.revenue')}</Th>
                    </tr>
                  </thead>
                  <tbody>
                    {top.map((product, index) => (
                      <tr key={product.product_id}>
                        <Td className="text-slate-600 tabular-nums dark:text-slate-400">{index + 1}</Td>
                        <Td className="font-medium text-slate-900 dark:text-white">{product.title}</Td>
                        <Td className="text-right tabular-nums">{product.units}</Td>
                        <Td className="text-right tabular-nums">{formatMoney(product.revenue)}</Td>
                      </tr>
                    ))}
                  </tbody>
                </DataTable>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
