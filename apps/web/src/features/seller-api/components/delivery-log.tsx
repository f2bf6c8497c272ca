import type { WebhookDelivery } from '@app/shared';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { activeLanguage, INTL_LOCALES, translateMessage } from '@/lib/i18n';
import { useWebhookDeliveries } from '../api/webhooks';
import { attemptErrorText, DeliveryAttempts } from './delivery-attempts';

const STATUS_TONES: Record<WebhookDelivery['status'], BadgeTone> = {
  pending: 'warning',
  delivering: 'info',
  succeeded: 'success',
  failed: 'danger',
};

function formatTime(value: string): string {
  return new Date(value).toLocaleString(INTL_LOCALES[activeLanguage()], { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * One endpoint's latest deliveries: event, state, attempts, the receiver's status code and the
 * start of its answer; each delivery expands to every one of its attempts.
 */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const { t } = useTranslation();
  const log = useWebhookDeliveries(endpointId);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  if (log.isError) {
    return (
      <Alert className="mt-3" tone="error" title={t('sellerApi.log.loadFailed')}>
        {translateMessage(errorMessage(log.error, t('common.operationFailed')))}
      </Alert>
    );
  }
  if (!log.data) return <Spinner label={t('sellerApi.log.loading')} />;
  if (log.data.deliveries.length === 0)
    return <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t('sellerApi.log.none')}</p>;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('sellerApi.log.title')}</caption>
        <thead className="text-slate-500 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t('sellerApi.log.event')}
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t('sellerApi.log.status')}
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t('sellerApi.log.attempts')}
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t('sellerApi.log.code')}
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t('sellerApi.log.time')}
            </th>
            <th scope="col" className="py-2 font-medium">
              {t('sellerApi.log.answer')}
            </th>
          </tr>
        </thead>
        <tbody>
          {log.data.deliveries.map((delivery) => (
            <Fragment key={delivery.id}>
              <tr className="border-t border-slate-200 align-top dark:border-slate-800">
                <td className="py-2 pr-4 font-mono text-xs">{delivery.event_type}</td>
                <td className="py-2 pr-4">
                  <Badge tone={STATUS_TONES[delivery.status]}>{t(`sellerApi.log.state.${delivery.status}`)}</Badge>
                  {delivery.next_attempt_at && (
                    <p className="mt-1 text-xs text-slate-500">
                      {t('sellerApi.log.nextAttempt', { time: formatTime(delivery.next_attempt_at) })}
                    </p>
                  )}
                </td>
                <td className="py-2 pr-4">
                  <span>{delivery.attempts}</span>
                  {delivery.attempts > 0 && (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="ml-1"
                      aria-expanded={expanded.has(delivery.id)}
                      aria-controls={expanded.has(delivery.id) ? `webhook-attempts-${delivery.id}` : undefined}
                      onClick={() => toggle(delivery.id)}
                    >
                      {expanded.has(delivery.id) ? t('sellerApi.log.hideAttempts') : t('sellerApi.log.showAttempts')}
                    </Button>
                  )}
                </td>
                <td className="py-2 pr-4">{delivery.status_code ?? '—'}</td>
                <td className="py-2 pr-4">{formatTime(delivery.last_attempt_at ?? delivery.created_at)}</td>
                <td className="max-w-xs py-2">
                  <code className="line-clamp-3 break-all text-xs">
                    {delivery.response_body || (delivery.error && attemptErrorText(t, delivery.error)) || '—'}
                  </code>
                </td>
              </tr>
              {expanded.has(delivery.id) && (
                <tr id={`webhook-attempts-${delivery.id}`}>
                  <td colSpan={6} className="pb-3 pl-4">
                    <DeliveryAttempts endpointId={endpointId} deliveryId={delivery.id} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
