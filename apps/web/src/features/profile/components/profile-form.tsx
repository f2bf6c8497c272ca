import { type PublicUser, type UpdateProfileRequest, updateProfileRequestSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NameFields } from '@/components/name-fields';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useUpdateProfile } from '../api/update-profile';

const FIELDS: readonly Path<UpdateProfileRequest>[] = ['first_name', 'last_name', 'newsletter_subscribed'];

function valuesOf(user: PublicUser) {
  return { first_name: user.first_name, last_name: user.last_name, newsletter_subscribed: user.newsletter_subscribed };
}

export function ProfileForm({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(updateProfileRequestSchema), reValidateMode: 'onSubmit', defaultValues: valuesOf(user) });

  const field = (name: Path<UpdateProfileRequest>) => register(name, { onChange: () => clearErrors(name) });

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        reset(valuesOf(saved));
        notify.success(t('profile.details.savedTitle'), t('profile.details.savedMessage'));
      },
      onError: (error) => {
        applyServerFieldErrors(error, setError, FIELDS);
        notify.error(t('profile.details.failedTitle'), translateMessage(errorMessage(error, t('common.operationFailed'))));
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <NameFields
        firstName={{ ...field('first_name'), error: errors.first_name?.message }}
        lastName={{ ...field('last_name'), error: errors.last_name?.message }}
      />
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('auth.fields.email')}</p>
        <Input value={user.email} readOnly disabled aria-label={t('profile.details.emailReadOnly')} />
      </div>
      <CheckboxField label={t('profile.details.newsletter')} {...field('newsletter_subscribed')} />
      <Button type="submit" loading={update.isPending}>
        {t('profile.details.submit')}
      </Button>
    </form>
  );
}
