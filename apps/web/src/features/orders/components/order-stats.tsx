import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { formatMoney } from '@/lib/format';
import { useOrderStats } from '@/lib/orders';

export function OrderStatsCards() {
  const { t } = useTranslation();
  const stats = useOrderStats();
  const data = stats.data;
  const tiles = [
    { label: t('orders.stats.total'), value: data ? String(data.total_orders) : '–' },
    { label: t('orders.stats.completed'), value: data ? String(data.completed_orders) : '–' },
    { label: t('orders.stats.active'), value: data ? String(data.processing_orders) : '–' },
    { label: t('orders.stats.spent'), value: data ? formatMoney(data.total_spent) : '–' },
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-busy={stats.isPending || undefined}>
      {tiles.map((tile) => (
        <Card key={tile.label} className="p-5">
          <dt className="text-sm text-slate-500 dark:text-slate-400">{tile.label}</dt>
          <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums dark:text-white">{tile.value}</dd>
        </Card>
      ))}
    </dl>
  );
}
