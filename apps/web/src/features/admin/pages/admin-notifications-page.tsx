import { zodResolver } from '@hookform/resolvers/zod';
import { Bell, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Field, TextField } from '@/components/ui/field';
import { inputClasses, Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import {
  type Announcement,
  AUDIENCES,
  announcementSchema,
  NOTIFICATION_TYPES,
  useSendNotification,
} from '../api/send-notification';
import { AdminPageHeader } from '../components/admin-page-header';

const EMPTY: Announcement = { title: '', message: '', type: 'info', audience: 'all' };

/** /admin/notifications: an announcement to everyone or to one role, delivered to their notification centres. */
export function AdminNotificationsPage() {
  const { t } = useTranslation();
  const send = useSendNotification();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<Announcement>({ resolver: zodResolver(announcementSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: ({ sent }) => {
        notify.success(t('admin.notifications.sent', { count: sent }));
        reset(EMPTY);
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, setError, ['title', 'message', 'type', 'audience'])) {
          notify.error(t('admin.notifications.failed'), translateMessage(errorMessage(error, t('common.operationFailed'))));
        }
      },
    }),
  );

  return (
    <div className="space-y-6">
      <AdminPageHeader icon={Bell} title={t('admin.notifications.title')} description={t('admin.notifications.description')} />
      <Card className="max-w-2xl">
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="space-y-5">
            <TextField
              label={t('admin.notifications.fields.title')}
              error={errors.title?.message}
              {...register('title', { onChange: () => clearErrors('title') })}
            />
            <Field label={t('admin.notifications.fields.message')} error={errors.message?.message}>
              {(control) => (
                <Textarea {...control} rows={5} {...register('message', { onChange: () => clearErrors('message') })} />
              )}
            </Field>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label={t('admin.notifications.fields.type')} error={errors.type?.message}>
                {(control) => (
                  <select {...control} className={inputClasses} {...register('type')}>
                    {NOTIFICATION_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`admin.notifications.types.${type}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label={t('admin.notifications.fields.audience')} error={errors.audience?.message}>
                {(control) => (
                  <select {...control} className={inputClasses} {...register('audience')}>
                    {AUDIENCES.map((audience) => (
                      <option key={audience} value={audience}>
                        {t(`admin.notifications.audiences.${audience}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
            <Button type="submit" loading={send.isPending}>
              <Send className="size-4" aria-hidden />
              {t('admin.notifications.submit')}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
