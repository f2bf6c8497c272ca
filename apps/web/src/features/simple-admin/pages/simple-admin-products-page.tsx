import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@/components/document-title';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { usePagedList } from '@/lib/use-paged-list';
import { type SimpleAdminStatusFilter, useSimpleAdminProducts } from '../api/get-simple-admin-products';
import { CreateProductLink } from '../components/create-product-link';
import { SimpleAdminProductsTable } from '../components/simple-admin-products-table';

const LIMIT = 10;
const STATUSES: SimpleAdminStatusFilter[] = ['', 'pending', 'approved', 'rejected'];

/** /simple-admin/products: the simple admin's own products, paged with skip and limit. */
export function SimpleAdminProductsPage() {
  const { t } = useTranslation();
  const [skip, setSkip] = useState(0);
  const [status, setStatus] = useState<SimpleAdminStatusFilter>('');
  const products = useSimpleAdminProducts({ skip, limit: LIMIT, status });
  const { items: list, total } = usePagedList(products, 'products');

  return (
    <div className="space-y-6">
      <DocumentTitle title={t('simpleAdmin.nav.products')} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('simpleAdmin.nav.products')}</h1>
        <div className="flex flex-wrap gap-2">
          <div className="w-44">
            <select
              aria-label={t('simpleAdmin.products.statusFilter')}
              className={inputClasses}
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as SimpleAdminStatusFilter);
                setSkip(0);
              }}
            >
              {STATUSES.map((option) => (
                <option key={option || 'all'} value={option}>
                  {option ? t(`productStatus.${option}`) : t('simpleAdmin.products.allStatuses')}
                </option>
              ))}
            </select>
          </div>
          <CreateProductLink />
        </div>
      </div>
      {products.isError && (
        <Alert tone="error">{translateMessage(errorMessage(products.error, t('common.operationFailed')))}</Alert>
      )}
      <SimpleAdminProductsTable
        products={list}
        loading={products.isPending}
        empty={products.isError || list.length > 0 ? null : t('simpleAdmin.products.empty')}
      />
      {total > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('simpleAdmin.products.range', { from: skip + 1, to: Math.min(skip + LIMIT, total), total })}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={skip === 0} onClick={() => setSkip(Math.max(0, skip - LIMIT))}>
              {t('pagination.previousShort')}
            </Button>
            <Button variant="outline" size="sm" disabled={skip + LIMIT >= total} onClick={() => setSkip(skip + LIMIT)}>
              {t('pagination.nextShort')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
