import { loginRequestSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CredentialFields } from '@/components/password-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useAdminLogin } from '../api/admin-login';
import { TotpCodeField, useTotpStep } from './totp-code-field';

/** Admin sign-in; for an account with two-factor sign-in a second step asks for the authenticator code. */
export function AdminLoginForm() {
  const { t } = useTranslation();
  const login = useAdminLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '', totp_code: '' },
  });
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
        if (totp.handled(error)) return;
        // A refusal keeps the server's words ('Admin access required'); anything else gets the spec's generic text.
        setFailure(
          error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : t('auth.adminLogin.failed'),
        );
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {failure && <Alert tone="error">{translateMessage(failure)}</Alert>}
      <CredentialFields
        emailAutoComplete="username"
        email={{ ...register('email', { onChange: () => clearErrors('email') }), error: errors.email?.message }}
        password={{ ...register('password', { onChange: () => clearErrors('password') }), error: errors.password?.message }}
      />
      {totp.needsCode && <TotpCodeField form={form} />}
      <Button type="submit" className="w-full" size="lg" loading={login.isPending}>
        {t('auth.login.submit')}
      </Button>
    </form>
  );
}
