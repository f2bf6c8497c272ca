import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { ProductSalesStats } from '@/components/product-sales-stats';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { displayName, useRequiredUser } from '@/lib/auth-store';
import { translateMessage } from '@/lib/i18n';
import { useSimpleAdminDashboard } from '../api/get-simple-admin-dashboard';
import { CreateProductLink } from '../components/create-product-link';
import { SimpleAdminProductsTable } from '../components/simple-admin-products-table';

/** /simple-admin: the simple admin's own figures and latest products. */
export function SimpleAdminHomePage() {
  const { t } = useTranslation();
  const user = useRequiredUser();
  const dashboard = useSimpleAdminDashboard();
  const d = dashboard.data;

  return (
    <div className="space-y-8">
      <DocumentTitle title={t('simpleAdmin.dashboardTitle')} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('simpleAdmin.dashboardTitle')}</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t('simpleAdmin.greeting', { name: displayName(user) })}</p>
        </div>
        <CreateProductLink />
      </div>
      {dashboard.isError && (
        <Alert tone="error">{translateMessage(errorMessage(dashboard.error, t('common.operationFailed')))}</Alert>
      )}
      <ProductSalesStats label={t('simpleAdmin.statsLabel')} stats={d} />
      <Card className="overflow-hidden">
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 pb-4">
          <CardTitle>{t('simpleAdmin.recent')}</CardTitle>
          <Link to="/simple-admin/products" className={buttonClasses('link')}>
            {t('simpleAdmin.viewAll')}
          </Link>
        </CardHeader>
        <SimpleAdminProductsTable
          bare
          label={t('simpleAdmin.recent')}
          products={d?.recent_products ?? []}
          loading={dashboard.isPending}
          empty={(d?.recent_products.length ?? 0) === 0 ? t('simpleAdmin.products.empty') : null}
        />
      </Card>
    </div>
  );
}
