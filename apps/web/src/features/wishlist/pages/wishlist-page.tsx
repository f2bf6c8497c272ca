import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { buttonClasses } from '@/components/ui/button';
import { PlaceholderPage } from '@/components/ui/placeholder-page';

export function WishlistPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage icon={Heart} title={t('wishlist.title')} description={t('wishlist.empty')}>
      <DocumentTitle title={t('wishlist.title')} />
      <Link to="/products" className={buttonClasses('primary')}>
        {t('common.browseProducts')}
      </Link>
    </PlaceholderPage>
  );
}
