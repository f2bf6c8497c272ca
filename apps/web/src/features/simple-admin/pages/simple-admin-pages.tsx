import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@/components/document-title';
import { Card, CardContent } from '@/components/ui/card';

function SimpleAdminSection({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <DocumentTitle title={title} />
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{title}</h1>
      <Card className="mt-6">
        <CardContent className="text-sm text-slate-600 dark:text-slate-400">{t('simpleAdmin.comingSoon')}</CardContent>
      </Card>
    </div>
  );
}

export function SimpleAdminHomePage() {
  const { t } = useTranslation();
  return <SimpleAdminSection title={t('simpleAdmin.dashboardTitle')} />;
}

export function SimpleAdminProductsPage() {
  const { t } = useTranslation();
  return <SimpleAdminSection title={t('simpleAdmin.nav.products')} />;
}

export function SimpleAdminCreateProductPage() {
  const { t } = useTranslation();
  return <SimpleAdminSection title={t('simpleAdmin.nav.create')} />;
}
