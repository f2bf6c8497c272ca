import { CircleCheck, CircleX, Mail } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useConfirmSubscription, useUnsubscribe } from '../api/subscribe';

function Outcome({ ok, title, message }: { ok: boolean; title: string; message: string }) {
  const { t } = useTranslation();
  const Icon = ok ? CircleCheck : CircleX;
  return (
    <div role={ok ? 'status' : 'alert'} className="text-center">
      <Icon className={ok ? 'mx-auto size-12 text-emerald-600' : 'mx-auto size-12 text-red-600'} aria-hidden="true" />
      <h2 className="mt-4 text-xl font-semibold text-slate-900 dark:text-white">{title}</h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{message}</p>
      <Link to="/" className="mt-6 inline-block font-medium text-indigo-700 hover:underline dark:text-indigo-300">
        {t('common.backToHome')}
      </Link>
    </div>
  );
}

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <DocumentTitle title={title} />
      <div className="rounded-2xl border border-slate-200 bg-white p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="mb-6 flex items-center justify-center gap-2 text-center text-2xl font-bold text-slate-900 dark:text-white">
          <Mail className="size-6 text-indigo-600" aria-hidden="true" />
          {title}
        </h1>
        {children}
      </div>
    </div>
  );
}

/** /newsletter/confirm?token=…: the double opt-in link. Confirms once, on arrival (a POST, not the GET of the link). */
export function NewsletterConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmSubscription();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [confirm, token]);

  return (
    <Frame title={t('newsletter.confirm.title')}>
      {confirm.isSuccess ? (
        <Outcome
          ok
          title={t('newsletter.confirm.doneTitle')}
          message={t('newsletter.confirm.doneMessage', { email: confirm.data.email })}
        />
      ) : confirm.isError ? (
        <Outcome
          ok={false}
          title={t('newsletter.confirm.failedTitle')}
          message={translateMessage(errorMessage(confirm.error, t('common.operationFailed')))}
        />
      ) : (
        <Spinner label={t('newsletter.confirm.working')} />
      )}
    </Frame>
  );
}

/** /newsletter/unsubscribe?token=…: asks first, so a mail scanner opening the link unsubscribes nobody. */
export function NewsletterUnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const leave = useUnsubscribe();

  return (
    <Frame title={t('newsletter.unsubscribe.title')}>
      {leave.isSuccess ? (
        <Outcome
          ok
          title={t('newsletter.unsubscribe.doneTitle')}
          message={t('newsletter.unsubscribe.doneMessage', { email: leave.data.email })}
        />
      ) : leave.isError ? (
        <Outcome
          ok={false}
          title={t('newsletter.unsubscribe.failedTitle')}
          message={translateMessage(errorMessage(leave.error, t('common.operationFailed')))}
        />
      ) : (
        <div className="text-center">
          <p className="text-slate-700 dark:text-slate-300">{t('newsletter.unsubscribe.question')}</p>
          <Button className="mt-6" onClick={() => leave.mutate(token)} disabled={leave.isPending}>
            {t('newsletter.unsubscribe.submit')}
          </Button>
        </div>
      )}
    </Frame>
  );
}
