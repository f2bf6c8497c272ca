import { ChevronLeft, ChevronRight, Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { LazyOwnLicenses } from '@/features/licenses/components/lazy-own-licenses';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { usePagedList } from '@/lib/use-paged-list';
import { useOrders } from '../api/get-orders';
import { LibraryDownload } from '../components/library-download';
import { OrderCard } from '../components/order-card';
import { OrderFilters } from '../components/order-filters';
import { OrderStatsCards } from '../components/order-stats';
import { type OrderUrlFilters, readOrderFilters, writeOrderFilters } from '../lib/order-filters';

export const ORDERS_PAGE_SIZE = 10;

export function OrdersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = readOrderFilters(params);
  const orders = useOrders({ ...filters, limit: ORDERS_PAGE_SIZE });
  const filtered = Boolean(filters.status || filters.from || filters.to);
  const setFilters = (next: OrderUrlFilters) => setParams(writeOrderFilters(next));
  const { items: list, pages } = usePagedList(orders, 'orders');
  // "In your library" links here with the product whose files to download.
  const libraryProduct = params.get('download');

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('orders.title')} />
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t('orders.title')}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t('orders.subtitle')}</p>
      </div>
      {libraryProduct && <LibraryDownload key={libraryProduct} productId={libraryProduct} />}
      <OrderStatsCards />
      <LazyOwnLicenses />
      <OrderFilters filters={filters} onChange={setFilters} />

      {orders.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner size="large" label={t('orders.loading')} />
        </div>
      ) : orders.isError ? (
        <Alert tone="error" title={t('orders.loadFailed')}>
          {translateMessage(errorMessage(orders.error, t('common.operationFailed')))}
        </Alert>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 px-6 py-14 text-center dark:border-slate-700">
          <Package className="size-10 text-slate-400" aria-hidden />
          <p className="text-slate-600 dark:text-slate-400">{filtered ? t('orders.noMatch') : t('orders.empty')}</p>
          {filtered ? (
            <Button variant="outline" onClick={() => setFilters({ page: 1 })}>
              {t('orders.filters.clear')}
            </Button>
          ) : (
            <Link to="/products" className={buttonClasses('primary')}>
              {t('common.browseProducts')}
            </Link>
          )}
        </div>
      ) : (
        <>
          <ul aria-label={t('orders.listLabel')} className="space-y-4" aria-busy={orders.isPlaceholderData || undefined}>
            {list.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav aria-label={t('orders.pagination.label')} className="flex items-center justify-between gap-4">
              <Button
                variant="outline"
                size="sm"
                disabled={filters.page <= 1}
                onClick={() => setFilters({ ...filters, page: filters.page - 1 })}
              >
                <ChevronLeft className="size-4" aria-hidden />
                {t('orders.pagination.previous')}
              </Button>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {t('orders.pagination.status', { page: filters.page, pages })}
              </p>
              <Button
                variant="outline"
                size="sm"
                disabled={filters.page >= pages}
                onClick={() => setFilters({ ...filters, page: filters.page + 1 })}
              >
                {t('orders.pagination.next')}
                <ChevronRight className="size-4" aria-hidden />
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
