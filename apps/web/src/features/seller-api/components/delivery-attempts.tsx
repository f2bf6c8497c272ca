import type { WebhookDeliveryAttempt } from '@app/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { activeLanguage, INTL_LOCALES, translateMessage } from '@/lib/i18n';
import { useWebhookDeliveryAttempts } from '../api/webhooks';

/**
 * The server's fixed reasons for an attempt without an answer (modules/webhooks/deliver.ts and
 * repository.ts), worded for the seller; others (network errors, refused targets) are shown as they are.
 */
const KNOWN_ERRORS = {
  'interrupted while delivering': 'sellerApi.log.errorInterrupted',
  'endpoint removed': 'sellerApi.log.errorEndpointRemoved',
  'not sent: the signing secret could not be decrypted (server key configuration)': 'sellerApi.log.errorSecretUnavailable',
} as const;

/** Why an attempt got no answer, in the seller's language when it is one of the server's fixed reasons. */
export function attemptErrorText(t: TFunction, error: string): string {
  const known = KNOWN_ERRORS[error as keyof typeof KNOWN_ERRORS];
  return known ? t(known) : error;
}

function formatTime(value: string): string {
  return new Date(value).toLocaleString(INTL_LOCALES[activeLanguage()], { dateStyle: 'medium', timeStyle: 'medium' });
}

function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  return new Intl.NumberFormat(INTL_LOCALES[activeLanguage()], {
    style: 'unit',
    unit: 'millisecond',
    unitDisplay: 'short',
  }).format(ms);
}

/** Every attempt of one delivery, newest first: when, how long, the receiver's status and the start of its answer, or why none came. */
export function DeliveryAttempts({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) {
  const { t } = useTranslation();
  const attempts = useWebhookDeliveryAttempts(endpointId, deliveryId);
  if (attempts.isError) {
    return (
      <Alert tone="error" title={t('sellerApi.log.attemptsFailed')}>
        {translateMessage(errorMessage(attempts.error, t('common.operationFailed')))}
      </Alert>
    );
  }
  if (!attempts.data) return <Spinner label={t('sellerApi.log.attemptsLoading')} />;
  if (attempts.data.attempts.length === 0)
    return <p className="text-xs text-slate-600 dark:text-slate-400">{t('sellerApi.log.attemptsNone')}</p>;
  const why = (attempt: WebhookDeliveryAttempt) => {
    if (attempt.response_body) return attempt.response_body;
    return attempt.error ? attemptErrorText(t, attempt.error) : '—';
  };
  return (
    <table className="w-full text-left text-xs">
      <caption className="pb-1 text-left font-medium text-slate-700 dark:text-slate-300">
        {t('sellerApi.log.attemptsTitle')}
      </caption>
      <thead className="text-slate-600 dark:text-slate-400">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium">
            {t('sellerApi.log.attempt')}
          </th>
          <th scope="col" className="py-1 pr-3 font-medium">
            {t('sellerApi.log.time')}
          </th>
          <th scope="col" className="py-1 pr-3 font-medium">
            {t('sellerApi.log.duration')}
          </th>
          <th scope="col" className="py-1 pr-3 font-medium">
            {t('sellerApi.log.code')}
          </th>
          <th scope="col" className="py-1 font-medium">
            {t('sellerApi.log.answer')}
          </th>
        </tr>
      </thead>
      <tbody>
        {attempts.data.attempts.map((attempt) => (
          <tr key={attempt.attempt} className="border-t border-slate-200 align-top dark:border-slate-800">
            <td className="py-1 pr-3">{attempt.attempt}</td>
            <td className="whitespace-nowrap py-1 pr-3">{formatTime(attempt.attempted_at)}</td>
            <td className="whitespace-nowrap py-1 pr-3">{formatDuration(attempt.duration_ms)}</td>
            <td className="py-1 pr-3">{attempt.status_code ?? '—'}</td>
            <td className="max-w-xs py-1">
              <code className="line-clamp-3 break-all">{why(attempt)}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
