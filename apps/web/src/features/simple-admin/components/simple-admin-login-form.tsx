import { loginRequestSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CredentialFields } from '@/components/password-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useSimpleAdminLogin } from '../api/simple-admin-login';

export function SimpleAdminLoginForm() {
  const { t } = useTranslation();
  const login = useSimpleAdminLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginRequestSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    login.mutate(values, { onError: (error) => setFailure(errorMessage(error, t('simpleAdmin.login.failed'))) });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {failure && <Alert tone="error">{translateMessage(failure)}</Alert>}
      <CredentialFields
        emailAutoComplete="username"
        email={{ ...register('email', { onChange: () => clearErrors('email') }), error: errors.email?.message }}
        password={{ ...register('password', { onChange: () => clearErrors('password') }), error: errors.password?.message }}
      />
      <Button type="submit" className="w-full" size="lg" loading={login.isPending}>
        {t('auth.login.submit')}
      </Button>
    </form>
  );
}
