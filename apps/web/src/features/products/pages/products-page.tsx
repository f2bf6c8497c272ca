import { Search, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { PlaceholderPage } from '@/components/ui/placeholder-page';

/** The catalogue arrives in its own issue; for now the page confirms what was searched for. */
export function ProductsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const search = params.get('search')?.trim() ?? '';
  return (
    <PlaceholderPage
      icon={search ? Search : Store}
      title={search ? t('products.resultsFor', { search }) : t('products.title')}
      description={t('products.comingSoon')}
    >
      <DocumentTitle title={t('products.title')} />
    </PlaceholderPage>
  );
}
