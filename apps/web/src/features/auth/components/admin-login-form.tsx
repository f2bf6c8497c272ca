import { loginRequestSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useAdminLogin } from '../api/admin-login';

/** The authenticator code the server asks for once the password was right (TOTP_REQUIRED). */
const TOTP_SHAPE = /^\d{6}$/;

/** Admin sign-in; for an account with two-factor sign-in a second step asks for the authenticator code. */
export function AdminLoginForm() {
  const { t } = useTranslation();
  const login = useAdminLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '', totp_code: '' },
  });

  useEffect(() => {
    if (needsCode) setFocus('totp_code');
  }, [needsCode, setFocus]);

  const onSubmit = handleSubmit(({ totp_code, ...credentials }) => {
    setFailure(null);
    if (needsCode && !TOTP_SHAPE.test(totp_code ?? '')) {
      setError('totp_code', { message: t('auth.adminLogin.codeInvalid') }, { shouldFocus: true });
      return;
    }
    login.mutate(needsCode ? { ...credentials, totp_code } : credentials, {
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'TOTP_REQUIRED') {
          // First time: the password was right, now the code. After that: the code was wrong.
          if (needsCode) setError('totp_code', { message: error.message }, { shouldFocus: true });
          else setNeedsCode(true);
          return;
        }
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
      <TextField
        label={t('auth.fields.email')}
        type="email"
        autoComplete="username"
        error={errors.email?.message}
        {...register('email', { onChange: () => clearErrors('email') })}
      />
      <TextField
        label={t('auth.fields.password')}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password', { onChange: () => clearErrors('password') })}
      />
      {needsCode && (
        <>
          <Alert tone="info">{t('auth.adminLogin.codeNeeded')}</Alert>
          <TextField
            label={t('auth.adminLogin.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            hint={t('auth.adminLogin.codeHint')}
            error={errors.totp_code?.message}
            {...register('totp_code', { onChange: () => clearErrors('totp_code') })}
          />
        </>
      )}
      <Button type="submit" className="w-full" size="lg" loading={login.isPending}>
        {t('auth.login.submit')}
      </Button>
    </form>
  );
}
