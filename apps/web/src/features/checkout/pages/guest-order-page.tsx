import { CheckCircle2, Clock, Download, Mail, RefreshCw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { isAwaitingPayment, useGuestDownloads, useGuestOrder } from '../api/get-guest-order';
import { guestOrderToken, rememberGuestOrderToken } from '../lib/guest-order-tokens';

/** The token from the link's #fragment (kept for a reload), else the one this browser kept. */
function useOrderToken(orderId: string): string {
  const { hash } = useLocation();
  const [token] = useState(() => {
    const fromLink = decodeURIComponent(hash.replace(/^#/, '').trim());
    if (fromLink) {
      rememberGuestOrderToken(orderId, fromLink);
      return fromLink;
    }
    return guestOrderToken(orderId);
  });
  return token;
}

/** Why the order can not be shown, under the page's heading. */
function GuestOrderProblem({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <DocumentTitle title={t('guest.order.title')} />
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t('guest.order.title')}</h1>
      <Alert tone="error" title={t('guest.order.unavailable')}>
        {children}
      </Alert>
    </div>
  );
}

/**
 * A guest's receipt (decision 0046): the order, its payment state, the download links once paid,
 * and where the claim link went. Only the browser that holds the order's token can open it.
 */
export function GuestOrderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const token = useOrderToken(id);
  const order = useGuestOrder(id, token);
  const paid = order.data?.payment_status === 'paid';
  const downloads = useGuestDownloads(id, token, paid);
  // The buyer's own "Check again" (the page also asks by itself every few seconds while waiting).
  const [checking, setChecking] = useState(false);

  if (!token) return <GuestOrderProblem>{t('guest.order.noToken')}</GuestOrderProblem>;
  if (order.isPending) return <LoadingScreen message={t('guest.order.loading')} />;
  // A failed re-check keeps the order on screen; only an order never loaded is a problem.
  if (!order.data) {
    return <GuestOrderProblem>{translateMessage(errorMessage(order.error, t('guest.order.notFound')))}</GuestOrderProblem>;
  }

  const view = order.data;
  const waiting = isAwaitingPayment(view);
  const checkAgain = async () => {
    setChecking(true);
    try {
      await order.refetch();
    } finally {
      setChecking(false);
    }
  };
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('guest.order.title')} />
      <div className="flex items-center gap-3">
        {paid ? (
          <CheckCircle2 className="size-8 text-emerald-600 dark:text-emerald-400" aria-hidden />
        ) : (
          <Clock className="size-8 text-amber-600 dark:text-amber-400" aria-hidden />
        )}
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          {paid ? t('guest.order.thanks') : t('guest.order.title')}
        </h1>
      </div>
      <p className="mt-2 text-slate-600 dark:text-slate-400" role="status">
        {paid
          ? t('guest.order.paid', { order: view.order_number })
          : waiting
            ? t('guest.order.waiting', { order: view.order_number })
            : t('guest.order.closed', { order: view.order_number })}
      </p>
      {waiting && (
        <div className="mt-4">
          <Button variant="outline" loading={checking} onClick={() => void checkAgain()}>
            <RefreshCw className="size-4" aria-hidden />
            {t('guest.order.checkAgain')}
          </Button>
        </div>
      )}

      <section aria-labelledby="guest-order-items" className="mt-8 rounded-2xl border border-slate-200 dark:border-slate-800">
        <h2 id="guest-order-items" className="border-b border-slate-200 px-4 py-3 font-semibold dark:border-slate-800">
          {t('guest.order.items')}
        </h2>
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {view.items.map((item) => (
            <li key={item.product_id} className="flex justify-between gap-4 px-4 py-3 text-sm">
              <span>
                {item.product_title} × {item.quantity}
              </span>
              <span className="tabular-nums">{formatMoney(item.price * item.quantity)}</span>
            </li>
          ))}
          <li className="flex justify-between gap-4 px-4 py-3 font-semibold">
            <span>{t('guest.order.total')}</span>
            <span className="tabular-nums">{formatMoney(view.total_amount)}</span>
          </li>
        </ul>
      </section>

      {paid && (
        <section aria-labelledby="guest-order-downloads" className="mt-8">
          <h2 id="guest-order-downloads" className="text-xl font-semibold text-slate-900 dark:text-white">
            {t('guest.order.downloads')}
          </h2>
          {downloads.isPending ? (
            <p className="mt-2 text-sm text-slate-500">{t('common.loading')}</p>
          ) : downloads.error ? (
            <Alert tone="error" title={t('guest.order.downloads')}>
              {translateMessage(errorMessage(downloads.error, t('common.operationFailed')))}
            </Alert>
          ) : downloads.data.links.length === 0 ? (
            <p className="mt-2 text-sm text-slate-500">{t('guest.order.noFiles')}</p>
          ) : (
            <ul className="mt-3 space-y-2">
              {downloads.data.links.map((link) => (
                <li key={link.file_id}>
                  <a href={link.url} className={buttonClasses('secondary', 'md', 'w-full justify-start')} download>
                    <Download className="size-4" aria-hidden />
                    {link.product_title}: {link.file_name}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <Alert tone="info" title={t('guest.order.emailTitle')} className="mt-8">
        <p className="flex items-start gap-2">
          <Mail className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t('guest.order.emailText')}
        </p>
      </Alert>
      <div className="mt-6">
        <Link to="/products" className={buttonClasses('link')}>
          {t('common.browseProducts')}
        </Link>
      </div>
    </div>
  );
}
