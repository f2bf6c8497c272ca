import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CredentialFields } from '@/components/password-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useLogin } from '../api/login';
import { useSignInForm } from '../lib/use-sign-in-form';
import { TotpCodeField } from './totp-code-field';

/** E-mail and password sign-in; a failure shows the red 'Authentication Error' box (spec §8). */
export function LoginForm() {
  const { t } = useTranslation();
  const login = useLogin();
  const { form, needsCode, failure, onSubmit, credential } = useSignInForm(login, (error) =>
    errorMessage(error, t('auth.login.failed')),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {failure && (
        <Alert tone="error" title={t('auth.login.errorTitle')}>
          {translateMessage(failure)}
        </Alert>
      )}
      <CredentialFields
        emailAutoComplete="email"
        email={credential('email')}
        password={credential('password')}
        passwordFooter={
          <div className="text-right">
            <Link to="/forgot-password" className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
              {t('auth.login.forgotPassword')}
            </Link>
          </div>
        }
      />
      {needsCode && <TotpCodeField form={form} />}
      <Button type="submit" className="w-full" size="lg" loading={login.isPending}>
        {t('auth.login.submit')}
      </Button>
    </form>
  );
}
