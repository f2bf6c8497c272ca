import { Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { PlaceholderPage } from '@/components/ui/placeholder-page';

export function ProductDetailPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage icon={Package} title={t('products.detailTitle')} description={t('products.comingSoon')}>
      <Link to="/products" className={buttonClasses('outline')}>
        {t('common.browseProducts')}
      </Link>
    </PlaceholderPage>
  );
}

/** Chat product cards link to /product/{id} (spec §2); the canonical page is /products/{id}. */
export function LegacyProductRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={`/products/${encodeURIComponent(id)}`} replace />;
}
