import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useOwnLicenses } from '../api/get-own-licenses';
import { CopyKeyButton } from './copy-key-button';
import { LicenseStateBadge, useActivationsText } from './license-state';

/**
 * The buyer's licence keys (of one order on the success page, all of them on /orders), each with
 * its state and the instances it is activated on. Nothing at all when there are none.
 */
export function OwnLicenses({ orderId, className }: { orderId?: string | null; className?: string }) {
  const { t } = useTranslation();
  const licenses = useOwnLicenses(orderId);
  const activations = useActivationsText();
  if (licenses.isError) {
    return (
      <Alert tone="error" title={t('licenses.loadFailed')} className={className}>
        {translateMessage(errorMessage(licenses.error, t('common.operationFailed')))}
      </Alert>
    );
  }
  const list = licenses.data?.licenses ?? [];
  if (list.length === 0) return null;
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5" aria-hidden />
          {t('licenses.own.title')}
        </CardTitle>
        <CardDescription>{t('licenses.own.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="space-y-4" aria-label={t('licenses.own.title')}>
          {list.map((license) => (
            <li key={license.id} className="space-y-2 rounded-xl border border-slate-200 p-4 text-left dark:border-slate-800">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium text-slate-900 dark:text-white">{license.product_title}</p>
                <LicenseStateBadge state={license.status} />
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <code className="rounded-md bg-slate-100 px-2 py-1 font-mono text-sm break-all text-slate-900 dark:bg-slate-800 dark:text-slate-100">
                  {license.key}
                </code>
                <CopyKeyButton value={license.key} label={t('licenses.copyLabel', { product: license.product_title })} />
              </div>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {t('licenses.order', { number: license.order_number })} · {activations(license.activations)}
              </p>
              {license.instances.length > 0 && (
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {t('licenses.instances', { list: license.instances.map((i) => i.instance).join(', ') })}
                </p>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
