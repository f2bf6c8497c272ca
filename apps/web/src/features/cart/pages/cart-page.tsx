import { ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { buttonClasses } from '@/components/ui/button';
import { PlaceholderPage } from '@/components/ui/placeholder-page';

export function CartPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage icon={ShoppingCart} title={t('cart.title')} description={t('cart.empty')}>
      <DocumentTitle title={t('cart.title')} />
      <Link to="/products" className={buttonClasses('primary')}>
        {t('common.browseProducts')}
      </Link>
    </PlaceholderPage>
  );
}
