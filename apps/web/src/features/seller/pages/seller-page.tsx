import { Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@/components/document-title';
import { PlaceholderPage } from '@/components/ui/placeholder-page';

export function SellerPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage icon={Store} title={t('seller.title')} description={t('seller.comingSoon')}>
      <DocumentTitle title={t('seller.title')} />
    </PlaceholderPage>
  );
}
