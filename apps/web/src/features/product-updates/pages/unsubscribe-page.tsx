import { BellOff, CircleCheck, CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useUnsubscribeByLink, useUnsubscribeLink } from '../api/unsubscribe';

function Outcome({ ok, title, message }: { ok: boolean; title: string; message: string }) {
  const { t } = useTranslation();
  const Icon = ok ? CircleCheck : CircleX;
  return (
    <div role={ok ? 'status' : 'alert'} className="text-center">
      <Icon className={ok ? 'mx-auto size-12 text-emerald-600' : 'mx-auto size-12 text-red-600'} aria-hidden="true" />
      <h2 className="mt-4 text-xl font-semibold text-slate-900 dark:text-white">{title}</h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{message}</p>
      <Link to="/profile" className="mt-6 inline-block font-medium text-indigo-700 hover:underline dark:text-indigo-300">
        {t('productUpdates.unsubscribe.manage')}
      </Link>
    </div>
  );
}

/**
 * /product-updates/unsubscribe?token=…: the link of a product update e-mail. It asks first (a mail
 * scanner opening the link mutes nothing), then mutes the product, or every product, without sign-in.
 */
export function ProductUpdatesUnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useUnsubscribeLink(token);
  const leave = useUnsubscribeByLink();
  const title = t('productUpdates.unsubscribe.title');
  const product = (leave.data ?? link.data)?.product?.title;

  let content: React.ReactNode;
  if (leave.isSuccess) {
    content = (
      <Outcome
        ok
        title={t('productUpdates.unsubscribe.doneTitle')}
        message={
          leave.data.all_muted
            ? t('productUpdates.unsubscribe.doneAll')
            : t('productUpdates.unsubscribe.doneProduct', { product: product ?? '' })
        }
      />
    );
  } else if (link.isError || leave.isError) {
    content = (
      <Outcome
        ok={false}
        title={t('productUpdates.unsubscribe.failedTitle')}
        message={translateMessage(errorMessage(leave.error ?? link.error, t('common.operationFailed')))}
      />
    );
  } else if (!link.data) {
    content = <Spinner label={t('productUpdates.unsubscribe.loading')} />;
  } else {
    content = (
      <div className="text-center">
        <p className="text-slate-700 dark:text-slate-300">
          {product ? t('productUpdates.unsubscribe.question', { product }) : t('productUpdates.unsubscribe.questionUnknown')}
        </p>
        {link.data.product_muted && product && (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {t('productUpdates.unsubscribe.alreadyProduct', { product })}
          </p>
        )}
        <div className="mt-6 flex flex-col items-center gap-3">
          {!link.data.product_muted && product && (
            <Button onClick={() => leave.mutate({ token, scope: 'product' })} disabled={leave.isPending}>
              {t('productUpdates.unsubscribe.product')}
            </Button>
          )}
          {!link.data.all_muted && (
            <Button variant="outline" onClick={() => leave.mutate({ token, scope: 'all' })} disabled={leave.isPending}>
              {t('productUpdates.unsubscribe.all')}
            </Button>
          )}
          {link.data.all_muted && (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('productUpdates.unsubscribe.alreadyAll')}</p>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <DocumentTitle title={title} />
      <div className="rounded-2xl border border-slate-200 bg-white p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="mb-6 flex items-center justify-center gap-2 text-center text-2xl font-bold text-slate-900 dark:text-white">
          <BellOff className="size-6 text-indigo-600" aria-hidden="true" />
          {title}
        </h1>
        {content}
      </div>
    </div>
  );
}
