import type { SellerStats } from '@app/shared';
import { CircleCheck, CircleX, Clock, DollarSign, Package, ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatCardGrid } from '@/components/stat-card';
import { formatMoney } from '@/lib/format';

/**
 * Spec §3's six cards of someone's listings: products (all, pending, approved, rejected), sales and
 * revenue. The seller's dashboard and the simple admin's home show them; `stats` undefined shows '…'.
 */
export function ProductSalesStats({ label, stats }: { label: string; stats: SellerStats | undefined }) {
  const { t } = useTranslation();
  const show = (value: string | number | undefined) => (value === undefined ? '…' : value);
  return (
    <StatCardGrid
      label={label}
      columns="sm:grid-cols-2 lg:grid-cols-3"
      stats={[
        { icon: Package, label: t('seller.stats.total'), value: show(stats?.total_products) },
        { icon: Clock, tone: 'amber', label: t('seller.stats.pending'), value: show(stats?.pending) },
        { icon: CircleCheck, tone: 'emerald', label: t('seller.stats.approved'), value: show(stats?.approved) },
        { icon: CircleX, tone: 'red', label: t('seller.stats.rejected'), value: show(stats?.rejected) },
        { icon: ShoppingCart, tone: 'violet', label: t('seller.stats.sales'), value: show(stats?.total_sales) },
        {
          icon: DollarSign,
          tone: 'emerald',
          label: t('seller.stats.revenue'),
          value: show(stats && formatMoney(stats.total_revenue)),
        },
      ]}
    />
  );
}
