import { loginRequestSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useLogin } from '../api/login';
import { TotpCodeField, useTotpStep } from './totp-code-field';

/** E-mail and password sign-in; a failure shows the red 'Authentication Error' box (spec §8). */
export function LoginForm() {
  const { t } = useTranslation();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(loginRequestSchema), defaultValues: { email: '', password: '', totp_code: '' } });
  const totp = useTotpStep(form);
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(({ totp_code, ...credentials }) => {
    setFailure(null);
    if (!totp.codeLooksValid(totp_code)) return;
    login.mutate(totp.needsCode ? { ...credentials, totp_code } : credentials, {
      onError: (error) => {
        if (!totp.handled(error)) setFailure(errorMessage(error, t('auth.login.failed')));
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {failure && (
        <Alert tone="error" title={t('auth.login.errorTitle')}>
          {translateMessage(failure)}
        </Alert>
      )}
      <TextField
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email', { onChange: () => clearErrors('email') })}
      />
      <div className="space-y-1.5">
        <TextField
          label={t('auth.fields.password')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password', { onChange: () => clearErrors('password') })}
        />
        <div className="text-right">
          <Link to="/forgot-password" className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            {t('auth.login.forgotPassword')}
          </Link>
        </div>
      </div>
      {totp.needsCode && <TotpCodeField form={form} />}
      <Button type="submit" className="w-full" size="lg" loading={login.isPending}>
        {t('auth.login.submit')}
      </Button>
    </form>
  );
}
