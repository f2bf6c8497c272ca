import { useTranslation } from 'react-i18next';
import { BarChart } from '@/components/bar-chart';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatMoney } from '@/lib/format';
import { SALES_CHART_DAYS, useSellerSales } from '../api/get-seller-sales';

/** Units sold and earnings per day over the last 30 days. */
export function SalesChart() {
  const { t } = useTranslation();
  const sales = useSellerSales();
  const series = sales.data?.series ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('seller.chart.title', { days: SALES_CHART_DAYS })}</CardTitle>
      </CardHeader>
      <CardContent>
        {sales.isPending ? (
          <div className="flex h-48 items-center justify-center">
            <Spinner />
          </div>
        ) : sales.isError ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('seller.chart.failed')}</p>
        ) : (
          <div className="grid gap-8 lg:grid-cols-2">
            <BarChart title={t('seller.chart.sales')} data={series.map((d) => ({ date: d.date, value: d.sales }))} />
            <BarChart
              title={t('seller.chart.revenue')}
              tone="emerald"
              formatValue={formatMoney}
              data={series.map((d) => ({ date: d.date, value: d.revenue }))}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
