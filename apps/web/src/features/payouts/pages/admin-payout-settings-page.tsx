import { PAYOUT_SCHEDULES, type PayoutSettingsUpdate, payoutSettingsSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarClock } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Field, TextField } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { formatDate } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { usePayoutSettings, useUpdatePayoutSettings } from '../api/payout-settings';

type Form = Required<PayoutSettingsUpdate>;
const FIELDS = ['payout_schedule', 'minimum_payout', 'hold_days'] as const;

/** /admin/payments/settings: when sellers are paid, the smallest payout and how long sales are held. */
export function AdminPayoutSettingsPage() {
  const { t } = useTranslation();
  const settings = usePayoutSettings();
  const update = useUpdatePayoutSettings();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<Form>({
    resolver: zodResolver(payoutSettingsSchema),
    defaultValues: { payout_schedule: 'weekly', minimum_payout: 0, hold_days: 30 },
  });

  useEffect(() => {
    if (settings.data) reset(settings.data);
  }, [settings.data, reset]);

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        reset(saved.settings);
        notify.success(t('payouts.admin.settingsSaved'));
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, setError, FIELDS)) {
          notify.error(t('admin.actionFailed'), translateMessage(errorMessage(error, t('common.operationFailed'))));
        }
      },
    }),
  );

  return (
    <div className="space-y-6">
      <AdminPageHeader
        icon={CalendarClock}
        title={t('payouts.admin.settingsTitle')}
        description={t('payouts.admin.settingsDescription')}
      />
      <Card>
        <CardContent className="pt-6">
          {settings.isPending ? (
            <Spinner />
          ) : (
            <form onSubmit={onSubmit} noValidate className="grid max-w-xl gap-4">
              <Field label={t('payouts.admin.schedule')} error={errors.payout_schedule?.message}>
                {(control) => (
                  <select {...control} className={inputClasses} {...register('payout_schedule')}>
                    {PAYOUT_SCHEDULES.map((schedule) => (
                      <option key={schedule} value={schedule}>
                        {t(`payouts.admin.schedules.${schedule}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <TextField
                label={t('payouts.admin.minimum')}
                type="number"
                step="0.01"
                min={0}
                error={errors.minimum_payout?.message}
                {...register('minimum_payout', { valueAsNumber: true })}
              />
              <TextField
                label={t('payouts.admin.holdDays')}
                hint={t('payouts.admin.holdDaysHint')}
                type="number"
                step="1"
                min={0}
                max={365}
                error={errors.hold_days?.message}
                {...register('hold_days', { valueAsNumber: true })}
              />
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {t('payouts.admin.provider', { provider: settings.data?.provider ?? '' })}
                {settings.data?.last_run_at && ` ${t('payouts.admin.lastRun', { date: formatDate(settings.data.last_run_at) })}`}
              </p>
              <div>
                <Button type="submit" disabled={!isDirty || update.isPending}>
                  {t('payouts.admin.saveSettings')}
                </Button>
              </div>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
