import { WEBHOOK_EVENT_TYPES, type WebhookEndpoint, type WebhookEventType, webhookEndpointCreateSchema } from '@app/shared';
import { Webhook } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { CheckboxField, TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useCreateWebhookEndpoint, useRemoveWebhookEndpoint, useSendTestWebhook, useWebhookEndpoints } from '../api/webhooks';
import { ShownOnce } from './copy-secret';
import { DeliveryLog } from './delivery-log';

const EVENT_LABELS = {
  'sale.created': 'sellerApi.event.saleCreated',
  'refund.created': 'sellerApi.event.refundCreated',
  'license.activated': 'sellerApi.event.licenseActivated',
} as const satisfies Record<WebhookEventType, string>;

/** The seller area's webhooks: add an endpoint (secret shown once), send a test event, read the delivery log, remove it. */
export function WebhooksCard() {
  const { t } = useTranslation();
  const endpoints = useWebhookEndpoints();
  const create = useCreateWebhookEndpoint();
  const remove = useRemoveWebhookEndpoint();
  const test = useSendTestWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const [secret, setSecret] = useState<string | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const [openLog, setOpenLog] = useState<string | null>(null);
  const failed = (failure: unknown) => notify.error(translateMessage(errorMessage(failure, t('common.operationFailed'))));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = webhookEndpointCreateSchema.safeParse({ url, events });
    if (!parsed.success) {
      const about = (field: string) => parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
      const urlError = about('url');
      const eventsError = about('events');
      setErrors({
        url: urlError ? translateMessage(urlError) : undefined,
        events: eventsError ? translateMessage(eventsError) : undefined,
      });
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (answer) => {
        setSecret(answer.secret);
        setUrl('');
      },
      // The server's refusal of the address itself (private, loopback, not https) belongs to the field.
      onError: (failure) => setErrors({ url: translateMessage(errorMessage(failure, t('common.operationFailed'))) }),
    });
  };

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => notify.success(t('sellerApi.webhooks.removed')),
      onError: failed,
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Webhook className="size-5" aria-hidden />
          {t('sellerApi.webhooks.title')}
        </CardTitle>
        <CardDescription>{t('sellerApi.webhooks.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {secret && (
          <ShownOnce
            title={t('sellerApi.webhooks.createdTitle')}
            label={t('sellerApi.webhooks.secretLabel')}
            value={secret}
            onDone={() => setSecret(null)}
          />
        )}
        <form onSubmit={submit} noValidate className="space-y-3" aria-label={t('sellerApi.webhooks.createForm')}>
          <TextField
            label={t('sellerApi.webhooks.url')}
            type="url"
            placeholder="https://example.com/webhooks"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            error={errors.url}
          />
          <fieldset>
            <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('sellerApi.webhooks.events')}</legend>
            <div className="mt-2 space-y-2">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <CheckboxField
                  key={type}
                  label={t(EVENT_LABELS[type])}
                  checked={events.includes(type)}
                  onChange={(event) =>
                    setEvents((current) => (event.target.checked ? [...current, type] : current.filter((e) => e !== type)))
                  }
                />
              ))}
            </div>
            {errors.events && <p className="mt-1 text-sm text-red-600 dark:text-red-400">{errors.events}</p>}
          </fieldset>
          <Button type="submit" loading={create.isPending}>
            {t('sellerApi.webhooks.add')}
          </Button>
        </form>
        {endpoints.isError ? (
          <Alert tone="error" title={t('sellerApi.webhooks.loadFailed')}>
            {translateMessage(errorMessage(endpoints.error, t('common.operationFailed')))}
          </Alert>
        ) : !endpoints.data ? (
          <Spinner label={t('sellerApi.webhooks.loading')} />
        ) : endpoints.data.endpoints.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('sellerApi.webhooks.none')}</p>
        ) : (
          <ul className="space-y-4">
            {endpoints.data.endpoints.map((endpoint) => (
              <li key={endpoint.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
                <p className="break-all font-mono text-sm text-slate-900 dark:text-white">{endpoint.url}</p>
                <div className="mt-2 flex flex-wrap gap-1">
                  {endpoint.events.map((type) => (
                    <Badge key={type}>{type}</Badge>
                  ))}
                </div>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    loading={test.isPending && test.variables === endpoint.id}
                    onClick={() =>
                      test.mutate(endpoint.id, {
                        onSuccess: () => {
                          notify.success(t('sellerApi.webhooks.testSent'));
                          setOpenLog(endpoint.id);
                        },
                        onError: failed,
                      })
                    }
                  >
                    {t('sellerApi.webhooks.sendTest')}
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-expanded={openLog === endpoint.id}
                    onClick={() => setOpenLog((current) => (current === endpoint.id ? null : endpoint.id))}
                  >
                    {openLog === endpoint.id ? t('sellerApi.webhooks.hideLog') : t('sellerApi.webhooks.showLog')}
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setRemoving(endpoint)}>
                    {t('sellerApi.webhooks.remove')}
                  </Button>
                </div>
                {openLog === endpoint.id && <DeliveryLog endpointId={endpoint.id} />}
              </li>
            ))}
          </ul>
        )}
        <div className="space-y-1 text-sm text-slate-600 dark:text-slate-400">
          <p>{t('sellerApi.webhooks.verifyTitle')}</p>
          <p>{t('sellerApi.webhooks.verifyHow')}</p>
          <pre className="overflow-x-auto rounded-md bg-slate-100 p-2 font-mono text-xs text-slate-800 dark:bg-slate-900 dark:text-slate-200">
            {'Marketplace-Signature: t=<unix time>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>'}
          </pre>
        </div>
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        title={t('sellerApi.webhooks.removeTitle')}
        description={t('sellerApi.webhooks.removeDescription', { url: removing?.url ?? '' })}
        confirmLabel={t('sellerApi.webhooks.remove')}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
        busy={remove.isPending}
      />
    </Card>
  );
}
