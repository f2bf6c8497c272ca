import { Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { buttonClasses } from '@/components/ui/button';
import { PlaceholderPage } from '@/components/ui/placeholder-page';

export function OrdersPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage icon={Package} title={t('orders.title')} description={t('orders.empty')}>
      <DocumentTitle title={t('orders.title')} />
      <Link to="/products" className={buttonClasses('primary')}>
        {t('common.browseProducts')}
      </Link>
    </PlaceholderPage>
  );
}
