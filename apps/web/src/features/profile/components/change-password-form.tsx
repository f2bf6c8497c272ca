import { changePasswordFormSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields, PasswordField } from '@/components/password-fields';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useChangePassword } from '../api/change-password';

type Values = { current_password: string; new_password: string; confirmPassword: string };
const SERVER_FIELDS: readonly Path<Values>[] = ['current_password', 'new_password'];
const EMPTY: Values = { current_password: '', new_password: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(changePasswordFormSchema), reValidateMode: 'onSubmit', defaultValues: EMPTY });
  const field = (name: Path<Values>) => register(name, { onChange: () => clearErrors(name) });

  const onSubmit = handleSubmit(({ current_password, new_password }) =>
    change.mutate(
      { current_password, new_password },
      {
        onSuccess: (result) => {
          reset(EMPTY);
          notify.success(t('profile.password.savedTitle'), result?.message ? translateMessage(result.message) : undefined);
        },
        onError: (error) => {
          applyServerFieldErrors(error, setError, SERVER_FIELDS);
          notify.error(t('profile.password.failedTitle'), translateMessage(errorMessage(error, t('common.operationFailed'))));
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <PasswordField
        purpose="current"
        label={t('auth.fields.currentPassword')}
        error={errors.current_password?.message}
        {...field('current_password')}
      />
      <NewPasswordFields
        layout="side-by-side"
        label={t('auth.fields.newPassword')}
        password={{ ...field('new_password'), error: errors.new_password?.message }}
        confirmation={{ ...field('confirmPassword'), error: errors.confirmPassword?.message }}
      />
      <Button type="submit" loading={change.isPending}>
        {t('profile.password.submit')}
      </Button>
    </form>
  );
}
