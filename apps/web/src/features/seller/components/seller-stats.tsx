import { CircleCheck, CircleX, Clock, DollarSign, Package, ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatCardGrid } from '@/components/stat-card';
import { formatMoney } from '@/lib/format';
import { useSellerStats } from '../api/get-seller-stats';

/** Spec §3 Seller stats as six cards. */
export function SellerStats() {
  const { t } = useTranslation();
  const { stats, isPending } = useSellerStats();
  const show = (value: string | number) => (isPending ? '…' : value);
  return (
    <StatCardGrid
      label={t('seller.stats.label')}
      columns="sm:grid-cols-2 lg:grid-cols-3"
      stats={[
        { icon: Package, label: t('seller.stats.total'), value: show(stats.total_products) },
        { icon: Clock, tone: 'amber', label: t('seller.stats.pending'), value: show(stats.pending) },
        { icon: CircleCheck, tone: 'emerald', label: t('seller.stats.approved'), value: show(stats.approved) },
        { icon: CircleX, tone: 'red', label: t('seller.stats.rejected'), value: show(stats.rejected) },
        { icon: ShoppingCart, tone: 'violet', label: t('seller.stats.sales'), value: show(stats.total_sales) },
        { icon: DollarSign, tone: 'emerald', label: t('seller.stats.revenue'), value: show(formatMoney(stats.total_revenue)) },
      ]}
    />
  );
}
