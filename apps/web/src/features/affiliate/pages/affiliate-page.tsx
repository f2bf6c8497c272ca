import { Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@/components/document-title';
import { PlaceholderPage } from '@/components/ui/placeholder-page';

export function AffiliatePage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage icon={Share2} title={t('affiliate.title')} description={t('affiliate.comingSoon')}>
      <DocumentTitle title={t('affiliate.title')} />
    </PlaceholderPage>
  );
}
