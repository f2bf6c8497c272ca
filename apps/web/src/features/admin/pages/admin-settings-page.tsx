import { zodResolver } from '@hookform/resolvers/zod';
import { Settings } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField, Field, TextField } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useSettings } from '../api/get-settings';
import { type SettingsForm, settingsSchema, useUpdateSettings } from '../api/update-settings';
import { AdminPageHeader } from '../components/admin-page-header';

const CONTACT_FIELDS = ['contact_email', 'contact_phone', 'contact_address'] as const;
const SOCIAL_FIELDS = ['social_x', 'social_linkedin', 'social_github', 'social_youtube'] as const;
const FIELDS = [
  'site_name',
  'admin_email',
  'maintenance_mode',
  'maintenance_message',
  ...CONTACT_FIELDS,
  ...SOCIAL_FIELDS,
] as const;
const EMPTY_FORM: SettingsForm = {
  site_name: '',
  admin_email: '',
  maintenance_mode: false,
  maintenance_message: '',
  contact_email: '',
  contact_phone: '',
  contact_address: '',
  social_x: '',
  social_linkedin: '',
  social_github: '',
  social_youtube: '',
};
const LABELS = {
  contact_email: 'contactEmail',
  contact_phone: 'contactPhone',
  contact_address: 'contactAddress',
  social_x: 'socialX',
  social_linkedin: 'socialLinkedin',
  social_github: 'socialGithub',
  social_youtube: 'socialYoutube',
} as const;

/** /admin/settings: site name, admin e-mail, the maintenance switch (every visitor but admins sees the maintenance screen), contact details and social links. */
export function AdminSettingsPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const update = useUpdateSettings();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setError,
    clearErrors,
    formState: { errors, isDirty },
  } = useForm<SettingsForm>({
    resolver: zodResolver(settingsSchema),
    defaultValues: EMPTY_FORM,
  });

  useEffect(() => {
    if (settings.data) reset(settings.data);
  }, [settings.data, reset]);

  const maintenance = watch('maintenance_mode');

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        reset(saved);
        notify.success(t('admin.settings.saved'), saved.maintenance_mode ? t('admin.settings.maintenanceOnNote') : undefined);
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, setError, FIELDS)) {
          notify.error(t('admin.settings.failed'), translateMessage(errorMessage(error, t('common.operationFailed'))));
        }
      },
    }),
  );

  return (
    <div className="space-y-6">
      <AdminPageHeader icon={Settings} title={t('admin.settings.title')} description={t('admin.settings.description')} />
      {settings.isPending ? (
        <div className="flex justify-center p-10">
          <Spinner />
        </div>
      ) : settings.isError ? (
        <Alert tone="error">{errorMessage(settings.error, t('common.operationFailed'))}</Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="max-w-2xl space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>{t('admin.settings.general')}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-5">
              <TextField
                label={t('admin.settings.siteName')}
                error={errors.site_name?.message}
                {...register('site_name', { onChange: () => clearErrors('site_name') })}
              />
              <TextField
                label={t('admin.settings.adminEmail')}
                type="email"
                error={errors.admin_email?.message}
                {...register('admin_email', { onChange: () => clearErrors('admin_email') })}
              />
            </CardContent>
          </Card>
          <Card className={maintenance ? 'border-amber-300 dark:border-amber-800' : undefined}>
            <CardHeader>
              <CardTitle>{t('admin.settings.maintenance')}</CardTitle>
              <CardDescription>{t('admin.settings.maintenanceDescription')}</CardDescription>
            </CardHeader>
            <CardContent className="space-y-5">
              <CheckboxField label={t('admin.settings.maintenanceMode')} {...register('maintenance_mode')} />
              {maintenance && <Alert tone="info">{t('admin.settings.maintenanceWarning')}</Alert>}
              <Field label={t('admin.settings.maintenanceMessage')} error={errors.maintenance_message?.message}>
                {(control) => (
                  <Textarea
                    {...control}
                    rows={3}
                    {...register('maintenance_message', { onChange: () => clearErrors('maintenance_message') })}
                  />
                )}
              </Field>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('admin.settings.contact')}</CardTitle>
              <CardDescription>{t('admin.settings.contactDescription')}</CardDescription>
            </CardHeader>
            <CardContent className="space-y-5">
              {CONTACT_FIELDS.map((name) => (
                <TextField
                  key={name}
                  label={t(`admin.settings.${LABELS[name]}`)}
                  type={name === 'contact_email' ? 'email' : name === 'contact_phone' ? 'tel' : 'text'}
                  error={errors[name]?.message}
                  {...register(name, { onChange: () => clearErrors(name) })}
                />
              ))}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('admin.settings.social')}</CardTitle>
              <CardDescription>{t('admin.settings.socialDescription')}</CardDescription>
            </CardHeader>
            <CardContent className="space-y-5">
              {SOCIAL_FIELDS.map((name) => (
                <TextField
                  key={name}
                  label={t(`admin.settings.${LABELS[name]}`)}
                  type="url"
                  placeholder="https://"
                  error={errors[name]?.message}
                  {...register(name, { onChange: () => clearErrors(name) })}
                />
              ))}
            </CardContent>
          </Card>
          <Button type="submit" loading={update.isPending} disabled={!isDirty && !update.isPending}>
            {t('admin.settings.save')}
          </Button>
        </form>
      )}
    </div>
  );
}
