import { loginRequestSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CredentialFields } from '@/components/password-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
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
      <CredentialFields
        emailAutoComplete="email"
        email={{ ...register('email', { onChange: () => clearErrors('email') }), error: errors.email?.message }}
        password={{ ...register('password', { onChange: () => clearErrors('password') }), error: errors.password?.message }}
        passwordFooter={
          <div className="text-right">
            <Link to="/forgot-password" className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
              {t('auth.login.forgotPassword')}
            </Link>
          </div>
        }
      />
      {totp.needsCode && <TotpCodeField form={form} />}
      <Button type="submit" className="w-full" size="lg" loading={login.isPending}>
        {t('auth.login.submit')}
      </Button>
    </form>
  );
}
