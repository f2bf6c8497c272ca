import { orderSummaryLines } from '@app/shared';
import { CircleCheck, Download, LoaderCircle, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { PriceSummary } from '@/components/price-summary';
import { buttonClasses } from '@/components/ui/button';
import { LazyOwnLicenses } from '@/features/licenses/components/lazy-own-licenses';
import { downloadProductFiles } from '@/lib/downloads';
import { useOrder } from '../api/get-order';
import { readSuccessState } from '../lib/success-state';
import { type PaymentOutcome, usePaymentOutcome } from '../lib/use-payment-outcome';

/** Spec §9 post-payment timing. */
export const FIRST_DOWNLOAD_DELAY_MS = 2000;
export const BETWEEN_DOWNLOADS_MS = 1000;
export const REDIRECT_COUNTDOWN_S = 10;

type DownloadStatus = 'waiting' | 'downloading' | 'done' | 'failed';

/**
 * Spec §4 payment success screen (bare layout). On arrival it saves the order once and says only
 * what the server confirmed: "Payment successful" once the order is paid, "processing" (polling)
 * while the bank confirms, "not confirmed" when the server refused. Once paid, after 2 s it
 * downloads each item's files, 1 s apart; then a 10-second countdown leads to /orders.
 */
export function CheckoutSuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [order] = useState(() => readSuccessState(location.state));
  const outcome = usePaymentOutcome(order);
  const savedOrderId = outcome.state === 'paid' ? outcome.orderId : null;
  // The paid order as the server priced it: the same rows as the cart, the orders page and the receipt.
  const paidOrder = useOrder(savedOrderId);
  const [downloads, setDownloads] = useState<Record<string, DownloadStatus>>({});
  const [downloadsDone, setDownloadsDone] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(REDIRECT_COUNTDOWN_S);

  // Two seconds after saving, each item's files, one second apart.
  useEffect(() => {
    if (!savedOrderId || !order) return;
    let cancelled = false;
    let settled = 0;
    const items = order.items.filter((item, index, all) => all.findIndex((o) => o.product_id === item.product_id) === index);
    const mark = (productId: string, status: DownloadStatus) => {
      if (!cancelled) setDownloads((current) => ({ ...current, [productId]: status }));
    };
    const timers = items.map((item, index) =>
      setTimeout(
        () => {
          mark(item.product_id, 'downloading');
          downloadProductFiles(item.product_id, item.title)
            .then(
              () => mark(item.product_id, 'done'),
              (error: unknown) => {
                console.warn(`Downloading the files of ${item.title} failed`, error);
                mark(item.product_id, 'failed');
              },
            )
            .finally(() => {
              settled += 1;
              if (!cancelled && settled === items.length) setDownloadsDone(true);
            });
        },
        FIRST_DOWNLOAD_DELAY_MS + index * BETWEEN_DOWNLOADS_MS,
      ),
    );
    return () => {
      cancelled = true;
      for (const timer of timers) clearTimeout(timer);
    };
  }, [savedOrderId, order]);

  // Then the countdown to /orders, timed from its start so a slow render cannot stretch it.
  useEffect(() => {
    if (!downloadsDone) return;
    const startedAt = Date.now();
    const tick = setInterval(() => {
      setSecondsLeft(Math.max(0, REDIRECT_COUNTDOWN_S - Math.floor((Date.now() - startedAt) / 1000)));
    }, 1000);
    const leave = setTimeout(() => void navigate('/orders', { replace: true }), REDIRECT_COUNTDOWN_S * 1000);
    return () => {
      clearInterval(tick);
      clearTimeout(leave);
    };
  }, [downloadsDone, navigate]);

  if (!order) {
    return (
      <section className="max-w-md text-center">
        <DocumentTitle title={t('checkout.success.noStateTitle')} />
        <CircleCheck className="mx-auto size-14 text-emerald-500" aria-hidden />
        <h1 className="mt-6 text-3xl font-bold text-slate-900 dark:text-white">{t('checkout.success.noStateTitle')}</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-400">{t('checkout.success.noState')}</p>
        <Link to="/orders" className={buttonClasses('primary', 'lg', 'mt-8')}>
          {t('checkout.viewOrders')}
        </Link>
      </section>
    );
  }

  const downloadsStarted = Object.keys(downloads).length > 0;

  return (
    <section className="w-full max-w-lg text-center">
      <OutcomeHeading outcome={outcome} />
      {order.order_number && (
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
          {t('checkout.success.orderNumber', { number: order.order_number })}
        </p>
      )}

      {paidOrder.data && (
        <PriceSummary
          lines={orderSummaryLines(paidOrder.data)}
          className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 text-left shadow-sm dark:border-slate-800 dark:bg-slate-900"
        />
      )}

      {order.items.length > 0 && savedOrderId && (
        <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 text-left shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-900 dark:text-white">
            <Download className="size-4" aria-hidden />
            {t('checkout.success.downloadsTitle')}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {downloadsDone
              ? t('checkout.success.downloaded')
              : downloadsStarted
                ? t('checkout.success.downloading')
                : t('checkout.success.downloadsSoon')}
          </p>
          <ul className="mt-3 space-y-2">
            {order.items.map((item) => (
              <li key={item.product_id} className="flex items-center justify-between gap-3 text-sm">
                <span className="truncate text-slate-800 dark:text-slate-200">{item.title}</span>
                <DownloadBadge status={downloads[item.product_id] ?? 'waiting'} />
              </li>
            ))}
          </ul>
        </div>
      )}

      {savedOrderId && <LazyOwnLicenses orderId={savedOrderId} className="mt-8 text-left" />}

      {downloadsDone && (
        <p className="mt-6 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {t('checkout.success.redirect', { count: secondsLeft })}
        </p>
      )}

      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/orders" className={buttonClasses('primary', 'lg')}>
          {t('checkout.viewOrders')}
        </Link>
        <Link to="/products" className={buttonClasses('outline', 'lg')}>
          {t('checkout.success.continueShopping')}
        </Link>
      </div>
    </section>
  );
}

