import { resetPasswordFormSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NewPasswordFields } from '@/components/password-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useResetPassword } from '../api/reset-password';

export interface ResetPasswordFormProps {
  token: string;
  onReset: () => void;
}

export function ResetPasswordForm({ token, onReset }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { new_password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ new_password }) => {
    setFailure(null);
    reset.mutate(
      { token, new_password },
      {
        onSuccess: (result) => {
          notify.success(
            t('auth.reset.successTitle'),
            result?.message ? translateMessage(result.message) : t('auth.reset.successMessage'),
          );
          onReset();
        },
        onError: (error) => {
          const message = errorMessage(error, t('auth.reset.failedFallback'));
          setFailure(message);
          notify.error(t('auth.reset.failedTitle'), translateMessage(message));
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {failure && (
        <Alert tone="error" title={t('auth.reset.failedTitle')}>
          <p>{translateMessage(failure)}</p>
          <Link to="/forgot-password" className="mt-1 inline-block font-medium underline">
            {t('auth.reset.requestNew')}
          </Link>
        </Alert>
      )}
      <NewPasswordFields
        label={t('auth.fields.newPassword')}
        password={{
          ...register('new_password', { onChange: () => clearErrors('new_password') }),
          error: errors.new_password?.message,
        }}
        confirmation={{
          ...register('confirmPassword', { onChange: () => clearErrors('confirmPassword') }),
          error: errors.confirmPassword?.message,
        }}
      />
      <Button type="submit" className="w-full" size="lg" loading={reset.isPending}>
        {t('auth.reset.submit')}
      </Button>
    </form>
  );
}
