import { type OrderView, orderSummaryLines, type RefundStatus } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { Download, Link2, Mail, RefreshCw, RotateCcw, ShoppingCart, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { PriceSummary } from '@/components/price-summary';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { DownloadsLeft } from '@/features/downloads/components/downloads-left';
import { ApiError, errorMessage } from '@/lib/api-client';
import { downloadOrderZip, downloadProductFiles } from '@/lib/downloads';
import { formatDate, formatMoney } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { canRequestRefund, isPaid, ordersQueryKey } from '@/lib/orders';
import { useOwnedProducts } from '@/lib/owned-products';
import { useRegenerateDownloadLinks } from '../api/regenerate-download-links';
import { useReorder } from '../api/reorder';
import { useResendReceipt } from '../api/resend-receipt';
import { DownloadLinksPanel } from './download-links-panel';
import { RefundDialog } from './refund-dialog';

export function OrderCard({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paid = isPaid(order);
  const [downloading, setDownloading] = useState<string | null>(null);
  const [showLinks, setShowLinks] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const regenerate = useRegenerateDownloadLinks();
  const resend = useResendReceipt();
  const reorder = useReorder();
  const owned = useOwnedProducts();
  const [confirmingReorder, setConfirmingReorder] = useState(false);
  const queryClient = useQueryClient();

  const download = async (key: string, run: () => Promise<void>) => {
    setDownloading(key);
    try {
      await run();
    } catch (error) {
      notify.error(t('orders.downloadFailed'), translateMessage(errorMessage(error, t('common.operationFailed'))));
    } finally {
      setDownloading(null);
      // A capped product's downloads left change with each download.
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    }
  };

  const failed = (title: string) => (error: unknown) =>
    notify.error(title, translateMessage(errorMessage(error, t('common.operationFailed'))));

  const onRegenerate = () =>
    regenerate.mutate(order.id, {
      onSuccess: () => {
        setShowLinks(true);
        notify.success(t('orders.links.regenerated'));
      },
      onError: failed(t('orders.links.regenerateFailed')),
    });
  const onResend = () =>
    resend.mutate(order.id, {
      onSuccess: (result) => notify.success(t('orders.receipt.sent'), translateMessage(result.message)),
      onError: failed(t('orders.receipt.failed')),
    });
  const runReorder = (buyAgain: boolean) =>
    reorder.mutate(
      { items: order.items, buyAgain },
      {
        onSuccess: () => {
          setConfirmingReorder(false);
          notify.success(t('orders.reorder.done'));
          void navigate('/cart');
        },
        onError: (error) => {
          if (!buyAgain && error instanceof ApiError && error.code === 'ALREADY_OWNED') {
            setConfirmingReorder(true);
            return;
          }
          setConfirmingReorder(false);
          notify.error(t('orders.reorder.failed'));
        },
      },
    );
  // Products still in the buyer's library are bought again only once they say so.
  const onReorder = () =>
    order.items.some((item) => owned.has(item.product_id)) ? setConfirmingReorder(true) : runReorder(false);

  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="font-semibold text-slate-900 dark:text-white">{t('orders.number', { number: order.order_number })}</h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            <time dateTime={order.created_at}>{formatDate(order.created_at)}</time>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={order.status} />
          {order.refund && (
            <Badge tone="warning">{t('orders.refund.badge', { status: refundStatusLabel(t, order.refund.status) })}</Badge>
          )}
        </div>
      </div>

      <ul className="mt-4 divide-y divide-slate-100 dark:divide-slate-800">
        {order.items.map((item) => (
          <li key={item.product_id} className="flex flex-wrap items-center justify-between gap-3 py-2.5 text-sm">
            <span className="min-w-0 text-slate-800 dark:text-slate-200">
              {item.product_name}
              {item.quantity > 1 && <span className="text-slate-500 dark:text-slate-400"> × {item.quantity}</span>}
              {paid && <DownloadsLeft limit={item.download_limit} left={item.downloads_left} />}
            </span>
            <span className="flex items-center gap-3">
              <span className="tabular-nums text-slate-600 dark:text-slate-400">{formatMoney(item.price * item.quantity)}</span>
              {paid && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('orders.downloadProduct', { title: item.product_name })}
                  loading={downloading === item.product_id}
                  disabled={downloading !== null || item.downloads_left === 0}
                  onClick={() => void download(item.product_id, () => downloadProductFiles(item.product_id, item.product_name))}
                >
                  {downloading !== item.product_id && <Download className="size-4" aria-hidden />}
                  <span className="hidden sm:inline">{t('orders.download')}</span>
                </Button>
              )}
            </span>
          </li>
        ))}
      </ul>

      <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-800">
        <PriceSummary
          lines={orderSummaryLines(order)}
          label={t('orders.priceSummary', { number: order.order_number })}
          className="ml-auto max-w-xs"
        />
      </div>

      <div className="mt-4 flex flex-wrap justify-between gap-2">
        {paid && (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              loading={downloading === 'all'}
              disabled={downloading !== null}
              onClick={() => void download('all', () => downloadOrderZip(order))}
            >
              {downloading !== 'all' && <Download className="size-4" aria-hidden />}
              {t('orders.downloadAll')}
            </Button>
            <Button variant="outline" size="sm" aria-expanded={showLinks} onClick={() => setShowLinks((shown) => !shown)}>
              <Link2 className="size-4" aria-hidden />
              {showLinks ? t('orders.links.hide') : t('orders.links.show')}
            </Button>
            <Button variant="outline" size="sm" loading={regenerate.isPending} onClick={onRegenerate}>
              {!regenerate.isPending && <RefreshCw className="size-4" aria-hidden />}
              {t('orders.links.regenerate')}
            </Button>
            <Button variant="outline" size="sm" loading={resend.isPending} onClick={onResend}>
              {!resend.isPending && <Mail className="size-4" aria-hidden />}
              {t('orders.receipt.resend')}
            </Button>
          </div>
        )}
        <div className="ml-auto flex flex-wrap gap-2">
          {paid && canRequestRefund(order) && (
            <Button variant="ghost" size="sm" onClick={() => setRefunding(true)}>
              <Undo2 className="size-4" aria-hidden />
              {t('orders.refund.open')}
            </Button>
          )}
          <Button variant="ghost" size="sm" loading={reorder.isPending} onClick={onReorder}>
            {!reorder.isPending &&
              (paid ? <RotateCcw className="size-4" aria-hidden /> : <ShoppingCart className="size-4" aria-hidden />)}
            {t('orders.reorder.button')}
          </Button>
        </div>
      </div>

      {paid && showLinks && (
        <div className="mt-4">
          <DownloadLinksPanel orderId={order.id} />
        </div>
      )}
      <ConfirmDialog
        open={confirmingReorder}
        title={t('library.reorderTitle')}
        description={t('library.confirmText')}
        confirmLabel={t('library.buyAgain')}
        tone="primary"
        busy={reorder.isPending}
        onCancel={() => setConfirmingReorder(false)}
        onConfirm={() => runReorder(true)}
      />
      {paid && (
        <RefundDialog orderId={order.id} orderNumber={order.order_number} open={refunding} onClose={() => setRefunding(false)} />
      )}
    </Card>
  );
}

/** The refund's state in the reader's language. */
function refundStatusLabel(t: TFunction, status: RefundStatus): string {
  return t(`admin.orders.refundStatus.${status}`);
}