/** Title, icon and text for what the server confirmed about the payment. */
function OutcomeHeading({ outcome }: { outcome: PaymentOutcome }) {
  const { t } = useTranslation();
  const [title, text, icon] =
    outcome.state === 'paid'
      ? [
          t('checkout.successTitle'),
          t('checkout.successText'),
          <CircleCheck key="i" className="mx-auto size-14 text-emerald-500" aria-hidden />,
        ]
      : outcome.state === 'failed'
        ? [
            t('checkout.success.failedTitle'),
            outcome.reason ?? t('checkout.success.failedText'),
            <TriangleAlert key="i" className="mx-auto size-14 text-amber-500" aria-hidden />,
          ]
        : outcome.state === 'processing'
          ? [
              t('checkout.success.processingTitle'),
              outcome.slow ? t('checkout.success.processingSlow') : t('checkout.success.processingText'),
              <LoaderCircle key="i" className="mx-auto size-14 animate-spin text-indigo-500" aria-hidden />,
            ]
          : [
              t('checkout.success.verifyingTitle'),
              t('checkout.success.verifyingText'),
              <LoaderCircle key="i" className="mx-auto size-14 animate-spin text-indigo-500" aria-hidden />,
            ];
  return (
    <>
      <DocumentTitle title={title} />
      {icon}
      <h1 className="mt-6 text-3xl font-bold text-slate-900 dark:text-white">{title}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400" role={outcome.state === 'failed' ? 'alert' : 'status'}>
        {text}
      </p>
    </>
  );
}

function DownloadBadge({ status }: { status: DownloadStatus }) {
  const { t } = useTranslation();
  const text = t(`checkout.success.download.${status}`);
  if (status === 'downloading')
    return (
      <span className="flex items-center gap-1 text-indigo-600 dark:text-indigo-400">
        <LoaderCircle className="size-4 animate-spin" aria-hidden />
        {text}
      </span>
    );
  if (status === 'failed')
    return (
      <span className="flex items-center gap-1 text-slate-500 dark:text-slate-400">
        <TriangleAlert className="size-4" aria-hidden />
        {text}
      </span>
    );
  return (
    <span className={status === 'done' ? 'text-emerald-700 dark:text-emerald-400' : 'text-slate-600 dark:text-slate-400'}>
      {text}
    </span>
  );
}
