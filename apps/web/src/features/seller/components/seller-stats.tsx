import { useTranslation } from 'react-i18next';
import { ProductSalesStats } from '@/components/product-sales-stats';
import { useSellerStats } from '../api/get-seller-stats';

/** Spec §3 Seller stats as six cards. */
export function SellerStats() {
  const { t } = useTranslation();
  const { stats, isPending } = useSellerStats();
  return <ProductSalesStats label={t('seller.stats.label')} stats={isPending ? undefined : stats} />;
}
