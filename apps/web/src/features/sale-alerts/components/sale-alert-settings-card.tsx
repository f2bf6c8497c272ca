import { BadgeDollarSign } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useSaleAlertSettings, useUpdateSaleAlertSettings } from '../api/sale-alert-settings';

/**
 * /profile's "Sale alerts" for sellers: the in-app notification of every sale and refund is always
 * on (the seller's record of it); the e-mail can be switched off here.
 */
export function SaleAlertSettingsCard() {
  const { t } = useTranslation();
  const settings = useSaleAlertSettings();
  const change = useUpdateSaleAlertSettings();
  // The new state shows at once while it is saved; a refusal puts the stored one back.
  const [saving, setSaving] = useState<boolean | null>(null);

  const toggle = (emails: boolean) => {
    setSaving(emails);
    change.mutate(emails, {
      onSettled: () => setSaving(null),
      onSuccess: () => notify.success(t(emails ? 'saleAlerts.emailsOn' : 'saleAlerts.emailsOff')),
      onError: (failure) => notify.error(translateMessage(errorMessage(failure, t('common.operationFailed')))),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BadgeDollarSign className="size-5" aria-hidden />
          {t('saleAlerts.title')}
        </CardTitle>
        <CardDescription>{t('saleAlerts.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {settings.isError ? (
          <Alert tone="error" title={t('saleAlerts.loadFailed')}>
            {translateMessage(errorMessage(settings.error, t('common.operationFailed')))}
          </Alert>
        ) : !settings.data ? (
          <Spinner label={t('saleAlerts.loading')} />
        ) : (
          <>
            <CheckboxField
              label={t('saleAlerts.emails')}
              checked={saving ?? settings.data.emails}
              disabled={change.isPending}
              onChange={(event) => toggle(event.target.checked)}
            />
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('saleAlerts.inAppNote')}</p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
