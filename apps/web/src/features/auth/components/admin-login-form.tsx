import { useTranslation } from 'react-i18next';
import { CredentialFields } from '@/components/password-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useAdminLogin } from '../api/admin-login';
import { useSignInForm } from '../lib/use-sign-in-form';
import { TotpCodeField } from './totp-code-field';

/** Admin sign-in; for an account with two-factor sign-in a second step asks for the authenticator code. */
export function AdminLoginForm() {
  const { t } = useTranslation();
  const login = useAdminLogin();
  const { form, needsCode, failure, onSubmit, credential } = useSignInForm(login, (error) =>
    // A refusal keeps the server's words ('Admin access required'); anything else gets the spec's generic text.
    error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : t('auth.adminLogin.failed'),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {failure && <Alert tone="error">{translateMessage(failure)}</Alert>}
      <CredentialFields emailAutoComplete="username" email={credential('email')} password={credential('password')} />
      {needsCode && <TotpCodeField form={form} />}
      <Button type="submit" className="w-full" size="lg" loading={login.isPending}>
        {t('auth.login.submit')}
      </Button>
    </form>
  );
}
