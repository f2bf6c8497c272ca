import { Download, Package } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { downloadOrderZip } from '@/lib/downloads';
import { formatDate, formatMoney } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { isPaid } from '@/lib/orders';
import { useLatestOrders } from '../api/get-latest-orders';
import { EmptyState } from './empty-state';

/** The 5 latest orders; completed ones get a download link (spec §2). */
export function LatestOrders() {
  const { t } = useTranslation();
  const orders = useLatestOrders();
  const [downloading, setDownloading] = useState<string | null>(null);

  if (orders.isPending) return <Spinner label={t('orders.loading')} />;
  if (orders.isError)
    return <Alert tone="error">{translateMessage(errorMessage(orders.error, t('common.operationFailed')))}</Alert>;
  if (orders.data.orders.length === 0) {
    return (
      <EmptyState icon={Package} text={t('dashboard.noOrders')}>
        <Link to="/products" className={buttonClasses('primary', 'sm')}>
          {t('common.browseProducts')}
        </Link>
      </EmptyState>
    );
  }

  const download = async (order: { id: string; order_number: string }) => {
    setDownloading(order.id);
    try {
      await downloadOrderZip(order);
    } catch (error) {
      notify.error(t('orders.downloadFailed'), translateMessage(errorMessage(error, t('common.operationFailed'))));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {orders.data.orders.map((order) => (
          <li key={order.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-slate-900 dark:text-white">
                {order.product_name}
                {order.items.length > 1 && (
                  <span className="text-slate-500"> {t('dashboard.moreItems', { count: order.items.length - 1 })}</span>
                )}
              </p>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {order.order_number} · <time dateTime={order.created_at}>{formatDate(order.created_at)}</time>
              </p>
            </div>
            <div className="flex items-center gap-3">
              <span className="text-sm font-semibold text-slate-900 tabular-nums dark:text-white">
                {formatMoney(order.total_amount)}
              </span>
              <OrderStatusBadge status={order.status} />
              {order.status === 'completed' && isPaid(order) && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('dashboard.downloadOrder', { number: order.order_number })}
                  loading={downloading === order.id}
                  disabled={downloading !== null}
                  onClick={() => void download(order)}
                >
                  {downloading !== order.id && <Download className="size-4" aria-hidden />}
                  {t('orders.download')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <Link to="/orders" className={buttonClasses('link')}>
        {t('dashboard.allOrders')}
      </Link>
    </div>
  );
}
