import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@/components/document-title';
import { PlaceholderPage } from '@/components/ui/placeholder-page';

export function CommunityPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage icon={MessagesSquare} title={t('community.title')} description={t('community.comingSoon')}>
      <DocumentTitle title={t('community.title')} />
    </PlaceholderPage>
  );
}
