import { AI_POOL_SCHEDULES, aiTokenSettingsFields } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Wallet } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CheckboxField, Field, TextField } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useTokenSettings } from '../api/get-token-settings';
import { useUpdateTokenSettings } from '../api/update-token-settings';
import { PoolNav } from '../components/pool-nav';

type SettingsForm = z.input<typeof aiTokenSettingsFields>;
const FIELDS = ['wallet_address', 'auto_transfer_enabled', 'auto_transfer_threshold', 'schedule'] as const;

/** /admin/ai-pool/settings: the wallet that receives the pool, and when it is sent automatically. */
export function AdminPoolSettingsPage() {
  const { t } = useTranslation();
  const settings = useTokenSettings();
  const update = useUpdateTokenSettings();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    formState: { errors, isDirty },
  } = useForm<SettingsForm>({
    resolver: zodResolver(aiTokenSettingsFields),
    defaultValues: { wallet_address: '', auto_transfer_enabled: false, auto_transfer_threshold: 100, schedule: 'weekly' },
  });

  useEffect(() => {
    if (settings.data) reset({ ...settings.data, wallet_address: settings.data.wallet_address ?? '' });
  }, [settings.data, reset]);

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: ({ settings: saved }) => {
        reset({ ...saved, wallet_address: saved.wallet_address ?? '' });
        notify.success(t('aiPool.settings.saved'));
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, setError, FIELDS)) {
          notify.error(t('aiPool.settings.failed'), translateMessage(errorMessage(error, t('common.operationFailed'))));
        }
      },
    }),
  );

  return (
    <div className="space-y-6">
      <AdminPageHeader icon={Wallet} title={t('aiPool.settings.title')} description={t('aiPool.settings.description')} />
      <PoolNav />
      {settings.isPending ? (
        <div className="flex justify-center p-10">
          <Spinner />
        </div>
      ) : settings.isError ? (
        <Alert tone="error">{errorMessage(settings.error, t('common.operationFailed'))}</Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="max-w-2xl space-y-6">
          <Card>
            <CardContent className="space-y-5 pt-6">
              <TextField
                label={t('aiPool.settings.wallet', { token: settings.data.token })}
                hint={t('aiPool.settings.walletHint')}
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
                error={errors.wallet_address?.message}
                {...register('wallet_address', { onChange: () => clearErrors('wallet_address') })}
              />
              <CheckboxField label={t('aiPool.settings.autoEnabled')} {...register('auto_transfer_enabled')} />
              <TextField
                label={t('aiPool.settings.threshold')}
                hint={t('aiPool.settings.thresholdHint')}
                type="number"
                inputMode="decimal"
                step="0.01"
                min="1"
                error={errors.auto_transfer_threshold?.message}
                {...register('auto_transfer_threshold', {
                  valueAsNumber: true,
                  onChange: () => clearErrors('auto_transfer_threshold'),
                })}
              />
              <Field label={t('aiPool.settings.schedule')} error={errors.schedule?.message}>
                {(control) => (
                  <select {...control} className={inputClasses} {...register('schedule')}>
                    {AI_POOL_SCHEDULES.map((schedule) => (
                      <option key={schedule} value={schedule}>
                        {t(`aiPool.schedule.${schedule}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </CardContent>
          </Card>
          <Button type="submit" loading={update.isPending} disabled={!isDirty && !update.isPending}>
            {t('aiPool.settings.save')}
          </Button>
        </form>
      )}
    </div>
  );
}
